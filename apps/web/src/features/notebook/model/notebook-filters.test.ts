import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasFilters, searchOfFilters, withFilter } from './notebook-filters';

describe('notebook filters in the query string', () => {
  it('reads the filters and leaves out values that cannot be one', () => {
    expect(
      filtersFromSearch(new URLSearchParams('subject=Physics&topic=%20Optics%20&taskId=7&errorType=guessed&page=3')),
    ).toEqual({
      subject: 'Physics',
      topic: 'Optics',
      taskId: 7,
      errorType: 'guessed',
      page: 3,
    });
    expect(filtersFromSearch(new URLSearchParams('taskId=-2&errorType=lazy&page=0&subject='))).toEqual({ page: 1 });
  });

  it('writes them back, without the first page', () => {
    expect(searchOfFilters({ subject: 'Biology', errorType: 'concept', page: 1 }).toString()).toBe(
      'subject=Biology&errorType=concept',
    );
    expect(searchOfFilters({ page: 2 }).toString()).toBe('page=2');
  });

  it('starts at the first page when a filter changes, and clears one with an empty value', () => {
    const filters = { subject: 'Physics', page: 4 };
    expect(withFilter(filters, 'taskId', '12')).toEqual({ subject: 'Physics', taskId: 12, page: 1 });
    expect(withFilter(filters, 'subject', '')).toEqual({ page: 1 });
    expect(hasFilters({ page: 2 })).toBe(false);
    expect(hasFilters({ topic: 'Optics', page: 1 })).toBe(true);
  });
});
