import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
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
