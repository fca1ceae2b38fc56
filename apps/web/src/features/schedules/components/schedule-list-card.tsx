import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { PageCard } from '../../../components/layout/page-card';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/**
 * The shape the schedule screens share: a searchable table of the caller's rows with a "new"
 * button, edit (where the screen has it) and delete after a confirmation.
 */
export function ScheduleListCard<Row extends { id: number }>({
  title,
  newLabel,
  tableLabel,
  emptyText,
  columns,
  list,
  getRowLabel,
  isDeleting,
  onDelete,
  renderNew,
  renderEdit,
}: {
  title: string;
  newLabel: string;
  tableLabel: string;
  emptyText: string;
  columns: ColumnDef<Row>[];
  list: { data?: Row[] | undefined; isLoading: boolean; isError: boolean; refetch: () => unknown };
  getRowLabel: (row: Row) => string;
  isDeleting: boolean;
  /** Deletes the row; `done` closes the confirmation once it succeeded. */
  onDelete: (row: Row, done: () => void) => void;
  renderNew: (isOpen: boolean, onClose: () => void) => ReactNode;
  renderEdit?: (row: Row, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation('schedules');
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  return (
    <PageCard
      title={title}
      toolbar={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)}>
          {newLabel}
        </Button>
      }
    >
      <DataTable
        label={tableLabel}
        columns={columns}
        rows={list.data ?? []}
        getRowId={(row) => String(row.id)}
        getRowLabel={getRowLabel}
        isLoading={list.isLoading}
        error={list.isError ? t('loadFailed') : null}
        onRetry={() => void list.refetch()}
        emptyText={emptyText}
        isSearchable
        rowActions={[
          ...(renderEdit ? [{ id: 'edit', label: t('edit'), icon: <EditIcon />, onClick: setEditing }] : []),
          { id: 'delete', label: t('delete'), icon: <DeleteIcon />, onClick: setDeleting },
        ]}
      />
      {renderNew(isCreating, () => setIsCreating(false))}
      {editing && renderEdit?.(editing, () => setEditing(null))}
      <ConfirmDeleteDialog
        isOpen={deleting !== null}
        isBusy={isDeleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && onDelete(deleting, () => setDeleting(null))}
      />
    </PageCard>
  );
}
