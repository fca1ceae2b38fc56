import type { CsvImportResult, CsvPreview } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { useNotify } from '../../../hooks/use-notify';
import { previewCsv, sendWelcomeLinks, uploadCsv, useImportJob } from '../api/students-api';
import { studentsKeys } from '../api/students-keys';
import { CSV_TEMPLATE_COLUMNS, canImport, exampleCsvHref, parseInstitutionIds, problemsByRow } from '../model/csv-preview';
import { PendingButton } from '../../../components/pending-button';

/** The roster upload: the template, a check of the whole file (nothing written), then the import job with its progress. */
export function CsvUploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('students');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [idsText, setIdsText] = useState('');
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [busyWith, setBusyWith] = useState<'check' | 'import' | 'resend' | null>(null);
  const isBusy = busyWith !== null;
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId).data;
  const institutionIds = parseInstitutionIds(idsText);
  const rows = preview ? problemsByRow(preview.errors) : [];
  const isDone = job?.state === 'succeeded';
  const result = isDone ? (job.result as CsvImportResult | null) : null;
  // Whom the set-password message has not reached: the import's list, then what a resend left.
  const [unsent, setUnsent] = useState<string[] | null>(null);
  const stillUnsent = unsent ?? result?.unsent ?? [];
  // A chosen file or typed institutes are work until the import has started (it then runs on its own).
  const isDirty = jobId === null && (file !== null || idsText !== '');

  useEffect(() => {
    if (job?.state === 'succeeded' || job?.state === 'failed') void queryClient.invalidateQueries({ queryKey: studentsKeys.all });
  }, [job?.state, queryClient]);

  const handleCheck = async () => {
    if (!file || !institutionIds) return;
    setBusyWith('check');
    try {
      setPreview(await previewCsv(file, institutionIds));
    } catch (error) {
      setPreview(null);
      notify.apiError(error);
    } finally {
      setBusyWith(null);
    }
  };
  const handleResend = async () => {
    setBusyWith('resend');
    try {
      const sent = await sendWelcomeLinks(stillUnsent);
      setUnsent(sent.body.unsent);
      notify.success(sent.message);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusyWith(null);
    }
  };
  const handleImport = async () => {
    if (!file || !institutionIds) return;
    setBusyWith('import');
    try {
      setJobId((await uploadCsv(file, institutionIds)).jobId);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusyWith(null);
    }
  };

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={t('csvTitle')} maxWidth="md">
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('csvTemplateIntro')}
        </Typography>
        <Table size="small" aria-label={t('csvTitle')} sx={{ mb: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('csvColumn')}</TableCell>
              <TableCell scope="col">{t('csvRequired')}</TableCell>
              <TableCell scope="col">{t('csvFormat')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {CSV_TEMPLATE_COLUMNS.map((column) => (
              <TableRow key={column.name}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{column.name}</TableCell>
                <TableCell>{column.required ? t('yes') : t('no')}</TableCell>
                <TableCell>{t(`csvFormats.${column.name}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Link href={exampleCsvHref()} download="students-example.csv">
          {t('downloadExample')}
        </Link>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }} alignItems={{ sm: 'center' }}>
          {/* A real button opens the picker, so the keyboard reaches it; the input itself stays hidden. */}
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            {t('chooseFile')}
          </Button>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('chooseFile')}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
              setJobId(null);
              event.target.value = '';
            }}
          />
          <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
            {file?.name}
          </Typography>
          <TextField
            size="small"
            label={t('institutionIds')}
            value={idsText}
            onChange={(event) => setIdsText(event.target.value)}
            error={institutionIds === null}
            placeholder="12, 14"
          />
        </Stack>
        {preview && (
          <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
            <Alert severity={preview.errors.length ? 'error' : 'success'}>
              {t('previewSummary', { valid: preview.valid, total: preview.total })} {preview.errors.length > 0 && t('previewErrors')}
            </Alert>
            {rows.length > 0 && (
              <Table size="small" aria-label={t('previewErrors')}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{t('row')}</TableCell>
                    <TableCell scope="col">{t('problem')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.row} data-testid={`csv-row-${row.row}`}>
                      <TableCell>{row.row}</TableCell>
                      <TableCell>
                        {row.problems.map((problem) => (
                          <div key={`${problem.column}-${problem.message}`}>
                            {problem.column && <strong>{problem.column}: </strong>}
                            {problem.message}
                          </div>
                        ))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
        {job && (
          <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
            {job.state === 'failed' ? (
              <Alert severity="error">{t('importFailed', { message: job.failure ?? '' })}</Alert>
            ) : isDone ? (
              <>
                <Alert severity="success">{t('imported', { count: result?.imported ?? 0 })}</Alert>
                {stillUnsent.length > 0 && (
                  <Alert
                    severity="warning"
                    action={
                      <PendingButton color="inherit" size="small" isPending={busyWith === 'resend'} onClick={() => void handleResend()} disabled={isBusy}>
                        {t('sendLinksAgain')}
                      </PendingButton>
                    }
                  >
                    {t('unsentLinks', { count: stillUnsent.length, names: stillUnsent.join(', ') })}
                  </Alert>
                )}
              </>
            ) : (
              <>
                <Typography variant="body2">{t('importing', { done: job.progress.done, total: job.progress.total ?? preview?.total ?? 0 })}</Typography>
                <LinearProgress
                  variant={job.progress.total ? 'determinate' : 'indeterminate'}
                  value={job.progress.total ? (100 * job.progress.done) / job.progress.total : undefined}
                  aria-label={t('importing', { done: job.progress.done, total: job.progress.total ?? 0 })}
                />
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <PendingButton isPending={busyWith === 'check'} onClick={() => void handleCheck()} disabled={!file || institutionIds === null || isBusy || jobId !== null}>
          {t('preview')}
        </PendingButton>
        <PendingButton isPending={busyWith === 'import'} variant="contained" onClick={() => void handleImport()} disabled={!canImport(preview) || isBusy || jobId !== null}>
          {t('importAll', { count: preview?.valid ?? 0 })}
        </PendingButton>
      </DialogActions>
    </WorkDialog>
  );
}
