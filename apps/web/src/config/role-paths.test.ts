import { menuFor } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { isPathPermitted, isRolePath, rootRouteFor } from './role-paths';

describe('teacher menu and routes narrowed by permission tabs', () => {
  const tabs = ['Dashboard', 'Content Management'];

  it('keeps only the permitted menu items plus the last one', () => {
    expect(menuFor('SchoolTeacher', tabs).map((item) => item.id)).toEqual(['dashboard', 'content', 'questionbank', 'contactus']);
    expect(menuFor('SchoolTeacher', []).map((item) => item.id)).toEqual(['contactus']);
  });

  it('does not narrow admin menus', () => {
    expect(menuFor('ClientAdmin', []).map((item) => item.id)).toContain('roleconfig');
  });

  it('refuses routes of tabs that were not granted and keeps academy routes when permitted', () => {
    expect(isPathPermitted('SchoolTeacher', tabs, '/dashboard')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', tabs, '/academy/courses/topic/4')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', ['Dashboard'], '/academy/courses')).toBe(false);
    expect(isPathPermitted('SchoolTeacher', tabs, '/testconfig')).toBe(false);
    expect(isPathPermitted('SchoolTeacher', tabs, '/questionbank')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', ['Dashboard'], '/questionbank')).toBe(false);
  });

  it('gives a teacher the exam-centre screens by their permission tabs (decision 080)', () => {
    expect(isPathPermitted('SchoolTeacher', ['Dashboard'], '/centres')).toBe(false);
    expect(isPathPermitted('SchoolTeacher', ['Dashboard', 'Exam Centres'], '/centres')).toBe(true);
    expect(menuFor('SchoolTeacher', ['Dashboard', 'Exam Centres'], 'central').map((item) => item.id)).toEqual(['dashboard', 'centres', 'contactus']);
    expect(menuFor('SchoolTeacher', ['Dashboard'], 'central').map((item) => item.id)).toEqual(['dashboard', 'contactus']);
    // On a centre server: the Exam Centre screen and the invigilator's dashboard under it.
    expect(isPathPermitted('SchoolTeacher', ['Exam Centre'], '/centre')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', ['Exam Centre'], '/centre/exams/7')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', ['Exam Centres'], '/centre/exams/7')).toBe(false);
  });

  it('always keeps the last menu item and the last two routes', () => {
    expect(isPathPermitted('SchoolTeacher', [], '/contactus')).toBe(true);
    expect(isPathPermitted('SchoolTeacher', [], '/home')).toBe(true);
  });

  it('lets everything through when the role is not narrowed', () => {
    expect(isPathPermitted('ClientAdmin', undefined, '/testconfig')).toBe(true);
  });
});

describe('role route sets (spec 000 §2)', () => {
  it('sends each role root to its home', () => {
    expect(rootRouteFor('Student')).toBe('/academy/courses');
    expect(rootRouteFor('SchoolTeacher')).toBe('/home');
    expect(rootRouteFor('Institution')).toBe('/reports');
  });
  it('knows which paths a role may open', () => {
    expect(isRolePath('Student', '/notes/archive')).toBe(true);
    expect(isRolePath('Student', '/testconfig')).toBe(false);
    expect(isRolePath('Institution', '/reports/subject-dashboard/3/9')).toBe(true);
    expect(isRolePath('Institution', '/academy/courses')).toBe(false);
  });
  it('hides Profile for SchoolStudent, SchoolTeacher and Teacher', () => {
    expect(menuFor('Student').map((item) => item.id)).toContain('profile');
    expect(menuFor('SchoolStudent').map((item) => item.id)).not.toContain('profile');
    expect(menuFor('Teacher').map((item) => item.id)).not.toContain('profile');
  });
});
