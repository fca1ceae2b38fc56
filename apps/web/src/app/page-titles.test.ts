import { describe, expect, it } from 'vitest';
import { pageTitleKey } from './page-titles';

describe('document titles per screen', () => {
  it('names each student screen', () => {
    expect(pageTitleKey('/login')).toBe('login');
    expect(pageTitleKey('/academy/courses')).toBe('courses');
    expect(pageTitleKey('/academy/courses/topic/3/7')).toBe('topics');
    expect(pageTitleKey('/instruction/test/3/12')).toBe('instructions');
    expect(pageTitleKey('/test/practice/3/12')).toBe('test');
    expect(pageTitleKey('/notes/5')).toBe('notes');
    expect(pageTitleKey('/todo/filter/today/9')).toBe('todo');
    expect(pageTitleKey('/calender')).toBe('calendar');
    expect(pageTitleKey('/lesson/pdf/3/4')).toBe('lesson');
  });
  it('falls back to the app name alone for an unknown path', () => {
    expect(pageTitleKey('/no/such/page')).toBeNull();
  });
});
