import type { Resource } from '@app/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../../components/data-table/data-table';
import { PageCard } from '../../../../components/layout/page-card';
import { useNotify } from '../../../../hooks/use-notify';
import { useDeleteResource, useResources, useUploadResource } from '../api/manage-api';
import { PendingButton } from '../../../../components/pending-button';

const ACCEPT = 'application/pdf,image/png,image/jpeg,video/mp4,video/webm,video/ogg';

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Staff Resource Upload: files for lessons, listed with whether they are used; unused ones can be deleted. */
export function ResourceUploadScreen() {
  const { t, i18n } = useTranslation('academy');
  const notify = useNotify();
  const resources = useResources();
  const upload = useUploadResource();
  const remove = useDeleteResource();
  const input = useRef<HTMLInputElement>(null);

  const columns = useMemo<ColumnDef<Resource, unknown>[]>(
    () => [
      { accessorKey: 'fileName', header: t('resources.fileName') },
      { accessorKey: 'kind', header: t('resources.kind'), cell: ({ row }) => t(`resources.kinds.${row.original.kind}`) },
      { accessorKey: 'size', header: t('resources.size'), cell: ({ row }) => formatSize(row.original.size) },
      {
        accessorKey: 'createdAt',
        header: t('resources.uploadedAt'),
        cell: ({ row }) => new Date(row.original.createdAt).toLocaleDateString(i18n.language === 'tn' ? 'ta-IN' : 'en-IN'),
      },
      {
        accessorKey: 'isInUse',
        header: t('resources.inUse'),
        cell: ({ row }) => <Chip size="small" color={row.original.isInUse ? 'success' : 'default'} label={row.original.isInUse ? t('resources.inUse') : t('resources.unused')} />,
      },
      {
        accessorKey: 'url',
        header: t('resources.address'),
        cell: ({ row }) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {row.original.url}
          </Typography>
        ),
      },
    ],
    [t, i18n.language],
  );

  async function handleFile(file: File | undefined) {
    if (!file) return;
    await upload.mutateAsync(file).catch(() => undefined);
    if (input.current) input.current.value = '';
  }

  return (
    <PageCard
      title={t('resources.title')}
      toolbar={
        <PendingButton isPending={upload.isPending} variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? t('resources.uploading') : t('resources.upload')}
        </PendingButton>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('resources.uploadHint')}
        </Typography>
        <input ref={input} type="file" hidden accept={ACCEPT} aria-label={t('resources.upload')} onChange={(event) => void handleFile(event.target.files?.[0])} />
        <DataTable
          label={t('resources.listLabel')}
          columns={columns}
          rows={resources.data ?? []}
          getRowId={(row) => row.fileId}
          getRowLabel={(row) => row.fileName}
          isLoading={resources.isLoading}
          error={resources.isError ? t('manage.loadFailed') : null}
          onRetry={() => void resources.refetch()}
          emptyText={t('resources.empty')}
          isSearchable
          rowActions={[
            {
              id: 'copy',
              label: t('resources.copyAddress'),
              icon: <ContentCopyIcon />,
              onClick: (row) =>
                void navigator.clipboard
                  ?.writeText(row.url)
                  .then(() => notify.success(t('resources.copied')))
                  .catch(() => undefined),
            },
            {
              id: 'delete',
              label: t('resources.delete'),
              icon: <DeleteIcon />,
              isDisabled: (row) => row.isInUse || remove.isPending,
              onClick: (row) => {
                if (window.confirm(t('resources.confirmDelete', { name: row.fileName }))) remove.mutate(row.fileId);
              },
            },
          ]}
        />
      </Stack>
    </PageCard>
  );
}
