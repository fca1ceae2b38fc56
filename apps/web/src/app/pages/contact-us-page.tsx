import { ADMIN_ROLES } from '@app/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PageCard } from '../../components/layout/page-card';
import { useSessionUser } from '../../hooks/use-session-user';
import { ContactForm, MyMessages, SupportInbox } from '../../features/support';

/**
 * Contact Us (spec 000 §2 /contactus), for staff and the Institution account: a message to the
 * institute's administrators and the sender's own messages; administrators also get the inbox
 * (`?tab=inbox`).
 */
export function ContactUsPage() {
  const { t } = useTranslation('support');
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const isAdmin = (ADMIN_ROLES as readonly string[]).includes(user?.role ?? '');
  const section = isAdmin && params.get('tab') === 'inbox' ? 'inbox' : 'write';
  return (
    <PageCard title={t('title')}>
      {isAdmin && (
        <Tabs
          value={section}
          onChange={(_, next: string) => setParams(next === 'inbox' ? { tab: 'inbox' } : {}, { replace: true })}
          aria-label={t('title')}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="write" label={t('sectionWrite')} id="contact-tab-write" aria-controls="contact-panel" />
          <Tab value="inbox" label={t('sectionInbox')} id="contact-tab-inbox" aria-controls="contact-panel" />
        </Tabs>
      )}
      <Box id="contact-panel" role={isAdmin ? 'tabpanel' : undefined} aria-labelledby={isAdmin ? `contact-tab-${section}` : undefined}>
        {section === 'inbox' ? (
          <SupportInbox />
        ) : (
          <Stack spacing={3}>
            <Typography>{t('intro')}</Typography>
            <Box sx={{ maxWidth: 720 }}>
              <ContactForm />
            </Box>
            <Typography variant="h6" component="h2">
              {t('sectionMine')}
            </Typography>
            <MyMessages />
          </Stack>
        )}
      </Box>
    </PageCard>
  );
}
