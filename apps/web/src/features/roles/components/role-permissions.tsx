import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../../../lib/translation';
import { useRoleConfig } from '../api/roles-api';
import { RoleMatrixEditor } from './role-matrix';

/** The permissions panel of Role Configuration: loads the client's matrix and edits it. */
export function RolePermissions() {
  const { t } = useTranslation('roles');
  const config = useRoleConfig();
  if (config.isPending) return <CircularProgress aria-label={t('matrixLabel')} />;
  if (config.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void config.refetch()}>{t('common:retry')}</Button>}>
        {t('loadFailed')}
      </Alert>
    );
  return <RoleMatrixEditor config={config.data} />;
}
