import { isStudentRole, type Permission } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, reachesStudent, type StudentScope } from '../../lib/policy.js';

/**
 * Student Configuration and Reset Student Password: staff in scope with the tab's permission
 * (lib/policy.ts). Accounts that are not students, and students out of scope, answer 404.
 */
export type StudentTarget = StudentScope & { role: string };

export function canManageStudent(actor: Actor, student: StudentTarget): boolean {
  return isStudentRole(student.role) && canStaffActOnStudent(actor, student, 'students.manage', 'write');
}

export function canResetStudentPassword(actor: Actor, student: StudentTarget): boolean {
  return isStudentRole(student.role) && canStaffActOnStudent(actor, student, 'students.resetPassword', 'write');
}

/** Whether a student placed here (a new account, a move, a CSV row) would be in the actor's scope. */
export function canPlaceStudent(actor: Actor, place: Omit<StudentScope, 'userId'>, permission: Permission = 'students.manage'): boolean {
  return actor.permissions.has(permission) && reachesStudent(actor, { userId: 0, ...place });
}
