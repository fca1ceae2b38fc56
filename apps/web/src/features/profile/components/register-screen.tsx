import { STORAGE_KEYS } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { useNotify } from '../../../hooks/use-notify';
import { useParentInfo, useRegisterStudent, useUpdateParentInfo, useUserInfo } from '../api/profile-api';
import { ParentInfoForm } from './parent-info-form';
import { StudentInfoForm } from './student-info-form';
import { paths } from '../../../config/paths';

/** /register?tab=0|1: Students Info, Next → Parents Info, Submit → /academy/courses. */
export function RegisterScreen() {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === '1' ? 1 : 0;
  const userInfo = useUserInfo();
  const parentInfo = useParentInfo();
  const register = useRegisterStudent();
  const updateParent = useUpdateParentInfo();
  const goToTab = (next: number) => setParams({ tab: String(next) });

  return (
    <PageCard title={t('registerTitle')}>
      <Tabs value={tab} onChange={(_, value: number) => goToTab(value)} sx={{ mb: 3 }}>
        <Tab label={t('studentInfo')} />
        <Tab label={t('parentsInfo')} />
      </Tabs>
      {userInfo.isPending || parentInfo.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : userInfo.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : tab === 0 ? (
        <StudentInfoForm
          info={userInfo.data}
          submitLabel={t('next')}
          onSubmit={async (values) => {
            try {
              const result = await register.mutateAsync(values);
              localStorage.setItem(STORAGE_KEYS.studentId, String(result.body.id));
              goToTab(1);
            } catch (error) {
              notify.apiError(error);
            }
          }}
        />
      ) : (
        <ParentInfoForm
          info={parentInfo.data}
          submitLabel={t('submit')}
          extraActions={<Button onClick={() => goToTab(0)}>{t('back')}</Button>}
          onSubmit={async (values) => {
            try {
              await updateParent.mutateAsync(values);
              navigate(paths.academy.courses.getHref());
            } catch (error) {
              notify.apiError(error);
            }
          }}
        />
      )}
    </PageCard>
  );
}
