import {
  DIFFICULTIES,
  QUESTION_EXPORT_FORMATS,
  QUESTION_OWNER_KINDS,
  QUESTION_TYPES,
  QUESTION_USAGE_FILTERS,
  SUPPORTED_LANGUAGES,
  type ListQuestionsQuery,
  type QuestionExportFormat,
  type QuestionSummary,
} from '@app/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { PageCard } from '../../../components/layout/page-card';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { describeError } from '../../../lib/error-message';
import { useExportQuestions, useQuestions, useTopicChoices } from '../api/question-bank-api';
import { listFilterOf, type ListFilters } from '../model/list-filters';
import { INLINE_CONTENT, RichContent } from '../../../components/rich-text/rich-content';
import { PendingButton } from '../../../components/pending-button';

export interface QuestionListProps {
  onOpen: (questionId: number) => void;
  onCreate: () => void;
  onImport: () => void;
}

/** A tag chip whose long name wraps instead of being cut short. */
const WRAPPING_CHIP = { height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: Array<{ value: string; label: string }>; onChange: (value: string) => void }) {
  const { t } = useTranslation('questionBank');
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: { xs: '100%', sm: 200 } }}>
      <MenuItem value="">{t('any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The bank's list: server-side search, filters and paging; rows can be selected (across pages)
 * for export, or the whole filtered set exported.
 */
/** A cell's second fact, on its own line in the secondary colour. */
const SECOND_LINE = { display: 'block', color: 'text.secondary', fontSize: '0.8rem' } as const;

export function QuestionList({ onOpen, onCreate, onImport }: QuestionListProps) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const { t: tk } = useTranslation('questionKinds');
  const [filters, setFilters] = useState<ListFilters>({ search: '', topicId: '', tag: '', questionType: '', difficulty: '', language: '', owner: '', usedIn: '' });
  const [paging, setPaging] = useState({ page: 0, pageSize: 20 });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [exportFormat, setExportFormat] = useState<QuestionExportFormat>('csv');
  const [skippedIds, setSkippedIds] = useState<number[] | null>(null);
  const tag = useDebouncedValue(filters.tag, 300);
  const filter = listFilterOf({ ...filters, tag });
  const query: ListQuestionsQuery = { ...filter, page: paging.page + 1, pageSize: paging.pageSize };
  const questions = useQuestions(query);
  const { topics, isLoading: isTopicsLoading } = useTopicChoices();
  const exporter = useExportQuestions();

  const setFilter = (key: keyof ListFilters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPaging((current) => ({ ...current, page: 0 }));
  };
  const handleSearch = useCallback((value: string) => setFilters((current) => ({ ...current, search: value })), []);
  const rows = useMemo(() => questions.data?.items ?? [], [questions.data]);
  const isPageSelected = rows.length > 0 && rows.every((row) => selected.has(row.questionId));

  const toggle = (ids: number[], isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (isOn) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const handleExport = (isSelection: boolean) => {
    setSkippedIds(null);
    exporter.mutate(isSelection ? { format: exportFormat, questionIds: [...selected] } : { format: exportFormat, ...filter }, {
      onSuccess: (result) => setSkippedIds(result.skippedIds),
    });
  };

  const columns: ColumnDef<QuestionSummary, unknown>[] = [
    {
      id: 'select',
      header: () => (
        <Checkbox
          size="small"
          checked={isPageSelected}
          indeterminate={!isPageSelected && rows.some((row) => selected.has(row.questionId))}
          onChange={(event) => toggle(rows.map((row) => row.questionId), event.target.checked)}
          slotProps={{ input: { 'aria-label': t('selectPage') } }}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          size="small"
          checked={selected.has(row.original.questionId)}
          onChange={(event) => toggle([row.original.questionId], event.target.checked)}
          slotProps={{ input: { 'aria-label': t('selectRow', { id: row.original.questionId }) } }}
        />
      ),
      enableSorting: false,
    },
    {
      id: 'question',
      header: t('columns.question'),
      enableSorting: false,
      cell: ({ row }) => (
        <Box sx={{ maxWidth: 360, minWidth: 180 }}>
          <Button variant="text" size="small" onClick={() => onOpen(row.original.questionId)} sx={{ textAlign: 'left', textTransform: 'none', p: 0, justifyContent: 'flex-start' }}>
            {row.original.title || (row.original.preview ? <RichContent html={row.original.preview} component="span" sx={INLINE_CONTENT} /> : `#${row.original.questionId}`)}
          </Button>
          {row.original.title && row.original.preview && <RichContent html={row.original.preview} component="span" sx={SECOND_LINE} />}
          <Box component="span" sx={SECOND_LINE}>
            {t('columns.id')} {row.original.questionId}
          </Box>
        </Box>
      ),
    },
    // Two facts to a column, the second under the first, so that the table fits a 1366 px screen.
    {
      id: 'kind',
      header: t('columns.kindDifficulty'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {tk(`${row.original.questionType}.name`)}
          <Box component="span" sx={SECOND_LINE}>
            {t(`difficulties.${row.original.difficulty}`)} · {t('columns.marksValue', { marks: row.original.marks })}
          </Box>
        </>
      ),
    },
    {
      id: 'topics',
      header: t('columns.topicsTags'),
      enableSorting: false,
      cell: ({ row }) => (
        <Box sx={{ minWidth: 100, maxWidth: 160 }}>
          {row.original.topics.map((topic) => topic.name).join(', ')}
          {row.original.tags.length > 0 && (
            <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
              {row.original.tags.map((value) => (
                <Chip key={value} label={value} size="small" variant="outlined" sx={WRAPPING_CHIP} />
              ))}
            </Stack>
          )}
        </Box>
      ),
    },
    {
      id: 'languages',
      header: t('columns.languages'),
      enableSorting: false,
      cell: ({ row }) => row.original.languages.map((language) => t(`languages.${language}`)).join(', '),
    },
    {
      id: 'usedIn',
      header: t('columns.usedIn'),
      enableSorting: false,
      cell: ({ row }) => <Box sx={{ maxWidth: 200 }}>{row.original.usedIn.length ? row.original.usedIn.map((test) => test.name).join(', ') : '—'}</Box>,
    },
    {
      id: 'owner',
      header: t('columns.ownerVersion'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {t(`owners.${row.original.owner.kind}`)}
          <Box component="span" sx={SECOND_LINE}>
            {t('columns.versionNumber', { version: row.original.currentVersion })}
          </Box>
        </>
      ),
    },
  ];

  let exportNotice: ReactNode = null;
  if (skippedIds && skippedIds.length > 0) exportNotice = <Alert severity="warning">{t('exportSkipped', { ids: skippedIds.join(', ') })}</Alert>;
  else if (skippedIds) exportNotice = <Alert severity="success">{t('exportDone')}</Alert>;

  const error = questions.error ? describeError(questions.error) : null;
  return (
    <PageCard
      title={t('title')}
      toolbar={
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" justifyContent="flex-end">
          <Button variant="outlined" onClick={onImport}>
            {t('import')}
          </Button>
          <Button variant="contained" onClick={onCreate}>
            {t('newQuestion')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2}>
        <Box component="section" aria-label={t('filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Autocomplete
            size="small"
            options={topics}
            loading={isTopicsLoading}
            value={topics.find((topic) => String(topic.topicId) === filters.topicId) ?? null}
            onChange={(_event, topic) => setFilter('topicId', topic ? String(topic.topicId) : '')}
            getOptionLabel={(topic) => topic.label}
            isOptionEqualToValue={(a, b) => a.topicId === b.topicId}
            renderInput={(params) => <TextField {...params} label={t('filter.topic')} />}
            sx={{ minWidth: 240 }}
          />
          <TextField size="small" label={t('filter.tag')} value={filters.tag} onChange={(event) => setFilter('tag', event.target.value)} sx={{ minWidth: 140 }} />
          <FilterSelect label={t('filter.kind')} value={filters.questionType} onChange={(value) => setFilter('questionType', value)} options={QUESTION_TYPES.map((value) => ({ value, label: tk(`${value}.name`) }))} />
          <FilterSelect label={t('filter.difficulty')} value={filters.difficulty} onChange={(value) => setFilter('difficulty', value)} options={DIFFICULTIES.map((value) => ({ value, label: t(`difficulties.${value}`) }))} />
          <FilterSelect label={t('filter.language')} value={filters.language} onChange={(value) => setFilter('language', value)} options={SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))} />
          <FilterSelect label={t('filter.owner')} value={filters.owner} onChange={(value) => setFilter('owner', value)} options={QUESTION_OWNER_KINDS.map((value) => ({ value, label: t(`owners.${value}`) }))} />
          <FilterSelect label={t('filter.usedIn')} value={filters.usedIn} onChange={(value) => setFilter('usedIn', value)} options={QUESTION_USAGE_FILTERS.map((value) => ({ value, label: t(`usage.${value}`) }))} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <TextField select size="small" label={t('exportFormat')} value={exportFormat} onChange={(event) => setExportFormat(event.target.value as QuestionExportFormat)} sx={{ minWidth: 150 }}>
            {QUESTION_EXPORT_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {t(`importer.formats.${format}`)}
              </MenuItem>
            ))}
          </TextField>
          <PendingButton variant="outlined" disabled={selected.size === 0} isPending={exporter.isPending} onClick={() => handleExport(true)}>
            {t('exportSelected', { count: selected.size })}
          </PendingButton>
          <PendingButton variant="text" disabled={(questions.data?.total ?? 0) === 0} isPending={exporter.isPending} onClick={() => handleExport(false)}>
            {t('exportFiltered')}
          </PendingButton>
        </Box>
        {exportNotice}
        <DataTable
          label={t('tableLabel')}
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.questionId)}
          getRowLabel={(row) => row.title || `#${row.questionId}`}
          // No Edit action beside each row: the question's own text opens it (one Tab stop a row, and the table fits 1366 px).
          isLoading={questions.isFetching}
          error={error ? ('key' in error ? tm(error.key) : error.text) : null}
          onRetry={() => void questions.refetch()}
          isSearchable
          onSearchChange={handleSearch}
          paging={{ page: paging.page, pageSize: paging.pageSize, total: questions.data?.total ?? 0, onChange: setPaging }}
          pageSizeOptions={[10, 20, 50, 100]}
        />
      </Stack>
    </PageCard>
  );
}
