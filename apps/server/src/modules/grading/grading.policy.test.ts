import type { Permission } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { PLACES, STUDENTS, actor, without } from '../../../test/policy-actors.js';
import { canMarkAnswer, canViewPendingAnswer } from './grading.policy.js';

const owner = { student: STUDENTS.priya };

describe('grading policy', () => {
  it('lets staff in scope with the permission see and mark answers', () => {
    expect(canViewPendingAnswer(actor('SchoolTeacher'), owner)).toBe(true);
    expect(canMarkAnswer(actor('SchoolTeacher'), owner)).toBe(true);
    expect(canMarkAnswer(actor('ClientAdmin', { instituteId: PLACES.KAVERI }), owner)).toBe(true);
  });

  it('refuses another institute, another class and a role without the permission', () => {
    expect(canMarkAnswer(actor('SchoolTeacher', { instituteId: PLACES.KAVERI }), owner)).toBe(false);
    expect(canMarkAnswer(actor('SchoolTeacher', { classes: [{ classId: PLACES.CLASS_11, sectionId: null }] }), owner)).toBe(false);
    expect(canMarkAnswer(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'grading.mark') }), owner)).toBe(false);
    expect(canViewPendingAnswer(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'grading.viewPending') }), owner)).toBe(false);
  });

  it('never lets the student, a parent or the Institution account mark', () => {
    expect(canMarkAnswer(actor('Student', { userId: STUDENTS.priya.userId }), owner)).toBe(false);
    expect(canMarkAnswer(actor('Parent', { children: [STUDENTS.priya.userId] }), owner)).toBe(false);
    expect(canMarkAnswer(actor('Institution', { permissions: new Set<Permission>(['grading.mark']) }), owner)).toBe(false);
  });
});
