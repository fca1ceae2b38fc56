import type { TestConfigSummary } from '@app/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../../components/data-table/data-table';
import { PageCard } from '../../../../components/layout/page-card';
import { useTestConfigs } from '../api/test-config-api';
import { CreateTestDialog } from './create-test-dialog';

/** The staff member's tests, newest first, with "new test" and "new NEET pattern test". */
export function TestConfigList({ onOpen }: { onOpen: (testId: number) => void }) {
  const { t } = useTranslation('testConfig');
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<'blank' | 'neet' | null>(null);
  const query = { page: paging.page + 1, pageSize: paging.pageSize, ...(search ? { search } : {}) };
  const { data, isLoading, error, refetch } = useTestConfigs(query);

  const columns = useMemo<ColumnDef<TestConfigSummary, unknown>[]>(
    () => [
      { accessorKey: 'name', header: t('colName') },
      { id: 'type', header: t('colType'), cell: ({ row }) => (row.original.testType === 'practice' ? t('practice') : t('graded')) },
      { accessorKey: 'courseName', header: t('colCourse') },
      { accessorKey: 'durationMinutes', header: t('colDuration') },
      { accessorKey: 'sectionCount', header: t('colSections') },
      { accessorKey: 'attemptCount', header: t('colAttempts') },
      {
        id: 'status',
        header: t('colStatus'),
        cell: ({ row }) => <Chip size="small" color={row.original.isPublished ? 'success' : 'default'} label={row.original.isPublished ? t('published') : t('draft')} />,
      },
    ],
    [t],
  );

  return (
    <PageCard
      title={t('title')}
      toolbar={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={() => setCreating('blank')}>
            {t('newTest')}
          </Button>
          <Button variant="outlined" onClick={() => setCreating('neet')}>
            {t('newNeetTest')}
          </Button>
        </Stack>
      }
    >
      <DataTable
        label={t('tests')}
        columns={columns}
        rows={data?.items ?? []}
        getRowId={(row) => String(row.testId)}
        getRowLabel={(row) => row.name}
        rowActions={[{ id: 'open', label: t('open'), icon: <EditIcon />, onClick: (row) => onOpen(row.testId) }]}
        isLoading={isLoading}
        error={error ? t('loadFailed') : null}
        onRetry={() => void refetch()}
        emptyText={t('empty')}
        isSearchable
        onSearchChange={setSearch}
        paging={{ page: paging.page, pageSize: paging.pageSize, total: data?.total ?? 0, onChange: setPaging }}
      />
      {creating && <CreateTestDialog pattern={creating} onClose={() => setCreating(null)} onCreated={onOpen} />}
    </PageCard>
  );
}
