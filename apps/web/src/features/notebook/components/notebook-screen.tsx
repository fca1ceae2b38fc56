import { ERROR_TYPES, type NotebookQuestion } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { ListStatus } from '../../../components/workspace/list-status';
import { useNotebookCards } from '../api/notebook-api';
import {
  filtersFromSearch,
  hasFilters,
  queryOfFilters,
  searchOfFilters,
  withFilter,
  type NotebookFilters,
} from '../model/notebook-filters';
import { NotebookCardView } from './notebook-card';

/** Cards per page. */
const PAGE_SIZE = 10;

interface FilterSelectProps {
  id: string;
  label: string;
  value: string | number | undefined;
  options: { value: string | number; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ id, label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation('notebook');
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      size="small"
      fullWidth
    >
      <option value="">{t('all')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** The mistake notebook: filters by subject, topic, test and error type; a page of cards; the pages. */
export function NotebookScreen({ renderQuestion }: { renderQuestion: (question: NotebookQuestion) => ReactNode }) {
  const { t } = useTranslation('notebook');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const cards = useNotebookCards(queryOfFilters(filters, PAGE_SIZE));
  const page = cards.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const choices = page?.filters ?? { subjects: [], topics: [], tests: [] };

  const show = (next: NotebookFilters) => setSearch(searchOfFilters(next));
  const filterTo = (key: Parameters<typeof withFilter>[1]) => (value: string) => show(withFilter(filters, key, value));

  return (
    <PageCard title={t('title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Box
        component="section"
        aria-label={t('filters')}
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          gap: 2,
          mb: 2,
        }}
      >
        <FilterSelect
          id="notebook-filter-subject"
          label={t('subject')}
          value={filters.subject}
          options={choices.subjects.map((s) => ({ value: s, label: s }))}
          onChange={filterTo('subject')}
        />
        <FilterSelect
          id="notebook-filter-topic"
          label={t('topic')}
          value={filters.topic}
          options={choices.topics.map((s) => ({ value: s, label: s }))}
          onChange={filterTo('topic')}
        />
        <FilterSelect
          id="notebook-filter-test"
          label={t('test')}
          value={filters.taskId}
          options={choices.tests.map((test) => ({ value: test.taskId, label: test.name }))}
          onChange={filterTo('taskId')}
        />
        <FilterSelect
          id="notebook-filter-error-type"
          label={t('errorType')}
          value={filters.errorType}
          options={ERROR_TYPES.map((type) => ({ value: type, label: t(`errorTypes.${type}`) }))}
          onChange={filterTo('errorType')}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        {page && (
          <Typography variant="body2" role="status" data-testid="notebook-count">
            {t('count', { count: page.total })}
          </Typography>
        )}
        {hasFilters(filters) && (
          <Button size="small" onClick={() => show({ page: 1 })}>
            {t('clearFilters')}
          </Button>
        )}
      </Box>
      <ListStatus
        isPending={cards.isPending}
        isError={cards.isError}
        isEmpty={page?.cards.length === 0}
        errorText={t('loadFailed')}
        emptyText={hasFilters(filters) ? t('emptyFiltered') : t('empty')}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {page?.cards.map((card) => (
          // A card's note is local until saved: a new version of the card starts from the saved note.
          <NotebookCardView key={`${card.id}:${card.note}`} card={card} renderQuestion={renderQuestion} />
        ))}
      </Box>
      {pageCount > 1 && (
        <Box component="nav" aria-label={t('pages')} sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pageCount}
            page={Math.min(filters.page, pageCount)}
            onChange={(_event, value) => show({ ...filters, page: value })}
            siblingCount={0}
          />
        </Box>
      )}
    </PageCard>
  );
}
