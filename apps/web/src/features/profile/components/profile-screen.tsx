import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { useNotify } from '../../../hooks/use-notify';
import { useParentInfo, useUpdateParentInfo, useUpdateUserInfo, useUserInfo } from '../api/profile-api';
import { ParentInfoForm } from './parent-info-form';
import { StudentInfoForm } from './student-info-form';

/** /profile (Students): view and edit the student profile and the parent details. */
export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const [tab, setTab] = useState(0);
  const [isEditing, setIsEditing] = useState(false);
  const userInfo = useUserInfo();
  const parentInfo = useParentInfo();
  const updateUser = useUpdateUserInfo();
  const updateParent = useUpdateParentInfo();

  const isLoading = userInfo.isPending || parentInfo.isPending;
  return (
    <PageCard
      title={t('profileTitle')}
      toolbar={
        tab === 0 && !isEditing && userInfo.data ? (
          <Button variant="outlined" onClick={() => setIsEditing(true)}>
            {t('edit')}
          </Button>
        ) : null
      }
    >
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ mb: 3 }}>
        <Tab label={t('studentInfo')} />
        <Tab label={t('parentsInfo')} />
      </Tabs>
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : userInfo.isError || parentInfo.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : tab === 0 ? (
        <StudentInfoForm
          key={isEditing ? 'edit' : 'view'}
          info={userInfo.data}
          isReadOnly={!isEditing}
          submitLabel={t('save')}
          extraActions={<Button onClick={() => setIsEditing(false)}>{t('cancel')}</Button>}
          onSubmit={async (values) => {
            try {
              const { message } = await updateUser.mutateAsync(values);
              notify.success(message || t('profileSaved'));
              setIsEditing(false);
            } catch (error) {
              notify.apiError(error);
            }
          }}
        />
      ) : (
        <ParentInfoForm
          info={parentInfo.data}
          submitLabel={t('save')}
          onSubmit={async (values) => {
            try {
              const { message } = await updateParent.mutateAsync(values);
              notify.success(message || t('parentSaved'));
            } catch (error) {
              notify.apiError(error);
            }
          }}
        />
      )}
    </PageCard>
  );
}
