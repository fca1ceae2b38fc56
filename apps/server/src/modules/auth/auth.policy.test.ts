import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { canCreateLoginLink, canSeeAccount, type AccountScope } from './auth.policy.js';

const staff = (role: Role, overrides: Partial<Actor> = {}): Actor => ({
  userId: 1,
  role,
  sessionId: 's',
  email: null,
  username: 'u',
  clientId: 'neetprep',
  instituteId: 1,
  classId: null,
  sectionId: null,
  classes: [],
  children: [],
  permissions: new Set(DEFAULT_ROLE_PERMISSIONS[role]),
  ...overrides,
});
const account = (role: Role, overrides: Partial<AccountScope> = {}): AccountScope => ({
  userId: 9,
  role,
  clientId: 'neetprep',
  instituteId: 1,
  classId: 5,
  sectionId: 50,
  ...overrides,
});

describe('sign-in links (auth.policy)', () => {
  it('lets staff of the institute link a student, and nobody else’s student', () => {
    expect(canCreateLoginLink(staff('SchoolTeacher'), account('Student'))).toBe(true);
    expect(canSeeAccount(staff('SchoolTeacher', { instituteId: 2 }), account('Student'))).toBe(false);
    expect(canCreateLoginLink(staff('SchoolTeacher', { instituteId: 2 }), account('Student'))).toBe(false);
    expect(canCreateLoginLink(staff('SchoolTeacher', { classes: [{ classId: 6, sectionId: null }] }), account('Student'))).toBe(false);
  });

  it('needs the permission', () => {
    expect(canCreateLoginLink(staff('SchoolTeacher', { permissions: new Set() }), account('Student'))).toBe(false);
  });

  it('lets admins link non-admin staff of their scope, never another admin; teachers only students', () => {
    expect(canCreateLoginLink(staff('InstituteAdmin'), account('SchoolTeacher'))).toBe(true);
    expect(canCreateLoginLink(staff('ClientAdmin', { instituteId: 2 }), account('Teacher'))).toBe(true);
    expect(canCreateLoginLink(staff('ClientAdmin'), account('InstituteAdmin'))).toBe(false);
    expect(canCreateLoginLink(staff('ClientAdmin'), account('Teacher', { clientId: 'other' }))).toBe(false);
    expect(canCreateLoginLink(staff('SchoolTeacher'), account('Teacher'))).toBe(false);
  });
});
