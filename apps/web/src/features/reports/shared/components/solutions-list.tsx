import type { FeedbackReport } from '@app/contracts';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { QuestionsWithAnswer } from './questions-with-answer';

type Item = FeedbackReport['QuestionsWithAnswer'][number];
type Status = Item['status'];
type Filter = 'all' | Status;

/** Questions on one page of the solutions: a 180-question NEET paper is nine pages, not one very long one. */
export const SOLUTIONS_PAGE_SIZE = 20;
const STATUSES: readonly Status[] = ['wrong', 'unanswered', 'partial', 'pending', 'correct'];

/**
 * The questions of a feedback report as the solutions of a test are read: filtered by what happened
 * to each (wrong, not answered, …, with counts) and a page at a time. Changing the page moves the
 * reader (and the keyboard focus) to the top of the list.
 */
export function SolutionsList({ items, renderActions }: { items: Item[]; renderActions?: (item: Item) => ReactNode }) {
  const { t } = useTranslation('reports');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const top = useRef<HTMLParagraphElement>(null);
  const counts = useMemo(() => {
    const byStatus = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<Status, number>;
    for (const item of items) byStatus[item.status] += 1;
    return byStatus;
  }, [items]);
  const shown = filter === 'all' ? items : items.filter((item) => item.status === filter);
  const pages = Math.max(1, Math.ceil(shown.length / SOLUTIONS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const from = shown.length === 0 ? 0 : (current - 1) * SOLUTIONS_PAGE_SIZE + 1;
  const to = Math.min(current * SOLUTIONS_PAGE_SIZE, shown.length);
  const choose = (_event: unknown, value: Filter | null) => {
    if (!value) return;
    setFilter(value);
    setPage(1);
  };
  const turn = (_event: unknown, value: number) => {
    setPage(value);
    // Focus scrolls the list's first line into view as well.
    top.current?.focus();
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filter}
        onChange={choose}
        aria-label={t('solutions.filter')}
        // The default grey of an unpressed button is 4.47:1 on the page's background; text.primary reads.
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { textTransform: 'none' }, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      >
        <ToggleButton value="all">{t('solutions.all', { count: items.length })}</ToggleButton>
        {STATUSES.filter((status) => counts[status] > 0).map((status) => (
          <ToggleButton key={status} value={status}>
            {t('solutions.withCount', { label: t(`status.${status}`), count: counts[status] })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography ref={top} tabIndex={-1} color="text.secondary" data-testid="solutions-range" sx={{ outline: 'none' }}>
        {t('solutions.range', { from, to, total: shown.length })}
      </Typography>
      <QuestionsWithAnswer items={shown.slice(from === 0 ? 0 : from - 1, to)} renderActions={renderActions} />
      {pages > 1 && (
        <Pagination
          count={pages}
          page={current}
          onChange={turn}
          aria-label={t('solutions.pages')}
          getItemAriaLabel={(type, number, selected) =>
            type === 'page'
              ? t(selected ? 'solutions.currentPage' : 'solutions.page', { number })
              : // An ellipsis is no button: MUI puts the label on a plain element, where it names nothing.
                type === 'start-ellipsis' || type === 'end-ellipsis'
                ? ''
                : t(`solutions.${type}`)
          }
          sx={{ '& ul': { justifyContent: 'center' } }}
        />
      )}
    </Box>
  );
}
