import { describe, expect, it } from 'vitest';
import { actor, PLACES, STUDENTS, without } from '../../../test/policy-actors.js';
import { canManageStudent, canPlaceStudent, canResetStudentPassword } from './students.policy.js';

const priya = { ...STUDENTS.priya, role: 'Student' };

describe('students policy', () => {
  it('lets staff of the student’s institute (and its client’s admin) manage and reset', () => {
    for (const role of ['Teacher', 'SchoolTeacher', 'InstituteAdmin', 'ClientAdmin'] as const) {
      expect(canManageStudent(actor(role), priya), role).toBe(true);
      expect(canResetStudentPassword(actor(role), priya), role).toBe(true);
    }
  });

  it('refuses other institutes, other classes, missing permissions, non-students and read-only roles', () => {
    expect(canManageStudent(actor('Teacher', { instituteId: PLACES.KAVERI }), priya)).toBe(false);
    expect(canManageStudent(actor('Teacher', { classes: [{ classId: PLACES.CLASS_11, sectionId: null }] }), priya)).toBe(false);
    expect(canManageStudent(actor('Teacher', { classes: [{ classId: PLACES.CLASS_12, sectionId: PLACES.SECTION_A }] }), priya)).toBe(true);
    expect(canManageStudent(actor('Teacher', { permissions: without('Teacher', 'students.manage') }), priya)).toBe(false);
    expect(canResetStudentPassword(actor('Teacher', { permissions: without('Teacher', 'students.resetPassword') }), priya)).toBe(false);
    expect(canManageStudent(actor('ClientAdmin', { clientId: 'other' }), priya)).toBe(false);
    expect(canManageStudent(actor('ClientAdmin'), { ...priya, role: 'Teacher' })).toBe(false);
    expect(canManageStudent(actor('Institution', { permissions: new Set(['students.manage']) }), priya)).toBe(false);
    expect(canManageStudent(actor('Parent', { children: [priya.userId] }), priya)).toBe(false);
    expect(canManageStudent(actor('Student', { userId: priya.userId }), priya)).toBe(false);
  });

  it('places a new or moved student only where the actor reaches', () => {
    const place = { clientId: 'neetprep', instituteId: PLACES.SUNRISE, classId: PLACES.CLASS_12, sectionId: PLACES.SECTION_B };
    expect(canPlaceStudent(actor('Teacher'), place)).toBe(true);
    expect(canPlaceStudent(actor('Teacher', { classes: [{ classId: PLACES.CLASS_12, sectionId: PLACES.SECTION_A }] }), place)).toBe(false);
    expect(canPlaceStudent(actor('Teacher'), { ...place, instituteId: PLACES.KAVERI })).toBe(false);
  });
});
