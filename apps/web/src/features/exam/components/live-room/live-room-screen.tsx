import type { LiveStudent } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AlarmAddIcon from '@mui/icons-material/AlarmAdd';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { DataTable, type ColumnDef, type RowAction } from '../../../../components/data-table/data-table';
import { PageCard } from '../../../../components/layout/page-card';
import { useLiveRoom, useLiveRoomAction } from '../../api/live-room-api';
import {
  actionsFor,
  connectionOf,
  filterStudents,
  formatRemaining,
  remainingSecondsAt,
  serverClockOf,
  serverNowAt,
  sortStudents,
  summarise,
  type Connection,
  type LiveAction,
} from '../../model/live-room';
import { LiveRoomActionDialog } from './live-room-action-dialog';

const TICK_MS = 1_000;
const CONNECTION_COLOR: Record<Connection, 'success' | 'warning' | 'error' | 'default'> = { online: 'success', idle: 'warning', offline: 'error', none: 'default' };

export interface CameraViewProps {
  attemptId: string;
  studentName: string;
  onClose: () => void;
}

/**
 * A running test, live: each student in the supervisor's reach with their state, connection,
 * answered count and remaining time on the server's clock (polled), and the supervisor's actions.
 * Camera frames come from the page (proctoring), through renderCamera.
 */
export function LiveRoomScreen({ taskId, onBack, renderCamera }: { taskId: number; onBack: () => void; renderCamera?: (props: CameraViewProps) => ReactNode }) {
  const { t, i18n } = useTranslation('exam');
  const roomQuery = useLiveRoom(taskId);
  const action = useLiveRoomAction(taskId);
  const [clientNow, setClientNow] = useState(() => Date.now());
  const [stateFilter, setStateFilter] = useState<LiveStudent['state'] | 'all'>('all');
  const [pending, setPending] = useState<{ action: LiveAction; student: LiveStudent } | null>(null);
  const [camera, setCamera] = useState<LiveStudent | null>(null);

  useEffect(() => {
    const id = window.setInterval(() => setClientNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  const data = roomQuery.data;
  const serverNow = data ? serverNowAt(serverClockOf(data.room, data.receivedAt), clientNow) : clientNow;
  const room = data?.room;
  const students = useMemo(
    () => (room ? sortStudents(filterStudents(room.students, { text: '', state: stateFilter }), Date.parse(room.serverNow)) : []),
    [room, stateFilter],
  );
  const summary = room ? summarise(room.students, serverNow) : null;
  // Tamil on a 24-hour clock: the browser's Tamil time otherwise ends in the English "AM"/"PM".
  const time = (iso: string | number) =>
    i18n.language === 'tn' ? new Date(iso).toLocaleTimeString('ta-IN', { hourCycle: 'h23' }) : new Date(iso).toLocaleTimeString('en-IN');

  const columns: ColumnDef<LiveStudent, unknown>[] = [
    { id: 'student', header: t('liveRoom.student'), accessorKey: 'studentName' },
    {
      id: 'status',
      header: t('liveRoom.status'),
      accessorFn: (row) => row.state,
      cell: ({ row }) => <Chip size="small" variant="outlined" label={t(`liveRoom.state.${row.original.state}`)} />,
    },
    {
      id: 'connection',
      header: t('liveRoom.connection'),
      enableSorting: false,
      cell: ({ row }) => {
        const connection = connectionOf(row.original, serverNow);
        return (
          <Chip
            size="small"
            color={CONNECTION_COLOR[connection]}
            label={t(`liveRoom.conn.${connection}`)}
            title={row.original.lastSeenAt ? t('liveRoom.lastSeen', { time: time(row.original.lastSeenAt) }) : undefined}
          />
        );
      },
    },
    {
      id: 'answered',
      header: t('liveRoom.answered'),
      accessorKey: 'answeredCount',
      cell: ({ row }) => t('liveRoom.answeredOf', { count: row.original.answeredCount, total: room?.questionCount ?? 0 }),
    },
    {
      id: 'remaining',
      header: t('liveRoom.remaining'),
      enableSorting: false,
      cell: ({ row }) => (row.original.state === 'running' ? <span data-testid="live-remaining">{formatRemaining(remainingSecondsAt(row.original, serverNow))}</span> : '—'),
    },
    { id: 'tabAways', header: t('liveRoom.tabAways'), accessorKey: 'tabChangeWarnings' },
  ];

  const can = (row: LiveStudent, wanted: LiveAction) => actionsFor(row, serverNow, row.deadlineAt).includes(wanted);
  const rowActions: RowAction<LiveStudent>[] = [
    { id: 'extend', label: t('liveRoom.extend'), icon: <AlarmAddIcon />, onClick: (row) => setPending({ action: 'extend', student: row }), isDisabled: (row) => !can(row, 'extend') },
    {
      id: 'forceSubmit',
      label: t('liveRoom.forceSubmit'),
      icon: <SendIcon />,
      onClick: (row) => setPending({ action: 'forceSubmit', student: row }),
      isDisabled: (row) => !can(row, 'forceSubmit'),
    },
    { id: 'reopen', label: t('liveRoom.reopen'), icon: <LockOpenIcon />, onClick: (row) => setPending({ action: 'reopen', student: row }), isDisabled: (row) => !can(row, 'reopen') },
    ...(room?.isCameraAllowed && renderCamera
      ? [{ id: 'camera', label: t('liveRoom.camera'), icon: <VideocamIcon />, onClick: (row: LiveStudent) => setCamera(row), isDisabled: (row: LiveStudent) => !row.attemptId }]
      : []),
  ];

  const handleConfirm = ({ minutes, reason }: { minutes: number | null; reason: string }) => {
    if (!pending?.student.attemptId) return;
    const attemptId = pending.student.attemptId;
    const done = { onSuccess: () => setPending(null) };
    if (pending.action === 'forceSubmit') action.mutate({ kind: 'forceSubmit', body: { attemptId, reason } }, done);
    else if (pending.action === 'extend') action.mutate({ kind: 'extend', body: { attemptId, reason, minutes: minutes! } }, done);
    else action.mutate({ kind: 'reopen', body: { attemptId, reason, minutes: minutes! } }, done);
  };

  return (
    <PageCard
      title={room ? t('liveRoom.roomTitle', { name: room.TaskName }) : t('liveRoom.testsTitle')}
      toolbar={
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('liveRoom.back')}
        </Button>
      }
    >
      <Stack spacing={2}>
        {room && summary && (
          <Box>
            <Typography variant="body2" data-testid="live-summary">
              {t('liveRoom.summary', { ...summary })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('liveRoom.updatedAt', { time: time(serverNow) })}
            </Typography>
          </Box>
        )}
        {roomQuery.isError && !room && <Alert severity="error">{t('liveRoom.loadFailed')}</Alert>}
        <TextField
          select
          size="small"
          label={t('liveRoom.stateFilter')}
          value={stateFilter}
          onChange={(event) => setStateFilter(event.target.value as typeof stateFilter)}
          sx={{ maxWidth: 240 }}
        >
          <MenuItem value="all">{t('liveRoom.all')}</MenuItem>
          {(['running', 'notStarted', 'submitted'] as const).map((state) => (
            <MenuItem key={state} value={state}>
              {t(`liveRoom.state.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <DataTable
          label={t('liveRoom.roomTitle', { name: room?.TaskName ?? '' })}
          columns={columns}
          rows={students}
          getRowId={(row) => String(row.userId)}
          getRowLabel={(row) => row.studentName}
          rowActions={rowActions}
          hasActionLabels
          isLoading={roomQuery.isPending}
          emptyText={t('liveRoom.noStudents')}
          isSearchable
          initialPageSize={25}
        />
      </Stack>
      {pending && (
        <LiveRoomActionDialog
          action={pending.action}
          studentName={pending.student.studentName}
          isBusy={action.isPending}
          onClose={() => setPending(null)}
          onConfirm={handleConfirm}
        />
      )}
      {camera?.attemptId && renderCamera?.({ attemptId: camera.attemptId, studentName: camera.studentName, onClose: () => setCamera(null) })}
    </PageCard>
  );
}
