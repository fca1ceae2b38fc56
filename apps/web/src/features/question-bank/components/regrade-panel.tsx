import type { AuthoringQuestion, RegradeResult } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ConfirmDialog } from '../../../components/workspace/confirm-dialog';
import { formatDateChip } from '../../../lib/date-time';
import { useRegradeQuestion, useRegrades } from '../api/question-bank-api';
import { formatChange, summarizeRegrade } from '../model/regrade-summary';
import { PendingButton } from '../../../components/pending-button';

function AttemptTable({ result }: { result: RegradeResult }) {
  const { t } = useTranslation('questionBank');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('regrade.title')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('regrade.attempt')}</TableCell>
            <TableCell scope="col">{t('regrade.student')}</TableCell>
            <TableCell scope="col">{t('regrade.from')}</TableCell>
            <TableCell scope="col">{t('regrade.before')}</TableCell>
            <TableCell scope="col">{t('regrade.after')}</TableCell>
            <TableCell scope="col">{t('regrade.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.attempts.map((attempt) => (
            <TableRow key={attempt.attemptId}>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>{attempt.attemptId.slice(0, 8)}</TableCell>
              <TableCell>{attempt.userId}</TableCell>
              <TableCell>{attempt.fromVersion}</TableCell>
              <TableCell>{attempt.oldScored ?? '—'}</TableCell>
              <TableCell>{attempt.newScored ?? '—'}</TableCell>
              <TableCell>{formatChange(attempt.oldScored, attempt.newScored)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Regrade after a key change: a dry run first shows how many attempts change score and by how
 * much; applying writes the new scores and logs them. Past regrades are listed below.
 */
export function RegradePanel({ question }: { question: AuthoringQuestion }) {
  const { t, i18n } = useTranslation('questionBank');
  const { t: tc } = useTranslation();
  const regrades = useRegrades(question.questionId);
  const regrade = useRegradeQuestion(question.questionId);
  const [fromVersion, setFromVersion] = useState<number | ''>('');
  const [checked, setChecked] = useState<RegradeResult | null>(null);
  const [applied, setApplied] = useState<RegradeResult | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const olderVersions = question.versions.map((v) => v.version).filter((v) => v < question.currentVersion);
  const body = { questionId: question.questionId, ...(fromVersion === '' ? {} : { fromVersion }) };
  const summary = checked ? summarizeRegrade(checked.attempts) : null;

  const handleCheck = () => {
    setApplied(null);
    regrade.mutate({ ...body, dryRun: true }, { onSuccess: setChecked });
  };
  const handleApply = () => {
    setIsConfirming(false);
    regrade.mutate(body, {
      onSuccess: (result) => {
        setApplied(result);
        setChecked(null);
      },
    });
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('regrade.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('regrade.fromVersion')}
          value={fromVersion}
          onChange={(event) => {
            setFromVersion(event.target.value === '' ? '' : Number(event.target.value));
            setChecked(null);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('regrade.allOlder')}</MenuItem>
          {olderVersions.map((version) => (
            <MenuItem key={version} value={version}>
              {t('regrade.onlyVersion', { version })}
            </MenuItem>
          ))}
        </TextField>
        <PendingButton variant="outlined" onClick={handleCheck} isPending={regrade.isPending}>
          {t('regrade.check')}
        </PendingButton>
        {checked && summary && summary.count > 0 && (
          <PendingButton variant="contained" color="warning" onClick={() => setIsConfirming(true)} isPending={regrade.isPending}>
            {t('regrade.apply', { count: summary.count })}
          </PendingButton>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('regrade.dryRunNote')}
      </Typography>
      {checked && summary && (
        <Box role="status">
          {summary.count === 0 ? (
            <Alert severity="info">{t('regrade.none')}</Alert>
          ) : (
            <Stack spacing={1}>
              <Alert severity="info">{t('regrade.summary', { count: summary.count, changed: summary.changed, delta: formatChange(0, summary.delta) })}</Alert>
              <AttemptTable result={checked} />
            </Stack>
          )}
          {checked.outsideReach > 0 && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('regrade.outsideReach', { count: checked.outsideReach })}
            </Alert>
          )}
        </Box>
      )}
      {applied && (
        <Box role="status">
          <Alert severity="success">{t('regrade.done', { count: applied.attempts.length })}</Alert>
          {applied.attempts.length > 0 && <AttemptTable result={applied} />}
        </Box>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        text={t('regrade.confirm')}
        cancelText={tc('cancel')}
        confirmText={t('regrade.apply', { count: summary?.count ?? 0 })}
        onConfirm={handleApply}
        onClose={() => setIsConfirming(false)}
      />
      <section aria-labelledby="question-regrades-heading">
        <Typography id="question-regrades-heading" variant="subtitle1" component="h2">
          {t('regrade.past')}
        </Typography>
        {regrades.data && regrades.data.length === 0 && <Typography color="text.secondary">{t('regrade.pastEmpty')}</Typography>}
        <List dense>
          {(regrades.data ?? []).map((log) => (
            <ListItem key={log.regradeId} divider>
              <ListItemText
                primary={t('regrade.pastEntry', {
                  date: formatDateChip(log.createdAt, i18n.language),
                  from: log.fromVersion ?? t('regrade.anyVersion'),
                  to: log.toVersion,
                  count: log.attempts.length,
                  name: log.actorName ?? t('regrade.someone'),
                })}
                secondary={(() => {
                  const s = summarizeRegrade(log.attempts);
                  return t('regrade.summary', { count: s.count, changed: s.changed, delta: formatChange(0, s.delta) });
                })()}
              />
            </ListItem>
          ))}
        </List>
      </section>
    </Stack>
  );
}
