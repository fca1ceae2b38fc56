import type { Permission } from '@app/contracts';
import type { Actor, ClassAssignment } from './actor.js';

/**
 * Shared access rules (DESIGN §5 "Every record has an owner and a scope"). Plain functions of the
 * actor (with its scope, see actor.ts) and the record's owner; each domain's `<domain>.policy.ts`
 * builds on them and its service calls them before it reads or writes. A record out of scope is
 * answered as not found (404), so ids cannot be probed.
 */

/** Where a student (the owner of a record) belongs. */
export interface StudentScope {
  userId: number;
  /** The client of the student's institute (the account's client when it has none). */
  clientId: string;
  instituteId: number | null;
  classId: number | null;
  sectionId: number | null;
}

/** Reading changes nothing; Institution accounts and parents may only read. */
export type AccessMode = 'read' | 'write';

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.permissions.has(permission);
}

export function isSelf(actor: Actor, userId: number): boolean {
  return actor.userId === userId;
}

export function isParentOf(actor: Actor, studentUserId: number): boolean {
  return actor.role === 'Parent' && actor.children.includes(studentUserId);
}

/** Whether a teacher's class assignments cover the student (none assigned: the whole institute). */
export function teachesStudent(actor: Pick<Actor, 'classes'>, student: Pick<StudentScope, 'classId' | 'sectionId'>): boolean {
  if (actor.classes.length === 0) return true;
  return actor.classes.some(
    (assigned) => assigned.classId === student.classId && (assigned.sectionId === null || assigned.sectionId === student.sectionId),
  );
}

/**
 * Whether a staff or institution account reaches the student at all, whatever the permission:
 * the institute's admin its institute; a client admin the client's institutes; a teacher the
 * institute and, where classes are assigned, those classes; an Institution account its institute.
 */
export function reachesStudent(actor: Actor, student: StudentScope): boolean {
  const sameInstitute = actor.instituteId !== null && actor.instituteId === student.instituteId && actor.clientId === student.clientId;
  switch (actor.role) {
    case 'ClientAdmin':
      return actor.clientId === student.clientId;
    case 'InstituteAdmin':
    case 'Institution':
      return sameInstitute;
    case 'Teacher':
    case 'SchoolTeacher':
      return sameInstitute && teachesStudent(actor, student);
    default:
      return false;
  }
}

/**
 * The one rule for acting on a student's records: the student themself; a linked parent (read
 * only); staff in scope with the permission; the Institution account of the institute, read only,
 * with the permission.
 */
export function canActOnStudent(actor: Actor, student: StudentScope, permission: Permission, mode: AccessMode = 'read'): boolean {
  if (isSelf(actor, student.userId)) return true;
  if (isParentOf(actor, student.userId)) return mode === 'read';
  if (actor.role === 'Institution' && mode === 'write') return false;
  return hasPermission(actor, permission) && reachesStudent(actor, student);
}

/** Staff only (not the student, not a parent): marking, camera frames, sign-in links. */
export function canStaffActOnStudent(actor: Actor, student: StudentScope, permission: Permission, mode: AccessMode = 'write'): boolean {
  if (actor.role === 'Institution' && mode === 'write') return false;
  return hasPermission(actor, permission) && reachesStudent(actor, student);
}

// ── Attempts ────────────────────────────────────────────────────────────────────────────────────
// Marking (grading.policy.ts), camera frames (proctoring.policy.ts) and feedback reports
// (reports.policy.ts) build on the rules above with the attempt's owner.

/** The owner of an attempt (or of an answer, a frame or a report of it). */
export interface AttemptOwner {
  student: StudentScope;
}

// ── Lists ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Which students a staff or institution account reaches with a permission, for list queries that
 * narrow in SQL (a repository turns it into a WHERE clause). Rows are still checked one by one with
 * the record policy; this keeps a list's limit from being filled with rows the actor cannot see.
 */
export type StudentReach =
  | { kind: 'none' }
  | { kind: 'client'; clientId: string }
  | { kind: 'institute'; clientId: string; instituteId: number; classes: readonly ClassAssignment[] };

export function studentReachOf(actor: Actor, permission: Permission): StudentReach {
  if (!hasPermission(actor, permission)) return { kind: 'none' };
  switch (actor.role) {
    case 'ClientAdmin':
      return { kind: 'client', clientId: actor.clientId };
    case 'InstituteAdmin':
    case 'Institution':
      return actor.instituteId === null ? { kind: 'none' } : { kind: 'institute', clientId: actor.clientId, instituteId: actor.instituteId, classes: [] };
    case 'Teacher':
    case 'SchoolTeacher':
      return actor.instituteId === null
        ? { kind: 'none' }
        : { kind: 'institute', clientId: actor.clientId, instituteId: actor.instituteId, classes: actor.classes };
    default:
      return { kind: 'none' };
  }
}
