import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { ApiError } from '../../../lib/api-client';
import { useCalibratedItems, useCalibrationScopes, useStartCalibration, type ScopeId } from '../api/calibration-api';
import { CalibratedItemsTable } from './calibrated-items-table';
import { CalibrationJobPanel } from './calibration-job-panel';
import { CalibrationStartForm } from './calibration-start-form';

const CLIENT_BANK = 'bank';

/** The plain-language note of what the figures mean. */
function FiguresNote() {
  const { t } = useTranslation('psychometrics');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('help.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {(['difficulty', 'discrimination', 'guessing', 'se', 'fit', 'drift', 'wrongKey', 'states'] as const).map((key) => (
          <Typography key={key} component="li" variant="body2">
            {t(`help.${key}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /item-calibration (administrators, issue 36): choose the scope (a client administrator: an
 * institute or the whole client bank; an institute administrator: their own), start a tracked
 * calibration, follow it to its summary, and read each item version's estimates and flags.
 */
export function ItemCalibrationScreen() {
  const { t } = useTranslation('psychometrics');
  const scopes = useCalibrationScopes();
  const [chosen, setChosen] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartCalibration();

  const institutes = scopes.data?.institutes ?? [];
  const hasClientBank = scopes.data?.hasClientBank ?? false;
  // A client administrator starts on the whole bank; an institute administrator has only their own.
  const scopeValue = chosen ?? (hasClientBank ? CLIENT_BANK : String(institutes[0]?.id ?? ''));
  const instituteId: ScopeId = scopeValue === CLIENT_BANK || scopeValue === '' ? null : Number(scopeValue);
  const items = useCalibratedItems(instituteId, scopes.isSuccess);

  const startError = start.error instanceof ApiError || start.error instanceof Error ? start.error.message : null;
  const itemsError = items.error instanceof Error ? items.error.message || t('table.loadFailed') : items.isError ? t('table.loadFailed') : null;

  return (
    <PageCard title={t('title')}>
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
        {hasClientBank ? (
          <TextField
            select
            size="small"
            label={t('scope')}
            value={scopeValue}
            onChange={(event) => {
              setChosen(event.target.value);
              setJobId(null);
              start.reset();
            }}
            sx={{ maxWidth: 480 }}
          >
            <MenuItem value={CLIENT_BANK}>{t('clientBank')}</MenuItem>
            {institutes.map((institute) => (
              <MenuItem key={institute.id} value={String(institute.id)}>
                {institute.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          institutes[0] && <Typography>{t('ownInstitute', { name: institutes[0].name })}</Typography>
        )}
        <CalibrationStartForm
          isPending={start.isPending}
          error={startError}
          onStart={(body) => start.mutate({ ...body, instituteId }, { onSuccess: (result) => setJobId(result.jobId) })}
        />
        {jobId && <CalibrationJobPanel key={jobId} jobId={jobId} />}
        <Divider />
        <CalibratedItemsTable items={items.data?.items ?? []} isLoading={items.isFetching || scopes.isLoading} error={itemsError ?? (scopes.isError ? t('table.loadFailed') : null)} onRetry={() => void (scopes.isError ? scopes.refetch() : items.refetch())} />
        <FiguresNote />
      </Stack>
    </PageCard>
  );
}
