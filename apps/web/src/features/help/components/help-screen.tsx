import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { paths } from '../../../config/paths';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <Typography component="ul" variant="body1" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Typography>
  );
}

/** Help for institution accounts (spec 000 §2 /help): what they see, how to read it, whom to ask. */
export function HelpScreen() {
  const { t } = useTranslation('help');
  const see = t('see', { returnObjects: true }) as string[];
  const read = t('read', { returnObjects: true }) as string[];
  const faq = t('faq', { returnObjects: true }) as Array<{ q: string; a: string }>;
  return (
    <PageCard title={t('title')}>
      <Stack spacing={3} sx={{ maxWidth: 820 }}>
        <Typography>{t('intro')}</Typography>
        <Section title={t('seeTitle')}>
          <List items={see} />
        </Section>
        <Section title={t('readTitle')}>
          <List items={read} />
        </Section>
        <Section title={t('contactTitle')}>
          <Typography>{t('contactText')}</Typography>
          <div>
            <Button component={RouterLink} to={paths.contactUs.getHref()} variant="outlined">
              {t('contactLink')}
            </Button>
          </div>
        </Section>
        <Section title={t('faqTitle')}>
          <div>
            {faq.map((item, index) => (
              <Accordion key={item.q} disableGutters>
                <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${index}-header`} aria-controls={`faq-${index}-content`}>
                  <Typography component="h3" variant="subtitle1">
                    {item.q}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails id={`faq-${index}-content`}>
                  <Typography>{item.a}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </div>
        </Section>
      </Stack>
    </PageCard>
  );
}
