import type { AuditEntryView } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { DateInput } from '../../../components/date-time-field';
import { intlLocale } from '../../../lib/date-time';
import { useAuditLog } from '../api/audit-api';
import { auditEntryLines, localizeValue } from '../model/audit-diff';
import { auditQueryOf, EMPTY_AUDIT_FILTERS, type AuditFilterValues } from '../model/audit-filters';

/** Read by screen readers only (px units: in sx a bare 1 would mean 100 %). */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A select whose empty choice ("Any") is shown, with its label above it. */
const SELECT_SHOWS_ANY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The before/after of one entry as "field: old → new" lines (a summary's unchanged figures as "field: value"). */
function ChangeList({ entry }: { entry: AuditEntryView }) {
  const { t, i18n } = useTranslation('audit');
  const locale = intlLocale(i18n.language);
  const lines = auditEntryLines(entry);
  if (lines.length === 0) return <Typography variant="body2">{t('noChange')}</Typography>;
  const show = (value: string | null) => (value ? localizeValue(value, locale) : t('nothing'));
  return (
    // Positioned, so the screen-reader text stays inside the table's scroll area on a phone.
    <Box component="ul" sx={{ m: 0, pl: 2, position: 'relative' }}>
      {lines.map((line) => (
        <li key={line.path || 'value'}>
          <Typography variant="body2" component="span">
            {line.path && <strong>{t(`fields.${line.path}`, { defaultValue: line.path })}: </strong>}
            {line.unchanged ? (
              <span>{show(line.after)}</span>
            ) : (
              <>
                <span>{show(line.before)}</span>
                <span aria-hidden> → </span>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {` ${t('changedTo')} `}
                </Box>
                <span>{show(line.after)}</span>
              </>
            )}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * The audit log: who changed what, when, before and after, and why — filtered by action, actor,
 * target user and dates, paged on the server. The server shows an admin only their client's
 * (institute admin: institute's) rows.
 */
export function AuditLog() {
  const { t, i18n } = useTranslation('audit');
  const [draft, setDraft] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const log = useAuditLog(auditQueryOf(filters, paging.page, paging.pageSize));
  const locale = intlLocale(i18n.language);
  const actionLabel = useCallback((action: string) => t(`actions.${action}`, { defaultValue: action }), [t]);

  const columns = useMemo<ColumnDef<AuditEntryView, unknown>[]>(
    () => [
      { id: 'when', header: t('when'), accessorFn: (row) => new Date(row.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) },
      { id: 'who', header: t('who'), accessorFn: (row) => row.actorName ?? t('unknownUser') },
      { id: 'action', header: t('action'), accessorFn: (row) => actionLabel(row.action) },
      {
        id: 'target',
        header: t('target'),
        accessorFn: (row) => {
          const record = `${t(`targetTypes.${row.targetType}`, { defaultValue: row.targetType })} ${row.targetId}`;
          return row.targetName ? `${row.targetName} (${record})` : record;
        },
      },
      { id: 'changes', header: t('changes'), enableSorting: false, accessorFn: (row) => row, cell: ({ row }) => <ChangeList entry={row.original} /> },
      { id: 'reason', header: t('reason'), accessorFn: (row) => row.reason ?? '' },
    ],
    [t, locale, actionLabel],
  );

  const set = (key: keyof AuditFilterValues) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  const apply = () => {
    setFilters(draft);
    setPaging((current) => ({ ...current, page: 0 }));
  };

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        aria-label={t('filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' } }}
      >
        <TextField select label={t('action')} slotProps={SELECT_SHOWS_ANY} value={draft.action} onChange={set('action')} size="small">
          <MenuItem value="">{t('any')}</MenuItem>
          {(log.data?.actions ?? []).map((action) => (
            <MenuItem key={action} value={action}>
              {actionLabel(action)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('who')} slotProps={SELECT_SHOWS_ANY} value={draft.actorUserId} onChange={set('actorUserId')} size="small">
          <MenuItem value="">{t('any')}</MenuItem>
          {(log.data?.actors ?? []).map((actor) => (
            <MenuItem key={actor.userId} value={String(actor.userId)}>
              {actor.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('targetUser')} slotProps={SELECT_SHOWS_ANY} value={draft.targetUserId} onChange={set('targetUserId')} size="small">
          <MenuItem value="">{t('any')}</MenuItem>
          {(log.data?.targets ?? []).map((target) => (
            <MenuItem key={target.userId} value={String(target.userId)}>
              {target.displayName}
            </MenuItem>
          ))}
        </TextField>
        <DateInput label={t('from')} value={draft.from} onChange={(from) => setDraft((current) => ({ ...current, from }))} size="small" />
        <DateInput label={t('to')} value={draft.to} onChange={(to) => setDraft((current) => ({ ...current, to }))} size="small" />
        <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained">
            {t('apply')}
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY_AUDIT_FILTERS);
              setFilters(EMPTY_AUDIT_FILTERS);
              setPaging((current) => ({ ...current, page: 0 }));
            }}
          >
            {t('clear')}
          </Button>
        </Stack>
      </Box>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={log.data?.items ?? []}
        getRowId={(row) => String(row.id)}
        isLoading={log.isFetching}
        error={log.isError ? t('loadFailed') : null}
        onRetry={() => void log.refetch()}
        emptyText={t('empty')}
        paging={{ ...paging, total: log.data?.total ?? 0, onChange: setPaging }}
      />
    </Stack>
  );
}
