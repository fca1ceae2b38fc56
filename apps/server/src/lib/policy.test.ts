import type { Permission } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { PLACES, STUDENTS, actor, without } from '../../test/policy-actors.js';
import {
  canActOnStudent,
  canStaffActOnStudent,
  reachesStudent,
  studentReachOf,
  teachesStudent,
} from './policy.js';

const { SUNRISE, KAVERI, CLASS_11, CLASS_12, SECTION_A, SECTION_B } = PLACES;
const { priya, arun, elsewhere } = STUDENTS;

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

describe('canStaffActOnStudent', () => {
  it('leaves the student and the parent out, and lets the Institution account only read', () => {
    expect(canStaffActOnStudent(actor('Student', { userId: priya.userId }), priya, 'reports.view', 'read')).toBe(false);
    expect(canStaffActOnStudent(actor('Parent', { children: [priya.userId] }), priya, 'reports.view', 'read')).toBe(false);
    expect(canStaffActOnStudent(actor('Institution'), priya, 'reports.exam', 'read')).toBe(true);
    expect(canStaffActOnStudent(actor('Institution', { permissions: new Set<Permission>(['grading.mark']) }), priya, 'grading.mark', 'write')).toBe(false);
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
