import type { AuthoringQuestion } from '@app/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { formatDateChip } from '../../../lib/date-time';

/** Every version of the question, newest first; any can be opened (read-only when past). */
export function VersionHistory({ question, onView }: { question: AuthoringQuestion; onView: (version: number) => void }) {
  const { t, i18n } = useTranslation('questionBank');
  const versions = [...question.versions].sort((a, b) => b.version - a.version);
  if (versions.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <section aria-labelledby="question-history-heading">
      <Typography id="question-history-heading" variant="subtitle1" component="h2">
        {t('history.title')}
      </Typography>
      <List>
        {versions.map((version) => (
          <ListItem
            key={version.version}
            divider
            secondaryAction={
              <Button size="small" onClick={() => onView(version.version)} aria-label={t('history.view', { version: version.version })}>
                {t('open')}
              </Button>
            }
          >
            <ListItemText
              primary={
                <>
                  {t('history.version', { version: version.version })}{' '}
                  {version.version === question.currentVersion && <Chip size="small" color="primary" label={t('history.current')} />}
                </>
              }
              secondary={[formatDateChip(version.createdAt, i18n.language), version.createdByName ? t('history.by', { name: version.createdByName }) : null, version.changeNote]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
