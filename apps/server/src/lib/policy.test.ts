import { DEFAULT_ROLE_PERMISSIONS, type Permission, type Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import {
  canActOnStudent,
  canMarkAnswer,
  canStaffActOnStudent,
  canViewFrames,
  canViewPendingAnswer,
  canViewReport,
  reachesStudent,
  studentReachOf,
  teachesStudent,
  type StudentScope,
} from './policy.js';

const SUNRISE = 1;
const KAVERI = 2;
const CLASS_11 = 11;
const CLASS_12 = 12;
const SECTION_A = 101;
const SECTION_B = 102;

const priya: StudentScope = { userId: 10, clientId: 'neetprep', instituteId: SUNRISE, classId: CLASS_12, sectionId: SECTION_A };
const arun: StudentScope = { userId: 11, clientId: 'neetprep', instituteId: KAVERI, classId: CLASS_11, sectionId: SECTION_B };
const elsewhere: StudentScope = { userId: 12, clientId: 'other', instituteId: 3, classId: 31, sectionId: 301 };

function actor(role: Role, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: 1,
    role,
    sessionId: 's',
    email: null,
    username: role.toLowerCase(),
    clientId: 'neetprep',
    instituteId: SUNRISE,
    classId: null,
    sectionId: null,
    classes: [],
    children: [],
    permissions: new Set(DEFAULT_ROLE_PERMISSIONS[role]),
    ...overrides,
  };
}
const without = (role: Role, ...taken: Permission[]) => new Set(DEFAULT_ROLE_PERMISSIONS[role].filter((p) => !taken.includes(p)));

describe('canActOnStudent', () => {
  it('lets a student act on their own records only', () => {
    const me = actor('Student', { userId: priya.userId, classId: CLASS_12, sectionId: SECTION_A });
    expect(canActOnStudent(me, priya, 'reports.view', 'write')).toBe(true);
    expect(canActOnStudent(me, { ...arun, instituteId: SUNRISE }, 'reports.view')).toBe(false);
  });

  it('lets a parent read, never change, a linked child’s records', () => {
    const parent = actor('Parent', { children: [priya.userId] });
    expect(canActOnStudent(parent, priya, 'reports.view', 'read')).toBe(true);
    expect(canActOnStudent(parent, priya, 'reports.view', 'write')).toBe(false);
    expect(canActOnStudent(parent, { ...arun, instituteId: SUNRISE }, 'reports.view')).toBe(false);
  });

  it('lets a teacher of the institute act with the permission, and not without it', () => {
    expect(canActOnStudent(actor('SchoolTeacher'), priya, 'grading.mark', 'write')).toBe(true);
    expect(canActOnStudent(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'grading.mark') }), priya, 'grading.mark', 'write')).toBe(false);
  });

  it('keeps a teacher out of another institute and another client', () => {
    expect(canActOnStudent(actor('SchoolTeacher', { instituteId: KAVERI }), priya, 'grading.mark')).toBe(false);
    expect(canActOnStudent(actor('SchoolTeacher'), elsewhere, 'grading.mark')).toBe(false);
    // A teacher with no institute reaches nobody.
    expect(canActOnStudent(actor('Teacher', { instituteId: null }), { ...priya, instituteId: null }, 'grading.mark')).toBe(false);
  });

  it('lets the institute admin act in the institute, and a client admin in every institute of the client', () => {
    expect(canActOnStudent(actor('InstituteAdmin'), priya, 'grading.mark', 'write')).toBe(true);
    expect(canActOnStudent(actor('InstituteAdmin'), arun, 'grading.mark')).toBe(false);
    expect(canActOnStudent(actor('ClientAdmin'), arun, 'grading.mark', 'write')).toBe(true);
    expect(canActOnStudent(actor('ClientAdmin'), elsewhere, 'grading.mark')).toBe(false);
  });

  it('lets an Institution account read its own institute only, never write', () => {
    expect(canActOnStudent(actor('Institution'), priya, 'reports.view', 'read')).toBe(true);
    expect(canActOnStudent(actor('Institution'), priya, 'reports.view', 'write')).toBe(false);
    expect(canActOnStudent(actor('Institution'), arun, 'reports.view', 'read')).toBe(false);
    expect(canActOnStudent(actor('Institution'), priya, 'grading.mark', 'read')).toBe(false);
  });
});

describe('class assignments', () => {
  it('narrows a teacher to the assigned classes and sections', () => {
    const byClass = actor('SchoolTeacher', { classes: [{ classId: CLASS_12, sectionId: null }] });
    expect(reachesStudent(byClass, priya)).toBe(true);
    expect(reachesStudent(byClass, { ...priya, classId: CLASS_11 })).toBe(false);
    const bySection = actor('SchoolTeacher', { classes: [{ classId: CLASS_12, sectionId: SECTION_B }] });
    expect(reachesStudent(bySection, priya)).toBe(false);
    expect(reachesStudent(bySection, { ...priya, sectionId: SECTION_B })).toBe(true);
  });

  it('means the whole institute when none are assigned, and never reaches a student without a class once some are', () => {
    expect(teachesStudent({ classes: [] }, { classId: null, sectionId: null })).toBe(true);
    expect(teachesStudent({ classes: [{ classId: CLASS_12, sectionId: null }] }, { classId: null, sectionId: null })).toBe(false);
  });

  it('does not narrow admins', () => {
    const admin = actor('InstituteAdmin', { classes: [{ classId: CLASS_11, sectionId: null }] });
    expect(reachesStudent(admin, priya)).toBe(true);
  });
});

describe('attempt policies (marking, frames, reports)', () => {
  const owner = { student: priya };

  it('marks and shows frames only for staff in scope with the permission', () => {
    const teacher = actor('SchoolTeacher');
    expect(canViewPendingAnswer(teacher, owner)).toBe(true);
    expect(canMarkAnswer(teacher, owner)).toBe(true);
    expect(canViewFrames(teacher, owner)).toBe(true);
    expect(canMarkAnswer(actor('SchoolTeacher', { instituteId: KAVERI }), owner)).toBe(false);
    expect(canViewFrames(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'proctoring.viewFrames') }), owner)).toBe(false);
  });

  it('never lets the student, a parent or the Institution account mark', () => {
    expect(canMarkAnswer(actor('Student', { userId: priya.userId }), owner)).toBe(false);
    expect(canMarkAnswer(actor('Parent', { children: [priya.userId] }), owner)).toBe(false);
    expect(canMarkAnswer(actor('Institution', { permissions: new Set<Permission>(['grading.mark']) }), owner)).toBe(false);
    expect(canStaffActOnStudent(actor('Institution'), priya, 'reports.exam', 'read')).toBe(true);
  });

  it('shows a report to its student, a linked parent and staff in scope', () => {
    expect(canViewReport(actor('Student', { userId: priya.userId }), owner)).toBe(true);
    expect(canViewReport(actor('Parent', { children: [priya.userId] }), owner)).toBe(true);
    expect(canViewReport(actor('Parent', { children: [arun.userId] }), owner)).toBe(false);
    expect(canViewReport(actor('SchoolTeacher'), owner)).toBe(true);
    expect(canViewReport(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'reports.view') }), owner)).toBe(false);
    expect(canViewReport(actor('Student', { userId: arun.userId }), owner)).toBe(false);
  });
});

describe('studentReachOf (lists narrowed in SQL)', () => {
  it('describes the same reach as the record rule', () => {
    expect(studentReachOf(actor('ClientAdmin'), 'grading.viewPending')).toEqual({ kind: 'client', clientId: 'neetprep' });
    expect(studentReachOf(actor('InstituteAdmin', { classes: [{ classId: CLASS_11, sectionId: null }] }), 'grading.viewPending')).toEqual({
      kind: 'institute',
      clientId: 'neetprep',
      instituteId: SUNRISE,
      classes: [],
    });
    const classes = [{ classId: CLASS_12, sectionId: SECTION_B }];
    expect(studentReachOf(actor('SchoolTeacher', { classes }), 'grading.viewPending')).toEqual({ kind: 'institute', clientId: 'neetprep', instituteId: SUNRISE, classes });
  });

  it('reaches nobody without the permission, without an institute, or for students and parents', () => {
    expect(studentReachOf(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'grading.viewPending') }), 'grading.viewPending')).toEqual({ kind: 'none' });
    expect(studentReachOf(actor('Teacher', { instituteId: null }), 'grading.viewPending')).toEqual({ kind: 'none' });
    expect(studentReachOf(actor('Student', { permissions: new Set<Permission>(['grading.viewPending']) }), 'grading.viewPending')).toEqual({ kind: 'none' });
    expect(studentReachOf(actor('Parent', { permissions: new Set<Permission>(['grading.viewPending']) }), 'grading.viewPending')).toEqual({ kind: 'none' });
  });
});
