import { describe, expect, it } from 'vitest';
import { PLACES, STUDENTS, actor, without } from '../../../test/policy-actors.js';
import { canViewFrames } from './proctoring.policy.js';

const owner = { student: STUDENTS.priya };

describe('proctoring policy', () => {
  it('shows frames to staff in scope with the permission, and to nobody else', () => {
    expect(canViewFrames(actor('SchoolTeacher'), owner)).toBe(true);
    expect(canViewFrames(actor('InstituteAdmin'), owner)).toBe(true);
    expect(canViewFrames(actor('SchoolTeacher', { instituteId: PLACES.KAVERI }), owner)).toBe(false);
    expect(canViewFrames(actor('SchoolTeacher', { permissions: without('SchoolTeacher', 'proctoring.viewFrames') }), owner)).toBe(false);
    expect(canViewFrames(actor('Student', { userId: STUDENTS.priya.userId }), owner)).toBe(false);
    expect(canViewFrames(actor('Parent', { children: [STUDENTS.priya.userId] }), owner)).toBe(false);
    expect(canViewFrames(actor('ClientAdmin', { clientId: 'other' }), owner)).toBe(false);
  });
});
