import { describe, expect, it } from 'vitest';
import { PLACES, STUDENTS, actor, without } from '../../../../test/policy-actors.js';
import { canViewReport } from './reports.policy.js';

const owner = { student: STUDENTS.priya };

describe('reports policy', () => {
  it('shows a report to its student, a linked parent, staff in scope and the institute’s own account', () => {
    expect(canViewReport(actor('Student', { userId: STUDENTS.priya.userId }), owner)).toBe(true);
    expect(canViewReport(actor('Parent', { children: [STUDENTS.priya.userId] }), owner)).toBe(true);
    expect(canViewReport(actor('SchoolTeacher'), owner)).toBe(true);
    expect(canViewReport(actor('Institution'), owner)).toBe(true);
  });

  it('hides it from everyone else', () => {
    expect(canViewReport(actor('Student', { userId: STUDENTS.arun.userId }), owner)).toBe(false);
    expect(canViewReport(actor('Parent', { children: [STUDENTS.arun.userId] }), owner)).toBe(false);
    expect(canViewReport(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'reports.view') }), owner)).toBe(false);
    expect(canViewReport(actor('Institution', { instituteId: PLACES.KAVERI }), owner)).toBe(false);
  });
});
