import { APP_VERSION, type Role } from '@app/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';

/** SchoolStudent sees "powered by"; everyone else the copyright line with the version. */
export function Footer({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 3, py: 1.5, bgcolor: 'background.default', color: 'text.secondary', textAlign: 'center' }}>
      <Typography variant="body2">
        {role === 'SchoolStudent' ? t('poweredBy') : t('copyright', { year: new Date().getFullYear(), version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
