import { ADMIN_ROLES } from '@app/contracts';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/layout/page-card';
import { useServerRole } from '../../hooks/use-server-role';
import { useSessionUser } from '../../hooks/use-session-user';
import { CentreScreen, ExamCentresScreen } from '../../features/centre';

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
