import { CENTRE_ROOM_REFRESH_MS, type CentreRoom, type CentreRoomStudent } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { PendingButton } from '../../../components/pending-button';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../hooks/use-notify';
import { ApiError } from '../../../lib/api-client';
import { dateTime } from '../../../lib/date-time';
import { useCentreRoom, useLocalSync } from '../api/centre-api';
import { centreErrorText } from '../model/centre-error';

const STATE_COLOR: Record<CentreRoomStudent['state'], 'default' | 'success' | 'error' | 'info'> = {
  notStarted: 'default',
  running: 'success',
  offline: 'error',
  submitted: 'info',
};

function Counts({ room }: { room: CentreRoom }) {
  const { t } = useTranslation('centre');
  const items = [
    ['countRostered', room.counts.rostered],
    ['countNotStarted', room.counts.notStarted],
    ['countRunning', room.counts.running],
    ['countOffline', room.counts.offline],
    ['countSubmitted', room.counts.submitted],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('roomCounts')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1, m: 0 }}
    >
      {items.map(([key, value]) => (
        <Paper
          key={key}
          variant="outlined"
          sx={{ p: 1.5, borderColor: key === 'countOffline' && value > 0 ? 'error.main' : undefined }}
          data-count={key}
        >
          <Typography component="dt" variant="body2">
            {t(key)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function SyncPanel({ room }: { room: CentreRoom }) {
  const { t, i18n } = useTranslation('centre');
  const { t: tm } = useTranslation('messages');
  const notify = useNotify();
  const sync = useLocalSync();
  return (
    <Stack spacing={1} component="section" aria-labelledby="centre-room-sync">
      <Typography variant="h6" component="h2" id="centre-room-sync">
        {t('syncTitle')}
      </Typography>
      <Typography variant="body2">
        {room.sync.lastSyncAt ? t('syncLast', { when: dateTime(room.sync.lastSyncAt, i18n.language) }) : t('syncNever')}
      </Typography>
      <Typography variant="body2">{t('syncSummary', { count: room.sync.sealed, ...room.sync.counts })}</Typography>
      <PendingButton
        variant="outlined"
        isPending={sync.isPending}
        onClick={() => sync.mutate(undefined, { onSuccess: () => notify.success(t('synced')) })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {sync.isPending ? t('syncing') : t('syncNow')}
      </PendingButton>
      {sync.isError && <Alert severity="error">{centreErrorText(sync.error, (key) => tm(key))}</Alert>}
    </Stack>
  );
}

/**
 * The invigilator's dashboard of one staged exam on a centre's server (docs/centre.md): each
 * rostered student not started, in, offline or submitted, with the last save, the outage credits
 * and the attempt's sync; the exam's sync with "Sync now". It looks again every few seconds.
 */
export function CentreRoomScreen({ scheduleId }: { scheduleId: number }) {
  const { t, i18n } = useTranslation('centre');
  const { t: tc } = useTranslation('common');
  const language = i18n.language;
  const room = useCentreRoom(scheduleId);
  const when = (value: string) => dateTime(value, language);

  const columns = useMemo<ColumnDef<CentreRoomStudent, unknown>[]>(() => {
    const when = (value: string) => dateTime(value, language);
    return [
      {
        id: 'name',
        header: t('colStudent'),
        accessorFn: (row) => row.name,
        cell: ({ row }) => <span data-user-content>{row.original.name}</span>,
      },
      { id: 'roll', header: t('colRoll'), accessorFn: (row) => row.rollNumber ?? '' },
      {
        id: 'state',
        header: t('colState'),
        accessorFn: (row) => row.state,
        cell: ({ row }) => {
          const s = row.original;
          const reason =
            s.state === 'submitted' && s.submitReason
              ? t(`submitReason.${s.submitReason}`, { defaultValue: s.submitReason })
              : null;
          return (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Chip
                size="small"
                color={STATE_COLOR[s.state]}
                variant={s.state === 'notStarted' ? 'outlined' : 'filled'}
                label={t(`state.${s.state}`)}
              />
              {reason && <Typography variant="caption">{reason}</Typography>}
              {s.state === 'offline' && s.lastSeenAt && (
                <Typography variant="caption">{t('lastSeen', { when: when(s.lastSeenAt) })}</Typography>
              )}
            </Stack>
          );
        },
      },
      {
        id: 'lastSave',
        header: t('colLastSave'),
        accessorFn: (row) => (row.lastSaveAt ? when(row.lastSaveAt) : row.attemptId ? t('noSave') : ''),
      },
      { id: 'answered', header: t('colAnswered'), accessorFn: (row) => row.answeredCount },
      {
        id: 'credits',
        header: t('colCredits'),
        enableSorting: false,
        accessorFn: (row) => row.credits.length,
        cell: ({ row }) =>
          row.original.credits.length === 0
            ? row.original.attemptId
              ? t('noCredit')
              : ''
            : row.original.credits.map((credit, index) => (
                <Typography key={index} variant="body2">
                  {t('credit', { seconds: Math.round(credit.seconds), cause: credit.cause ?? t('causeUnknown') })}
                </Typography>
              )),
      },
      {
        id: 'sync',
        header: t('colSync'),
        accessorFn: (row) => row.sync?.state ?? '',
        cell: ({ row }) => {
          const sync = row.original.sync;
          if (!sync) return row.original.state === 'submitted' ? t('syncNotSealed') : '';
          return [t(`syncState.${sync.state}`), sync.reason ? t(`syncReason.${sync.reason}`) : null]
            .filter(Boolean)
            .join(': ');
        },
      },
    ];
  }, [t, language]);

  if (room.isPending) return <CircularProgress aria-label={tc('loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (room.isError) {
    const notFound = room.error instanceof ApiError && room.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert
          severity="error"
          action={notFound ? undefined : <Button onClick={() => void room.refetch()}>{tc('retry')}</Button>}
        >
          {notFound ? t('roomNotFound') : t('loadFailed')}
        </Alert>
        <Button component={Link} to={paths.staff.centre.getHref()}>
          {t('roomBack')}
        </Button>
      </Stack>
    );
  }
  const data = room.data;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2" data-user-content>
          {data.title}
        </Typography>
        <Typography variant="body2">
          {[
            t('window', { opens: when(data.opensAt), closes: when(data.closesAt) }),
            data.durationMinutes ? t('duration', { count: data.durationMinutes }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="body2">{t('roomIntro', { seconds: CENTRE_ROOM_REFRESH_MS / 1000 })}</Typography>
        <Typography variant="body2">{t('roomUpdated', { when: when(data.serverNow) })}</Typography>
        <Button component={Link} to={paths.staff.centre.getHref()} sx={{ alignSelf: 'flex-start' }}>
          {t('roomBack')}
        </Button>
      </Stack>
      {!data.isUnlocked && <Alert severity="info">{t('roomLocked')}</Alert>}
      <Counts room={data} />
      {data.counts.offline > 0 && (
        <Alert severity="warning">{t('offlineHelp', { seconds: data.offlineAfterSeconds })}</Alert>
      )}
      <DataTable
        label={t('studentsTable')}
        columns={columns}
        rows={data.students}
        getRowId={(row) => String(row.userId)}
        emptyText={t('noStudents')}
      />
      <SyncPanel room={data} />
    </Stack>
  );
}
