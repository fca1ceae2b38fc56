import type { CentreSummary, InvigilatorCode, PairingCode, SyncReason } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { dateTime } from '../../../lib/date-time';
import { useCentreList, useCentreSyncState, useCreatePairingCode, useIssueInvigilatorCode, useRequestResend } from '../api/centre-api';
import { centreErrorText } from '../model/centre-error';
import { ShownOnceCode } from './shown-once-code';
import { PendingButton } from '../../../components/pending-button';

/** Names people gave (institutes, centres, tests) inside a sentence: user data, in whatever language it was written. */
const USER_CONTENT = { u: <span data-user-content /> };

/** A name people gave, marked as user data. */
const UserText = ({ children }: { children: string }) => <span data-user-content>{children}</span>;

/** A date and time in the screen's language (Tamil on a 24-hour clock). */
const whenOf = (value: string, language: string) => dateTime(value, language);

function PairingSection({ institutes }: { institutes: { id: number; name: string }[] }) {
  const { t, i18n } = useTranslation('centre');
  const { t: tm } = useTranslation('messages');
  const language = i18n.language;
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState<PairingCode | null>(null);
  const create = useCreatePairingCode();
  const instituteId = chosen || (institutes.length === 1 ? String(institutes[0]!.id) : '');
  const instituteName = (id: number) => institutes.find((i) => i.id === id)?.name ?? '';
  return (
    <Stack spacing={2} component="section" aria-labelledby="centre-pairing-title">
      <Typography variant="h6" component="h2" id="centre-pairing-title">
        {t('pairingTitle')}
      </Typography>
      <Typography>{t('pairingText')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setShown(null);
          create.mutate(instituteId ? { instituteId: Number(instituteId) } : {}, { onSuccess: setShown });
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        {institutes.length > 1 && (
          <TextField select required label={t('institute')} value={instituteId} onChange={(event) => setChosen(event.target.value)} size="small" sx={{ minWidth: 240 }}>
            {institutes.map((institute) => (
              <MenuItem key={institute.id} value={String(institute.id)}>
                <UserText>{institute.name}</UserText>
              </MenuItem>
            ))}
          </TextField>
        )}
        <PendingButton type="submit" variant="contained" disabled={!instituteId} isPending={create.isPending}>
          {create.isPending ? t('creating') : t('createPairingCode')}
        </PendingButton>
      </Box>
      {create.isError && <Alert severity="error">{centreErrorText(create.error, (key) => tm(key))}</Alert>}
      {shown && (
        <ShownOnceCode
          label={t('pairingCodeLabel')}
          code={shown.code}
          text={<Trans ns="centre" i18nKey="pairingCodeShown" values={{ institute: instituteName(shown.instituteId), expires: whenOf(shown.expiresAt, language) }} components={USER_CONTENT} />}
        />
      )}
    </Stack>
  );
}

function InvigilatorCodeSection({ centres }: { centres: CentreSummary[] }) {
  const { t, i18n } = useTranslation('centre');
  const { t: tm } = useTranslation('messages');
  const language = i18n.language;
  const [centreId, setCentreId] = useState('');
  const [scheduleId, setScheduleId] = useState('');
  const [shown, setShown] = useState<InvigilatorCode | null>(null);
  const issue = useIssueInvigilatorCode();
  const centre = centres.find((c) => String(c.centreId) === centreId) ?? (centres.length === 1 ? centres[0] : undefined);
  const exams = centre?.upcomingExams ?? [];
  const exam = exams.find((e) => String(e.scheduleId) === scheduleId);
  const shownCentre = shown ? centres.find((c) => c.centreId === shown.centreId) : undefined;
  const shownExamTitle = shown ? (shownCentre?.upcomingExams.find((e) => e.scheduleId === shown.scheduleId)?.title ?? '') : '';
  return (
    <Stack spacing={2} component="section" aria-labelledby="centre-codes-title">
      <Typography variant="h6" component="h2" id="centre-codes-title">
        {t('codesTitle')}
      </Typography>
      <Alert severity="warning">{t('codesWarning')}</Alert>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!centre || !exam) return;
          setShown(null);
          issue.mutate({ centreId: centre.centreId, scheduleId: exam.scheduleId }, { onSuccess: setShown });
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          required
          label={t('centreField')}
          value={centre ? String(centre.centreId) : ''}
          onChange={(event) => {
            setCentreId(event.target.value);
            setScheduleId('');
          }}
          size="small"
          sx={{ minWidth: 220, maxWidth: '100%' }}
        >
          {centres.map((c) => (
            <MenuItem key={c.centreId} value={String(c.centreId)}>
              <UserText>{`${c.name} (${c.instituteName})`}</UserText>
            </MenuItem>
          ))}
        </TextField>
        {centre && exams.length > 0 && (
          <TextField select required label={t('examField')} value={exam ? scheduleId : ''} onChange={(event) => setScheduleId(event.target.value)} size="small" sx={{ minWidth: 280, maxWidth: '100%' }}>
            {exams.map((e) => (
              <MenuItem key={e.scheduleId} value={String(e.scheduleId)}>
                <UserText>{e.title}</UserText>
                {` — ${t('examOpens', { opens: whenOf(e.opensAt, language) })}`}
                {e.invigilatorCodes > 0 ? ` ${t('codesIssued', { count: e.invigilatorCodes })}` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <PendingButton type="submit" variant="contained" disabled={!centre || !exam} isPending={issue.isPending}>
          {issue.isPending ? t('issuing') : t('issueCode')}
        </PendingButton>
      </Box>
      {centre && exams.length === 0 && <Alert severity="info">{t('noUpcomingExams')}</Alert>}
      {issue.isError && <Alert severity="error">{centreErrorText(issue.error, (key) => tm(key))}</Alert>}
      {shown && (
        <ShownOnceCode
          label={t('invigilatorCodeLabel')}
          code={shown.code}
          text={<Trans ns="centre" i18nKey="invigilatorCodeShown" values={{ exam: shownExamTitle, centre: shownCentre?.name ?? '' }} components={USER_CONTENT} />}
        />
      )}
    </Stack>
  );
}

/**
 * One centre's damaged attempts (their chain arrived altered, cut or reordered), each with a button
 * that asks the centre for a fresh copy: the central side drops what it held, and the centre sends
 * the attempt again, whole, from its own records on its next sync (decision 070).
 */
function DamagedAttemptsSection({ centre, onClose }: { centre: CentreSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation('centre');
  const { t: tm } = useTranslation('messages');
  const language = i18n.language;
  const state = useCentreSyncState(centre.centreId);
  const resend = useRequestResend();
  const [asked, setAsked] = useState<string | null>(null);
  const items = state.data?.items ?? [];
  const damaged = items.filter((item) => item.state === 'damaged');
  const waiting = items.filter((item) => item.state === 'pending' && item.resendRequestedAt);
  const titleId = `centre-damaged-title-${centre.centreId}`;
  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId}>
      <Typography variant="h6" component="h2" id={titleId}>
        <Trans ns="centre" i18nKey="damagedTitle" values={{ centre: centre.name }} components={USER_CONTENT} />
      </Typography>
      <Typography>{t('damagedText')}</Typography>
      {state.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {state.isSuccess && damaged.length === 0 && <Alert severity="info">{t('damagedNone')}</Alert>}
      {damaged.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }} aria-label={t('damagedListLabel')}>
          {damaged.map((item) => (
            <Box component="li" key={item.centreAttemptId} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" component="span" id={`damaged-${item.centreAttemptId}`} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Trans
                  ns="centre"
                  i18nKey="damagedItem"
                  values={{
                    attempt: item.centreAttemptId,
                    reason: item.reason ? t(`syncReason.${item.reason as SyncReason}`) : t('causeUnknown'),
                    when: whenOf(item.updatedAt, language),
                  }}
                  components={USER_CONTENT}
                />
              </Typography>
              <PendingButton
                variant="outlined"
                size="small"
                isPending={resend.isPending && resend.variables?.centreAttemptId === item.centreAttemptId}
                disabled={resend.isPending}
                aria-describedby={`damaged-${item.centreAttemptId}`}
                onClick={() => {
                  setAsked(null);
                  resend.mutate({ centreId: centre.centreId, centreAttemptId: item.centreAttemptId }, { onSuccess: (result) => setAsked(result.centreAttemptId) });
                }}
              >
                {t('resend')}
              </PendingButton>
            </Box>
          ))}
        </Box>
      )}
      {asked && (
        <Alert severity="success" role="status">
          <Trans ns="centre" i18nKey="resendAsked" values={{ attempt: asked }} components={USER_CONTENT} />
        </Alert>
      )}
      {resend.isError && <Alert severity="error">{centreErrorText(resend.error, (key) => tm(key))}</Alert>}
      {waiting.length > 0 && <Typography variant="body2">{t('resendWaiting', { count: waiting.length })}</Typography>}
      <Box>
        <Button onClick={onClose}>{t('damagedClose')}</Button>
      </Box>
    </Stack>
  );
}

/**
 * Exam Centres on the central server (docs/centre.md), for institute administrators and the client
 * administrator within their reach: a pairing code (shown once), the paired centres with their last
 * contact and staged exams, and invigilator codes per exam and centre (shown once).
 */
export function ExamCentresScreen() {
  const { t, i18n } = useTranslation('centre');
  const language = i18n.language;
  const list = useCentreList();
  const centres = useMemo(() => list.data?.items ?? [], [list.data]);
  const [openCentreId, setOpenCentreId] = useState<number | null>(null);
  const openCentre = centres.find((c) => c.centreId === openCentreId);

  const columns = useMemo<ColumnDef<CentreSummary, unknown>[]>(
    () => [
      { id: 'name', header: t('centreName'), accessorFn: (row) => row.name, cell: ({ row }) => <UserText>{row.original.name}</UserText> },
      { id: 'institute', header: t('institute'), accessorFn: (row) => row.instituteName, cell: ({ row }) => <UserText>{row.original.instituteName}</UserText> },
      { id: 'pairedAt', header: t('pairedAt'), accessorFn: (row) => whenOf(row.pairedAt, language) },
      { id: 'lastContact', header: t('lastContact'), accessorFn: (row) => (row.lastContactAt ? whenOf(row.lastContactAt, language) : t('never')) },
      {
        id: 'sync',
        header: t('sync'),
        enableSorting: false,
        accessorFn: (row) => row.sync.lastSyncAt ?? '',
        cell: ({ row }) => {
          const { lastSyncAt, counts } = row.original.sync;
          return (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {lastSyncAt ? t('syncLast', { when: whenOf(lastSyncAt, language) }) : t('syncNever')}
              {lastSyncAt && (
                <Box component="span" sx={{ display: 'block', color: counts.damaged || counts.refused ? 'error.main' : undefined }}>
                  {t('syncCounts', counts)}
                </Box>
              )}
              {counts.damaged > 0 && (
                <Button size="small" sx={{ mt: 0.5 }} aria-expanded={openCentreId === row.original.centreId} onClick={() => setOpenCentreId(row.original.centreId)}>
                  {t('damagedOpen', { count: counts.damaged })}
                </Button>
              )}
            </Typography>
          );
        },
      },
      {
        id: 'staged',
        header: t('stagedExams'),
        enableSorting: false,
        accessorFn: (row) => row.stagedExams.length,
        cell: ({ row }) =>
          row.original.stagedExams.length === 0 ? (
            t('noneStaged')
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {row.original.stagedExams.map((exam) => (
                <li key={exam.scheduleId}>
                  <Typography variant="body2" component="span">
                    <UserText>{exam.title}</UserText>
                    {`: ${t('examStaged', { when: whenOf(exam.stagedAt, language) })}`}
                    {exam.keyReleasedAt ? `, ${t('keyReleased', { when: whenOf(exam.keyReleasedAt, language) })}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          ),
      },
    ],
    [t, language, openCentreId],
  );

  return (
    <Stack spacing={4}>
      <Typography>{t('centralIntro')}</Typography>
      <PairingSection institutes={list.data?.institutes ?? []} />
      <Stack spacing={2} component="section" aria-labelledby="centre-list-title">
        <Typography variant="h6" component="h2" id="centre-list-title">
          {t('centresTitle')}
        </Typography>
        <DataTable
          label={t('centresTableLabel')}
          columns={columns}
          rows={centres}
          getRowId={(row) => String(row.centreId)}
          isLoading={list.isPending}
          error={list.isError ? t('loadFailed') : null}
          onRetry={() => void list.refetch()}
          emptyText={t('noCentres')}
        />
      </Stack>
      {openCentre && <DamagedAttemptsSection key={openCentre.centreId} centre={openCentre} onClose={() => setOpenCentreId(null)} />}
      {centres.length > 0 && <InvigilatorCodeSection centres={centres} />}
    </Stack>
  );
}
