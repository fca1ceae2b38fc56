import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { ScrollContainer } from './scroll-container';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

/**
 * The pager wraps onto a second line on a narrow screen (390 px, Tamil, 400 % zoom) instead of
 * sitting past its edge in a scroll area, and "Rows per page" shows where focus is.
 */
const PAGINATION_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 0.5, pl: { xs: 1, sm: 2 }, pr: { xs: 1, sm: 0.5 } },
  '& .MuiTablePagination-spacer': { flex: { xs: '0 0 0', sm: '1 1 100%' } },
  '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0, sm: 2.5 } },
  '& .MuiTablePagination-select:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px', borderRadius: 1 },
} as const;

export type { ColumnDef, SortingState } from '@tanstack/react-table';

/** Paging done by the server (lists of thousands): the table shows one page and asks for others. */
export interface ServerPaging {
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** Rows on all pages. */
  total: number;
  onChange: (next: { page: number; pageSize: number }) => void;
}

export interface RowAction<Row> {
  id: string;
  /** Already translated; also the button's accessible name (with the row's label). */
  label: string;
  icon: ReactNode;
  onClick: (row: Row) => void;
  isDisabled?: (row: Row) => boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (translated). */
  label: string;
  // Column value types differ per column; TanStack's own examples type the list this way.
  columns: ColumnDef<Row, any>[];
  rows: Row[];
  getRowId: (row: Row) => string;
  /** Names a row in its action buttons ("Edit: Priya"). */
  getRowLabel?: (row: Row) => string;
  rowActions?: RowAction<Row>[];
  /** Row actions as buttons with their labels shown (a screen where they are the main work, such as the live room). */
  hasActionLabels?: boolean;
  isLoading?: boolean;
  /** A translated message; the table shows it with a Retry when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Shown when there are no rows (translated); a default otherwise. */
  emptyText?: string;
  /** Shows a search box. Without onSearchChange it filters the given rows. */
  isSearchable?: boolean;
  /** Server-side search: called (debounced) with the typed text. */
  onSearchChange?: (value: string) => void;
  /** Server-side paging; without it the given rows are paged here. */
  paging?: ServerPaging;
  /** Server-side sorting: the table reports the wanted order and shows rows as given. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  pageSizeOptions?: number[];
  initialPageSize?: number;
}

const SEARCH_DELAY_MS = 300;

/**
 * The back office's list: sortable headers, paging, a search box, loading, empty and error
 * states, and row actions. TanStack Table does the table logic (headless); MUI draws it, so the
 * headers are buttons with aria-sort and everything works from the keyboard. Lists of thousands
 * page, sort and search on the server (`paging`, `onSortingChange`, `onSearchChange`).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowId,
  getRowLabel,
  rowActions = [],
  hasActionLabels = false,
  isLoading = false,
  error = null,
  onRetry,
  emptyText,
  isSearchable = false,
  onSearchChange,
  paging,
  sorting: serverSorting,
  onSortingChange,
  pageSizeOptions = [10, 25, 50, 100],
  initialPageSize = 10,
}: DataTableProps<Row>) {
  const { t } = useTranslation('dataTable');
  const searchId = useId();
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [localPaging, setLocalPaging] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const [searchText, setSearchText] = useState('');
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const isServerSearch = Boolean(onSearchChange);
  const isServerSorting = Boolean(onSortingChange);
  const sorting = isServerSorting ? (serverSorting ?? []) : localSorting;

  const sentSearch = useRef('');
  useEffect(() => {
    // Only a change of the text is a new search (not a new callback identity, nor the first render).
    if (!onSearchChange || debouncedSearch === sentSearch.current) return;
    sentSearch.current = debouncedSearch;
    onSearchChange(debouncedSearch);
    if (paging && paging.page !== 0) paging.onChange({ page: 0, pageSize: paging.pageSize });
  }, [debouncedSearch, onSearchChange, paging]);

  // No React Compiler here: the table object is read afresh on every render, as TanStack intends.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    state: {
      sorting,
      globalFilter: isServerSearch ? '' : searchText,
      pagination: paging ? { pageIndex: paging.page, pageSize: paging.pageSize } : localPaging,
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (onSortingChange) onSortingChange(next);
      else setLocalSorting(next);
      if (paging) paging.onChange({ page: 0, pageSize: paging.pageSize });
      else setLocalPaging((current) => ({ ...current, pageIndex: 0 }));
    },
    // First press ascending for every column (TanStack starts numbers descending), as the arrow shows.
    sortDescFirst: false,
    manualSorting: isServerSorting,
    manualFiltering: isServerSearch,
    manualPagination: Boolean(paging),
    rowCount: paging?.total,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const visibleRows = table.getRowModel().rows;
  const total = paging ? paging.total : table.getFilteredRowModel().rows.length;
  const pageIndex = paging ? paging.page : localPaging.pageIndex;
  const pageSize = paging ? paging.pageSize : localPaging.pageSize;
  const columnCount = table.getVisibleLeafColumns().length + (rowActions.length ? 1 : 0);
  const changePage = (page: number, size: number) => {
    if (paging) paging.onChange({ page, pageSize: size });
    else setLocalPaging({ pageIndex: page, pageSize: size });
  };

  let bodyMessage: string | null = null;
  if (visibleRows.length === 0 && !error) {
    if (isLoading) bodyMessage = t('loading');
    else bodyMessage = searchText ? t('noMatches') : (emptyText ?? t('empty'));
  }

  return (
    <Box>
      {isSearchable && (
        <TextField
          id={searchId}
          type="search"
          size="small"
          label={t('search')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            // A new search starts on its first page.
            if (!paging) setLocalPaging((current) => ({ ...current, pageIndex: 0 }));
          }}
          sx={{ mb: 2, minWidth: 260 }}
        />
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('retry')}
              </Button>
            )
          }
        >
          {error || t('loadFailed')}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{isLoading && <LinearProgress aria-label={t('loading')} />}</Box>
      <ScrollContainer label={label}>
        <Table size="small" aria-label={label} aria-busy={isLoading}>
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const direction = header.column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableCell
                      key={header.id}
                      scope="col"
                      aria-sort={
                        header.column.getCanSort()
                          ? direction
                            ? direction === 'asc'
                              ? 'ascending'
                              : 'descending'
                            : 'none'
                          : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <TableSortLabel
                          active={Boolean(direction)}
                          direction={direction || 'asc'}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                        </TableSortLabel>
                      ) : (
                        content
                      )}
                    </TableCell>
                  );
                })}
                {rowActions.length > 0 && (
                  <TableCell scope="col" align="right">
                    {t('actions')}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {bodyMessage !== null && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {bodyMessage}
                </TableCell>
              </TableRow>
            )}
            {visibleRows.map((row) => (
              <TableRow key={row.id} hover>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                ))}
                {rowActions.length > 0 && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" spacing={0.5} justifyContent="flex-end">
                      {rowActions.map((action) => {
                        const name = getRowLabel ? `${action.label}: ${getRowLabel(row.original)}` : action.label;
                        const isDisabled = action.isDisabled?.(row.original) ?? false;
                        if (hasActionLabels) {
                          return (
                            <Button key={action.id} size="small" variant="outlined" startIcon={action.icon} aria-label={name} disabled={isDisabled} onClick={() => action.onClick(row.original)}>
                              {action.label}
                            </Button>
                          );
                        }
                        return (
                          <Tooltip key={action.id} title={action.label}>
                            <span>
                              <IconButton
                                size="small"
                                aria-label={name}
                                disabled={isDisabled}
                                onClick={() => action.onClick(row.original)}
                              >
                                {action.icon}
                              </IconButton>
                            </span>
                          </Tooltip>
                        );
                      })}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(pageIndex, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizeOptions}
        onPageChange={(_event, page) => changePage(page, pageSize)}
        onRowsPerPageChange={(event) => changePage(0, Number(event.target.value))}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`page.${type}`)}
        showFirstButton
        showLastButton
        sx={PAGINATION_SX}
      />
    </Box>
  );
}
