import { ITEM_CALIBRATION_STATES, type CalibratedItem, type CalibrationFlag } from '@app/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link as RouterLink } from 'react-router';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { paths } from '../../../config/paths';
import { intlLocale } from '../../../lib/date-time';
import { filterItems, finite, NO_ITEM_FILTERS, reasonKey, type ItemFilters } from '../model/item-filters';

/** Read by screen readers only (px units: in sx a bare 1 would mean 100 %). */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** HTML lang of each content language (the app's `tn` is Tamil, `ta`). */
const HTML_LANG = { en: 'en', tn: 'ta' } as const;

/** The guessing cell of an item a 3PL run gave none (not a one-option choice kind): a dash, with the reason for a screen reader. */
function NoGuessing() {
  const { t } = useTranslation('psychometrics');
  return (
    <Box component="span" sx={{ position: 'relative' }}>
      <span aria-hidden>—</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('table.noGuessing')}
      </Box>
    </Box>
  );
}

/** A number cell of an item without estimates: a dash, with the words a screen reader says. */
function NotEstimated() {
  const { t } = useTranslation('psychometrics');
  return (
    <Box component="span" sx={{ position: 'relative' }}>
      <span aria-hidden>—</span>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('table.notEstimated')}
      </Box>
    </Box>
  );
}

function FlagList({ item, format, percent }: { item: CalibratedItem; format: (n: number) => string; percent: (n: number) => string }) {
  const { t } = useTranslation('psychometrics');
  if (item.flags.length === 0) return <Typography variant="body2" color="text.secondary">{t('table.noFlags')}</Typography>;
  const text = (flag: CalibrationFlag) =>
    flag.kind === 'drift'
      ? t('flags.drift', { from: flag.fromVersion, difference: `${flag.difference > 0 ? '+' : ''}${format(flag.difference)}`, units: format(flag.seUnits) })
      : t('flags.wrongKey', { option: flag.optionId, optionShare: percent(flag.optionShare), keyShare: percent(flag.keyShare), count: flag.topResponses });
  return (
    <Box sx={{ minWidth: 220 }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {item.flags.map((flag) => (
          <li key={flag.kind}>
            <Typography variant="body2" component="span" color="warning.dark">
              {text(flag)}
            </Typography>
          </li>
        ))}
      </Box>
      <Link component={RouterLink} to={paths.staff.questionBank.getHref({ question: item.questionId })} variant="body2">
        {t('table.openQuestion', { id: item.questionId })}
      </Link>
    </Box>
  );
}

/**
 * The calibrated item versions: question (excerpt, subject and topic), version, state, responses,
 * proportion right, difficulty and discrimination with their SEs (and guessing when a 3PL run gave
 * any item one), infit/outfit, flags and when.
 * Filtered by state and flags, sorted by any column and paged here (a scope's few thousand rows
 * come in one answer). An item without estimates says why instead of showing numbers.
 */
export function CalibratedItemsTable({ items, isLoading, error, onRetry }: { items: CalibratedItem[]; isLoading: boolean; error: string | null; onRetry: () => void }) {
  const { t, i18n } = useTranslation('psychometrics');
  const [filters, setFilters] = useState<ItemFilters>(NO_ITEM_FILTERS);
  const locale = intlLocale(i18n.language);
  const shown = useMemo(() => filterItems(items, filters), [items, filters]);
  const hasGuessing = items.some((item) => item.guessing !== null);

  const columns = useMemo<ColumnDef<CalibratedItem, unknown>[]>(() => {
    const two = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const format = (n: number) => two.format(n);
    const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const percent = (n: number) => percentFormat.format(n);
    const withSe = (value: number | null, se: number | null) => {
      const v = finite(value);
      if (v === undefined) return <NotEstimated />;
      const s = finite(se);
      return <span style={{ whiteSpace: 'nowrap' }}>{s === undefined ? format(v) : `${format(v)} ± ${format(s)}`}</span>;
    };
    return [
      {
        id: 'question',
        header: t('table.question'),
        accessorFn: (row) => `${row.excerpt} ${row.subject ?? ''} ${row.topic ?? ''}`,
        sortingFn: (a, b) => a.original.questionId - b.original.questionId,
        cell: ({ row: { original: row } }) => (
          <Box sx={{ minWidth: 200, maxWidth: 360 }}>
            <Typography variant="body2" component="span" sx={{ display: 'block' }} lang={row.excerptLanguage !== i18n.language ? HTML_LANG[row.excerptLanguage] : undefined}>
              {row.excerpt || t('table.questionNumber', { id: row.questionId })}
              {row.excerptLanguage !== i18n.language && <> {t('table.inLanguage', { language: t(`table.languages.${row.excerptLanguage}`) })}</>}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[t('table.questionNumber', { id: row.questionId }), row.subject, row.topic].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        ),
      },
      { id: 'version', header: t('table.version'), accessorFn: (row) => row.version },
      {
        id: 'state',
        header: t('table.state'),
        accessorFn: (row) => t(`states.${row.state}`),
        cell: ({ row: { original: row } }) => {
          const reason = reasonKey(row);
          return (
            <Box sx={{ minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {t(`states.${row.state}`)}
              </Typography>
              {reason && (
                <Typography variant="caption" color="text.secondary">
                  {t(`reasons.${reason}`, { count: row.responses })}
                </Typography>
              )}
            </Box>
          );
        },
      },
      { id: 'responses', header: t('table.responses'), accessorFn: (row) => row.responses, cell: ({ row }) => row.original.responses.toLocaleString(locale) },
      {
        id: 'proportionCorrect',
        header: t('table.proportionCorrect'),
        accessorFn: (row) => finite(row.proportionCorrect),
        sortUndefined: 'last',
        cell: ({ row }) => {
          const p = finite(row.original.proportionCorrect);
          return p === undefined ? <NotEstimated /> : percent(p);
        },
      },
      { id: 'difficulty', header: t('table.difficulty'), accessorFn: (row) => finite(row.difficulty), sortUndefined: 'last', cell: ({ row }) => withSe(row.original.difficulty, row.original.seDifficulty) },
      {
        id: 'discrimination',
        header: t('table.discrimination'),
        accessorFn: (row) => finite(row.discrimination),
        sortUndefined: 'last',
        cell: ({ row }) => withSe(row.original.discrimination, row.original.seDiscrimination),
      },
      ...(hasGuessing
        ? [
            {
              id: 'guessing',
              header: t('table.guessing'),
              accessorFn: (row) => finite(row.guessing),
              sortUndefined: 'last',
              cell: ({ row }) => (row.original.state === 'ok' && row.original.guessing === null ? <NoGuessing /> : withSe(row.original.guessing, row.original.seGuessing)),
            } satisfies ColumnDef<CalibratedItem, unknown>,
          ]
        : []),
      {
        id: 'fit',
        header: t('table.fit'),
        accessorFn: (row) => finite(row.infit),
        sortUndefined: 'last',
        cell: ({ row }) => {
          const infit = finite(row.original.infit);
          const outfit = finite(row.original.outfit);
          if (infit === undefined || outfit === undefined) return <NotEstimated />;
          return <span style={{ whiteSpace: 'nowrap' }}>{`${format(infit)} / ${format(outfit)}`}</span>;
        },
      },
      {
        id: 'flags',
        header: t('table.flags'),
        accessorFn: (row) => row.flags.length,
        sortDescFirst: true,
        cell: ({ row }) => <FlagList item={row.original} format={format} percent={percent} />,
      },
      {
        id: 'calibratedAt',
        header: t('table.calibratedAt'),
        accessorFn: (row) => row.calibratedAt,
        cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{new Date(row.original.calibratedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}</span>,
      },
    ];
  }, [t, i18n.language, locale, hasGuessing]);

  return (
    <Box>
      <Box
        role="group"
        aria-label={t('table.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('table.state')}
          value={filters.state}
          onChange={(event) => setFilters((current) => ({ ...current, state: event.target.value as ItemFilters['state'] }))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('table.anyState')}</MenuItem>
          {ITEM_CALIBRATION_STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`states.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={filters.isFlaggedOnly} onChange={(event) => setFilters((current) => ({ ...current, isFlaggedOnly: event.target.checked }))} />}
          label={t('table.flaggedOnly')}
        />
      </Box>
      {/* A new filter starts on its first page. */}
      <DataTable
        key={`${filters.state}:${filters.isFlaggedOnly}`}
        label={t('table.label')}
        columns={columns}
        rows={shown}
        getRowId={(row) => String(row.questionVersionId)}
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        emptyText={items.length > 0 ? t('table.noMatches') : t('table.empty')}
        isSearchable
        initialPageSize={25}
      />
    </Box>
  );
}
