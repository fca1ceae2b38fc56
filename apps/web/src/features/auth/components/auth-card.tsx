import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { LanguageSwitch } from '../../../components/language-switch';

/** The frame of every public screen: brand, language switch and a centred card. */
export function AuthCard({ title, children, width = 460 }: { title: string; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5, bgcolor: '#0f172a', color: '#fff' }}
      >
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t('appName')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper elevation={2} sx={{ width: '100%', minWidth: 0, maxWidth: width, p: { xs: 2, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
