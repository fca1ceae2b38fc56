import { CONFIGURABLE_ROLES, PERMISSION_TABS, type ConfigurableRole, type RoleConfig } from '@app/contracts';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSaveRoleConfig } from '../api/roles-api';
import { changedRoles, matrixOf, tabState, toggleAction, toggleTab, type RoleMatrix } from '../model/role-matrix';
import { PendingButton } from '../../../components/pending-button';

/**
 * Roles × tabs and actions, grouped by tab, each action with its meaning. Ticks are collected
 * and saved together; the server refuses a change that would leave nobody able to configure roles.
 */
export function RoleMatrixEditor({ config }: { config: RoleConfig }) {
  const { t } = useTranslation('roles');
  const saved = useMemo(() => matrixOf(config), [config]);
  const [edited, setEdited] = useState<RoleMatrix>(saved);
  const [savedFrom, setSavedFrom] = useState(config);
  const [reason, setReason] = useState('');
  const save = useSaveRoleConfig();
  // A new configuration from the server (after saving) replaces the edits.
  if (savedFrom !== config) {
    setSavedFrom(config);
    setEdited(saved);
  }
  const changes = changedRoles(saved, edited);
  const isReadOnly = !config.canEdit;
  const roleName = (role: ConfigurableRole) => t(`roles.${role}`);

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('matrixIntro')}</Typography>
      {isReadOnly && <Alert severity="info">{t('readOnly')}</Alert>}
      <TableContainer sx={{ maxHeight: '70vh', overflowX: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t('matrixLabel')}>
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={{ minWidth: 220 }}>
                {t('actionColumn')}
              </TableCell>
              {CONFIGURABLE_ROLES.map((role) => (
                <TableCell key={role} scope="col" align="center" sx={{ minWidth: 96 }}>
                  {roleName(role)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {PERMISSION_TABS.map((tab) => (
              <Fragment key={tab.tabName}>
                <TableRow sx={{ bgcolor: 'action.hover' }}>
                  <TableCell component="th" scope="row">
                    <Typography variant="subtitle2" component="span">
                      {t(`tabs.${tab.tabName}`)}
                    </Typography>
                  </TableCell>
                  {CONFIGURABLE_ROLES.map((role) => {
                    const state = tabState(edited, role, tab.tabName);
                    return (
                      <TableCell key={role} align="center" padding="checkbox">
                        <Checkbox
                          checked={state === 'all'}
                          // Drawn as "partly"; the native input says "mixed" itself (MUI's aria-checked on a checkbox input is invalid).
                          icon={state === 'some' ? <IndeterminateCheckBoxIcon /> : undefined}
                          inputRef={(input: HTMLInputElement | null) => {
                            if (input) input.indeterminate = state === 'some';
                          }}
                          disabled={isReadOnly}
                          onChange={() => setEdited((current) => toggleTab(current, role, tab.tabName))}
                          slotProps={{ input: { 'aria-label': t('wholeTab', { tab: t(`tabs.${tab.tabName}`), role: roleName(role) }) } }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
                {tab.actions.map((action) => (
                  <TableRow key={action}>
                    <TableCell component="th" scope="row" sx={{ pl: 4 }}>
                      <Typography variant="body2">{t(`actions.${action}`)}</Typography>
                    </TableCell>
                    {CONFIGURABLE_ROLES.map((role) => (
                      <TableCell key={role} align="center" padding="checkbox">
                        <Checkbox
                          checked={edited[role].has(action)}
                          disabled={isReadOnly}
                          onChange={() => setEdited((current) => toggleAction(current, role, action))}
                          slotProps={{ input: { 'aria-label': t('actionFor', { action: t(`actions.${action}`), role: roleName(role) }) } }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!isReadOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField
            label={t('reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            size="small"
            sx={{ flex: 1, minWidth: { sm: 320 } }}
          />
          <Typography variant="body2" role="status" color="text.secondary">
            {changes.length ? t('unsaved', { count: changes.length }) : t('noChanges')}
          </Typography>
          <Button onClick={() => setEdited(saved)} disabled={!changes.length || save.isPending}>
            {t('reset')}
          </Button>
          <PendingButton
            isPending={save.isPending}
            variant="contained"
            disabled={!changes.length || save.isPending}
            onClick={() => save.mutate({ roles: changes, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: () => setReason('') })}
          >
            {t('save')}
          </PendingButton>
        </Stack>
      )}
    </Stack>
  );
}
