import type { SupportMessage } from '@app/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { intlLocale } from '../../../lib/date-time';
import { useMyMessages } from '../api/support-api';
import { StatusChip } from './status-chip';

/** The sender's own messages with their status and the administrators' reply. */
export function MyMessages() {
  const { t, i18n } = useTranslation('support');
  const mine = useMyMessages();
  const locale = intlLocale(i18n.language);
  const columns = useMemo<ColumnDef<SupportMessage, unknown>[]>(
    () => [
      { id: 'sent', header: t('sent'), accessorFn: (row) => new Date(row.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) },
      { id: 'subject', header: t('subject'), accessorFn: (row) => row.subject },
      { id: 'category', header: t('category'), accessorFn: (row) => t(`categories.${row.category}`) },
      { id: 'status', header: t('status'), accessorFn: (row) => t(`statuses.${row.status}`), cell: ({ row }) => <StatusChip status={row.original.status} /> },
      { id: 'reply', header: t('replyNote'), accessorFn: (row) => row.replyNote ?? '' },
    ],
    [t, locale],
  );
  return (
    <DataTable
      label={t('mineLabel')}
      columns={columns}
      rows={mine.data?.items ?? []}
      getRowId={(row) => String(row.id)}
      isLoading={mine.isPending}
      error={mine.isError ? t('loadFailed') : null}
      onRetry={() => void mine.refetch()}
      emptyText={t('mineEmpty')}
    />
  );
}
