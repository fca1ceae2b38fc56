import { describe, expect, it } from 'vitest';
import { changeFilters, DEFAULT_STUDENT_FILTERS, listQueryOf } from './student-filters';

describe('student table filters', () => {
  it('sends only the filters that are set, with a one-based page', () => {
    expect(listQueryOf(DEFAULT_STUDENT_FILTERS)).toEqual({ status: 'active', page: 1, pageSize: 25, sortBy: 'name', sortDir: 'asc' });
    const query = listQueryOf({ ...DEFAULT_STUDENT_FILTERS, search: '  priya ', instituteId: 3, classId: 7, sectionId: 9, status: 'all', page: 2, sortBy: 'email', sortDir: 'desc' });
    expect(query).toEqual({ search: 'priya', instituteId: 3, classId: 7, sectionId: 9, status: 'all', page: 3, pageSize: 25, sortBy: 'email', sortDir: 'desc' });
  });

  it('goes back to the first page on any change but paging', () => {
    const onPage3 = { ...DEFAULT_STUDENT_FILTERS, page: 3 };
    expect(changeFilters(onPage3, { status: 'deactivated' }).page).toBe(0);
    expect(changeFilters(onPage3, { search: 'a' }).page).toBe(0);
    expect(changeFilters(onPage3, { sortBy: 'username' }).page).toBe(0);
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
    expect(changeFilters(onPage3, { page: 0, pageSize: 50 })).toMatchObject({ page: 0, pageSize: 50 });
  });

  it('clears the class and section when the institute changes, and the section when the class does', () => {
    const placed = { ...DEFAULT_STUDENT_FILTERS, instituteId: 1, classId: 2, sectionId: 3 };
    expect(changeFilters(placed, { instituteId: 5 })).toMatchObject({ instituteId: 5, classId: null, sectionId: null });
    expect(changeFilters(placed, { classId: 4 })).toMatchObject({ instituteId: 1, classId: 4, sectionId: null });
    expect(changeFilters(placed, { sectionId: 6 })).toMatchObject({ classId: 2, sectionId: 6 });
    expect(changeFilters(placed, { instituteId: 1 })).toMatchObject({ classId: 2, sectionId: 3 });
  });
});
