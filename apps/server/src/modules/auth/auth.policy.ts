import { ADMIN_ROLES, isStudentRole, type Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, hasPermission, reachesStudent, type StudentScope } from '../../lib/policy.js';

export type AccountScope = StudentScope & { role: Role };

const isAdminRole = (role: string) => (ADMIN_ROLES as readonly string[]).includes(role);

/** Whether staff reach the account at all; an account out of scope is answered as not found. */
export function canSeeAccount(actor: Actor, target: AccountScope): boolean {
  return reachesStudent(actor, target);
}

/**
 * A one-time sign-in link signs in as the target: staff in scope may create one for a student;
 * an admin also for non-admin staff of their institute (or client).
 */
export function canCreateLoginLink(actor: Actor, target: AccountScope): boolean {
  if (isStudentRole(target.role)) return canStaffActOnStudent(actor, target, 'auth.createLoginLink', 'write');
  return isAdminRole(actor.role) && !isAdminRole(target.role) && hasPermission(actor, 'auth.createLoginLink') && reachesStudent(actor, target);
}
