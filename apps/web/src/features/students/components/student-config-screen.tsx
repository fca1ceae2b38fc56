import type { StudentRow } from '@app/contracts';
import EditIcon from '@mui/icons-material/Edit';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import LinkIcon from '@mui/icons-material/Link';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonIcon from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef, type SortingState } from '../../../components/data-table/data-table';
import { PageCard } from '../../../components/layout/page-card';
import { describeError } from '../../../lib/error-message';
import { useSetStudentActive, useStudentList } from '../api/students-api';
import { changeFilters, DEFAULT_STUDENT_FILTERS, listQueryOf, type StudentFilters } from '../model/student-filters';
import { CsvUploadDialog } from './csv-upload-dialog';
import { LoginLinkDialog } from './login-link-dialog';
import { ParentsDialog } from './parents-dialog';
import { StudentFiltersBar } from './student-filters-bar';
import { StudentFormDialog } from './student-form-dialog';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'parents' | 'loginLink'; student: StudentRow } | { kind: 'csv' } | null;

const nameOf = (row: StudentRow) => `${row.firstName} ${row.lastName}`.trim() || row.username;

/** /studentconfig: the students in scope, paged, sorted and searched on the server, with their edits. */
export function StudentConfigScreen() {
  const { t } = useTranslation('students');
  const { t: tMessages } = useTranslation('messages');
  const [filters, setFilters] = useState<StudentFilters>(DEFAULT_STUDENT_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useMemo(() => listQueryOf(filters), [filters]);
  const list = useStudentList(query);
  const setActive = useSetStudentActive();
  const change = useCallback((next: Partial<StudentFilters>) => setFilters((current) => changeFilters(current, next)), []);
  const onSearchChange = useCallback((search: string) => change({ search }), [change]);

  const columns = useMemo<ColumnDef<StudentRow, unknown>[]>(
    () => [
      { id: 'name', header: t('name'), accessorFn: nameOf },
      { id: 'username', header: t('username'), accessorKey: 'username' },
      { id: 'email', header: t('email'), accessorFn: (row) => row.email ?? '' },
      { id: 'phone', header: t('phone'), accessorFn: (row) => row.phone ?? '' },
      { id: 'className', header: t('class'), accessorFn: (row) => [row.className, row.sectionName].filter(Boolean).join(' – ') },
      {
        id: 'status',
        header: t('status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
            <Chip size="small" label={row.original.isActive ? t('active') : t('deactivated')} color={row.original.isActive ? 'success' : 'default'} />
            {!row.original.hasPassword && <Chip size="small" variant="outlined" label={t('noPasswordYet')} />}
            {row.original.mustChangePassword && <Chip size="small" variant="outlined" label={t('mustChange')} />}
          </Stack>
        ),
      },
    ],
    [t],
  );
  const sorting: SortingState = [{ id: filters.sortBy, desc: filters.sortDir === 'desc' }];

  const handleToggleActive = (row: StudentRow) => {
    if (row.isActive && !window.confirm(t('deactivateConfirm', { name: nameOf(row) }))) return;
    setActive.mutate({ id: row.id, isActive: !row.isActive });
  };

  const error = list.error ? describeError(list.error) : null;
  const defaultInstituteId = filters.instituteId ?? list.data?.items[0]?.instituteId ?? null;
  return (
    <PageCard
      title={t('title')}
      toolbar={
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          <Button variant="outlined" onClick={() => setDialog({ kind: 'csv' })}>
            {t('uploadCsv')}
          </Button>
          <Button variant="contained" onClick={() => setDialog({ kind: 'create' })}>
            {t('addStudent')}
          </Button>
        </Stack>
      }
    >
      <StudentFiltersBar filters={filters} onChange={change} />
      <DataTable<StudentRow>
        label={t('tableLabel')}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={(row) => String(row.id)}
        getRowLabel={nameOf}
        isLoading={list.isFetching}
        error={error ? ('key' in error ? tMessages(error.key) : error.text) : null}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
        isSearchable
        onSearchChange={onSearchChange}
        paging={{ page: filters.page, pageSize: filters.pageSize, total: list.data?.total ?? 0, onChange: change }}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          change(first ? { sortBy: first.id as StudentFilters['sortBy'], sortDir: first.desc ? 'desc' : 'asc' } : { sortBy: 'name', sortDir: 'asc' });
        }}
        initialPageSize={DEFAULT_STUDENT_FILTERS.pageSize}
        rowActions={[
          { id: 'edit', label: t('edit'), icon: <EditIcon fontSize="small" />, onClick: (student) => setDialog({ kind: 'edit', student }) },
          { id: 'parents', label: t('parents'), icon: <FamilyRestroomIcon fontSize="small" />, onClick: (student) => setDialog({ kind: 'parents', student }) },
          { id: 'loginLink', label: t('loginLink'), icon: <LinkIcon fontSize="small" />, onClick: (student) => setDialog({ kind: 'loginLink', student }), isDisabled: (s) => !s.isActive },
          {
            id: 'active',
            label: t('deactivate'),
            icon: <PersonOffIcon fontSize="small" />,
            onClick: handleToggleActive,
            isDisabled: (s) => !s.isActive,
          },
          { id: 'reactivate', label: t('reactivate'), icon: <PersonIcon fontSize="small" />, onClick: handleToggleActive, isDisabled: (s) => s.isActive },
        ]}
      />
      {dialog?.kind === 'create' && <StudentFormDialog student={null} defaultInstituteId={defaultInstituteId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <StudentFormDialog student={dialog.student} defaultInstituteId={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'parents' && <ParentsDialog student={dialog.student} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'loginLink' && <LoginLinkDialog student={dialog.student} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'csv' && <CsvUploadDialog onClose={() => setDialog(null)} />}
    </PageCard>
  );
}
