import { describe, expect, it } from 'vitest';
import { homeRouteFor, menuFor } from './navigation.js';

const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('menuFor', () => {
  it('gives students the spec menu', () => {
    expect(titles(menuFor('Student'))).toEqual(['profile', 'academy', 'reportsAnalytics', 'todo', 'notes', 'bookmarks']);
  });

  it('hides Profile for SchoolStudent, Teacher and SchoolTeacher', () => {
    expect(titles(menuFor('SchoolStudent'))).not.toContain('profile');
    expect(titles(menuFor('SchoolStudent'))).toContain('omrUpload');
    expect(titles(menuFor('Teacher'))).not.toContain('profile');
  });

  it('narrows teacher menus to permitted tabs and always keeps the last item', () => {
    const menu = menuFor('SchoolTeacher', ['Dashboard', 'Test Configuration']);
    expect(titles(menu)).toEqual(['dashboard', 'testConfiguration', 'contactUs']);
  });

  it('gives admins role configuration and course schedule', () => {
    const menu = titles(menuFor('ClientAdmin'));
    expect(menu).toContain('roleConfiguration');
    expect(menu).toContain('courseSchedule');
    expect(menu.at(-1)).toBe('contactUs');
  });

  it('routes each role home', () => {
    expect(homeRouteFor('Student')).toBe('/academy/courses');
    expect(homeRouteFor('SchoolTeacher')).toBe('/academy/courses');
    expect(homeRouteFor('Institution')).toBe('/reports');
  });
});
