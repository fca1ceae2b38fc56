import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { useMetabaseEmbed } from '../api/family-reports-api';
import { DashboardLoading } from '../../shared/components/student-dashboard';

/** /metabase: the institute's Metabase dashboard (signed embedding), or how to configure it. */
export function BiReports() {
  const { t, i18n } = useTranslation('familyReports');
  const embed = useMetabaseEmbed();
  const locale = i18n.language === 'tn' ? 'ta-IN' : 'en-IN';
  const body = () => {
    if (embed.isLoading) return <DashboardLoading />;
    if (embed.error) return <Alert severity="error">{(embed.error as Error).message}</Alert>;
    const data = embed.data!;
    if (!data.configured || !data.url) {
      return (
        <Alert severity="info" data-testid="bi-not-configured">
          <Typography component="p" sx={{ fontWeight: 600 }} gutterBottom>
            {t('bi.notConfigured')}
          </Typography>
          <Typography component="p">{t('bi.howTo')}</Typography>
        </Alert>
      );
    }
    return (
      <>
        <Typography color="text.secondary">{t('bi.expires', { time: new Date(data.expiresAt!).toLocaleTimeString(locale, { timeStyle: 'short' }) })}</Typography>
        <Box component="iframe" title={t('bi.frame')} src={data.url} sx={{ width: '100%', minHeight: 600, height: '75vh', border: 0 }} />
      </>
    );
  };
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {t('bi.title')}
      </Typography>
      {body()}
    </Box>
  );
}
