import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: { xs: 2, sm: 4 } }}>
      <div>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', sm: '3rem' }, overflowWrap: 'anywhere' }}>
          {t('notFoundTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFoundText')}
        </Typography>
        <Button variant="contained" component={Link} to={paths.root.getHref()}>
          {t('goHome')}
        </Button>
      </div>
    </Box>
  );
}
