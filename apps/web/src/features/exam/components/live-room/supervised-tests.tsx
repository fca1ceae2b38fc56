import type { SupervisedTest } from '@app/contracts';
import SensorsIcon from '@mui/icons-material/Sensors';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/translation';
import { DataTable, type ColumnDef, type RowAction } from '../../../../components/data-table/data-table';
import { PageCard } from '../../../../components/layout/page-card';
import { useSupervisedTests } from '../../api/live-room-api';
import { dateTime } from '../../../../lib/date-time';

/** The Exam Report page's list: the staff's tests, running ones first, each opening its live room (and what the page adds, its statistics). */
export function SupervisedTests({ onOpen, moreActions = [] }: { onOpen: (taskId: number) => void; moreActions?: RowAction<SupervisedTest>[] }) {
  const { t, i18n } = useTranslation('exam');
  const tests = useSupervisedTests();
  const columns: ColumnDef<SupervisedTest, unknown>[] = [
    {
      id: 'name',
      header: t('liveRoom.testName'),
      accessorKey: 'TaskName',
      cell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{row.original.TaskName}</span>
          {row.original.runningAttempts > 0 && <Chip size="small" color="success" label={t('liveRoom.running')} />}
        </Stack>
      ),
    },
    { id: 'running', header: t('liveRoom.running'), accessorKey: 'runningAttempts', cell: ({ row }) => t('liveRoom.runningCount', { count: row.original.runningAttempts }) },
    { id: 'submitted', header: t('liveRoom.status'), accessorKey: 'submittedAttempts', cell: ({ row }) => t('liveRoom.submittedCount', { count: row.original.submittedAttempts }) },
    {
      id: 'lastStart',
      header: t('liveRoom.lastStart'),
      accessorKey: 'lastStartedAt',
      cell: ({ row }) => (row.original.lastStartedAt ? dateTime(row.original.lastStartedAt, i18n.language) : '—'),
    },
  ];
  return (
    <PageCard title={t('liveRoom.testsTitle')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('liveRoom.testsIntro')}
      </Typography>
      <DataTable
        label={t('liveRoom.testsTitle')}
        columns={columns}
        rows={tests.data ?? []}
        getRowId={(row) => String(row.taskId)}
        getRowLabel={(row) => row.TaskName}
        rowActions={[{ id: 'open', label: t('liveRoom.openRoom'), icon: <SensorsIcon />, onClick: (row) => onOpen(row.taskId) }, ...moreActions]}
        isLoading={tests.isPending}
        error={tests.isError ? t('liveRoom.loadFailed') : null}
        onRetry={() => void tests.refetch()}
        emptyText={t('liveRoom.noTests')}
        isSearchable
      />
    </PageCard>
  );
}
