import { SUPPORT_REPLY_MAX, SUPPORT_STATUSES, type SupportMessage, type SupportStatus } from '@app/contracts';
import ReplyIcon from '@mui/icons-material/Reply';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { useIsChanged } from '../../../hooks/use-is-changed';
import { intlLocale } from '../../../lib/date-time';
import { useInbox, useUpdateMessage } from '../api/support-api';
import { StatusChip } from './status-chip';
import { PendingButton } from '../../../components/pending-button';

/** Admins: the messages of their institute (client admins: client), with status and a reply note. */
export function SupportInbox() {
  const { t, i18n } = useTranslation('support');
  const [status, setStatus] = useState<SupportStatus | ''>('');
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [open, setOpen] = useState<SupportMessage | null>(null);
  const inbox = useInbox({ page: paging.page + 1, pageSize: paging.pageSize, ...(status ? { status } : {}) });
  const locale = intlLocale(i18n.language);
  const columns = useMemo<ColumnDef<SupportMessage, unknown>[]>(
    () => [
      { id: 'sent', header: t('sent'), accessorFn: (row) => new Date(row.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) },
      { id: 'from', header: t('from'), accessorFn: (row) => [row.senderName, row.instituteName].filter(Boolean).join(' · ') },
      { id: 'subject', header: t('subject'), accessorFn: (row) => row.subject },
      { id: 'category', header: t('category'), accessorFn: (row) => t(`categories.${row.category}`) },
      { id: 'status', header: t('status'), accessorFn: (row) => t(`statuses.${row.status}`), cell: ({ row }) => <StatusChip status={row.original.status} /> },
    ],
    [t, locale],
  );
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('filterStatus')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as SupportStatus | '');
          setPaging((current) => ({ ...current, page: 0 }));
        }}
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">{t('allStatuses')}</MenuItem>
        {SUPPORT_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`statuses.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <DataTable
        label={t('inboxLabel')}
        columns={columns}
        rows={inbox.data?.items ?? []}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => row.subject}
        rowActions={[{ id: 'open', label: t('open'), icon: <ReplyIcon />, onClick: setOpen }]}
        isLoading={inbox.isFetching}
        error={inbox.isError ? t('loadFailed') : null}
        onRetry={() => void inbox.refetch()}
        emptyText={t('inboxEmpty')}
        paging={{ ...paging, total: inbox.data?.total ?? 0, onChange: setPaging }}
      />
      {open && <MessageDialog message={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function MessageDialog({ message, onClose }: { message: SupportMessage; onClose: () => void }) {
  const { t } = useTranslation('support');
  const update = useUpdateMessage();
  const [status, setStatus] = useState<SupportStatus>(message.status);
  const [replyNote, setReplyNote] = useState(message.replyNote ?? '');
  const isDirty = useIsChanged({ status, replyNote });
  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={message.subject}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {[message.senderName, message.instituteName, t(`categories.${message.category}`)].filter(Boolean).join(' · ')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.message}</Typography>
          <TextField select label={t('status')} value={status} onChange={(event) => setStatus(event.target.value as SupportStatus)}>
            {SUPPORT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('replyNote')}
            helperText={t('replyNoteHelp')}
            value={replyNote}
            onChange={(event) => setReplyNote(event.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: SUPPORT_REPLY_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <PendingButton isPending={update.isPending} variant="contained" disabled={update.isPending} onClick={() => update.mutate({ id: message.id, status, replyNote: replyNote.trim() || null }, { onSuccess: onClose })}>
          {t('saveReply')}
        </PendingButton>
      </DialogActions>
    </WorkDialog>
  );
}
