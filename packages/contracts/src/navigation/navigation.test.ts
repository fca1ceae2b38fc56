import { describe, expect, it } from 'vitest';
import { homeRouteFor, menuFor } from './navigation.js';

const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('menuFor', () => {
  it('gives students the spec menu', () => {
    expect(titles(menuFor('Student'))).toEqual(['profile', 'academy', 'reportsAnalytics', 'todo', 'notes', 'bookmarks', 'notebook', 'adaptive']);
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

  it('gives admins role configuration, course schedule and item calibration', () => {
    for (const role of ['ClientAdmin', 'InstituteAdmin'] as const) {
      const menu = titles(menuFor(role));
      expect(menu).toContain('roleConfiguration');
      expect(menu.slice(menu.indexOf('courseSchedule'), menu.indexOf('courseSchedule') + 2)).toEqual(['courseSchedule', 'itemCalibration']);
      expect(menu.at(-1)).toBe('contactUs');
    }
    for (const role of ['Teacher', 'SchoolTeacher', 'Student', 'Institution'] as const) expect(titles(menuFor(role))).not.toContain('itemCalibration');
  });

  it('shows the exam-centre items only on a server of their role', () => {
    expect(titles(menuFor('InstituteAdmin'))).not.toContain('examCentres');
    expect(titles(menuFor('InstituteAdmin'))).not.toContain('centre');
    expect(titles(menuFor('InstituteAdmin', undefined, 'central'))).toContain('examCentres');
    expect(titles(menuFor('InstituteAdmin', undefined, 'central'))).not.toContain('centre');
    expect(titles(menuFor('ClientAdmin', undefined, 'centre'))).toContain('centre');
    expect(titles(menuFor('ClientAdmin', undefined, 'centre'))).not.toContain('examCentres');
    // A centre's invigilators are teachers holding the Exam Centre tab (theirs by default); Contact Us stays last.
    expect(titles(menuFor('Teacher', ['Exam Centre'], 'centre'))).toEqual(['centre', 'contactUs']);
    expect(titles(menuFor('Teacher', [], 'centre'))).toEqual(['contactUs']);
    expect(titles(menuFor('Teacher', ['Exam Centre'], 'central'))).toEqual(['contactUs']);
  });

  it('shows Exam Centres to a teacher only with its permission tab, on the central server (decision 080)', () => {
    expect(titles(menuFor('SchoolTeacher', ['Dashboard'], 'central'))).toEqual(['dashboard', 'contactUs']);
    expect(titles(menuFor('SchoolTeacher', ['Dashboard', 'Exam Centres'], 'central'))).toEqual(['dashboard', 'examCentres', 'contactUs']);
    expect(titles(menuFor('SchoolTeacher', ['Exam Centres'], 'centre'))).toEqual(['contactUs']);
  });

  it('routes each role home', () => {
    expect(homeRouteFor('Student')).toBe('/academy/courses');
    expect(homeRouteFor('SchoolTeacher')).toBe('/academy/courses');
    expect(homeRouteFor('Institution')).toBe('/reports');
  });
});
