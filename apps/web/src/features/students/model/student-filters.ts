import type { ListStudentsQuery } from '@app/contracts';

/** What the screen's filter bar and table hold; the list call's query is derived from it. */
export interface StudentFilters {
  search: string;
  instituteId: number | null;
  classId: number | null;
  sectionId: number | null;
  status: 'active' | 'deactivated' | 'all';
  /** Zero-based, as the table counts pages. */
  page: number;
  pageSize: number;
  sortBy: NonNullable<ListStudentsQuery['sortBy']>;
  sortDir: 'asc' | 'desc';
}

export const DEFAULT_STUDENT_FILTERS: StudentFilters = {
  search: '',
  instituteId: null,
  classId: null,
  sectionId: null,
  status: 'active',
  page: 0,
  pageSize: 25,
  sortBy: 'name',
  sortDir: 'asc',
};

/** The list call's query: empty filters are left out, the page is one-based. */
export function listQueryOf(filters: StudentFilters): ListStudentsQuery {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.instituteId ? { instituteId: filters.instituteId } : {}),
    ...(filters.classId ? { classId: filters.classId } : {}),
    ...(filters.sectionId ? { sectionId: filters.sectionId } : {}),
    status: filters.status,
    page: filters.page + 1,
    pageSize: filters.pageSize,
    sortBy: filters.sortBy,
    sortDir: filters.sortDir,
  };
}

/**
 * A filter change: any change but paging goes back to the first page; a new institute clears the
 * class and section, a new class the section (they belong to it).
 */
export function changeFilters(current: StudentFilters, change: Partial<StudentFilters>): StudentFilters {
  const next = { ...current, ...change };
  if ('instituteId' in change && change.instituteId !== current.instituteId) {
    next.classId = null;
    next.sectionId = null;
  }
  if ('classId' in change && change.classId !== current.classId) next.sectionId = null;
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  if (!onlyPage) next.page = 0;
  return next;
}
