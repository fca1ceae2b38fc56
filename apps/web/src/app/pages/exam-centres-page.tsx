import { ADMIN_ROLES } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../lib/translation';
import { useParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { PageCard } from '../../components/layout/page-card';
import { useServerRole } from '../../hooks/use-server-role';
import { useSessionUser } from '../../hooks/use-session-user';
import { CentreRoomScreen, CentreScreen, ExamCentresScreen, PreExamCheckScreen } from '../../features/centre';

/** Until the server's role is known. */
function Loading() {
  const { t } = useTranslation('common');
  return <CircularProgress aria-label={t('loading')} sx={{ display: 'block', mx: 'auto' }} />;
}

/** Exam Centres (/centres) on the central server, for administrators (docs/centre.md). */
export function ExamCentresPage() {
  const { t } = useTranslation(['centre', 'common']);
  const user = useSessionUser();
  const role = useServerRole();
  const isAdmin = (ADMIN_ROLES as readonly string[]).includes(user?.role ?? '');
  return (
    <PageCard title={t('common:pageTitles.examCentres')}>
      {!role ? <Loading /> : role === 'centre' ? <Alert severity="info">{t('centre:wrongServerCentre')}</Alert> : !isAdmin ? <Alert severity="info">{t('centre:adminsOnly')}</Alert> : <ExamCentresScreen />}
    </PageCard>
  );
}

/** Exam Centre (/centre) on a centre's own server, for its administrator and invigilators. */
export function CentrePage() {
  const { t } = useTranslation(['centre', 'common']);
  const role = useServerRole();
  return (
    <PageCard title={t('common:pageTitles.centre')}>
      {!role ? <Loading /> : role === 'central' ? <Alert severity="info">{t('centre:wrongServerCentral')}</Alert> : <CentreScreen />}
    </PageCard>
  );
}

/** The invigilator's dashboard of one staged exam (/centre/exams/:scheduleId), on a centre's server. */
export function CentreRoomPage() {
  const { t } = useTranslation(['centre', 'common']);
  const role = useServerRole();
  const scheduleId = Number(useParams().scheduleId);
  return (
    <PageCard title={t('common:pageTitles.centreRoom')}>
      {!role ? (
        <Loading />
      ) : role === 'central' ? (
        <Alert severity="info">{t('centre:wrongServerCentral')}</Alert>
      ) : Number.isInteger(scheduleId) && scheduleId > 0 ? (
        <CentreRoomScreen key={scheduleId} scheduleId={scheduleId} />
      ) : (
        <Alert severity="error">{t('centre:roomNotFound')}</Alert>
      )}
    </PageCard>
  );
}

/** A lab machine's pre-exam check (/centre/check): public, so it runs before anyone signs in on the machine. */
export function CentreCheckPage() {
  const { t } = useTranslation(['centre', 'common']);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1 }}>
        <LanguageSwitch color="primary" />
      </Box>
      <Box component="main" sx={{ maxWidth: 960, mx: 'auto', p: { xs: 1, sm: 2 } }}>
        <PageCard title={t('common:pageTitles.centreCheck')}>
          <PreExamCheckScreen />
        </PageCard>
      </Box>
    </Box>
  );
}
