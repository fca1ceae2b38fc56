import { TEACHER_ROLES, type Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { hasPermission, type StudentScope } from '../../lib/policy.js';
import type { StaffScope } from './roles.repository.js';

/**
 * Role Configuration's rules. The matrix is the client's, so only a client administrator changes
 * it; an institute administrator reads it. Class assignments follow the admin's reach: the
 * client's teachers for a client administrator, the institute's for an institute administrator.
 */
export function canEditRoleConfig(actor: Actor): boolean {
  return actor.role === 'ClientAdmin' && hasPermission(actor, 'roles.manage');
}

/** Where the admin's staff list looks; null when the admin reaches nobody. */
export function staffScopeOf(actor: Actor): StaffScope | null {
  if (!hasPermission(actor, 'roles.manage')) return null;
  if (actor.role === 'ClientAdmin') return { clientId: actor.clientId, instituteId: null };
  if (actor.role === 'InstituteAdmin' && actor.instituteId !== null) return { clientId: actor.clientId, instituteId: actor.instituteId };
  return null;
}

/** Set a teacher's classes: a teacher of an institute the admin reaches (else not found). */
export function canAssignClasses(actor: Actor, target: StudentScope & { role: Role }): boolean {
  const scope = staffScopeOf(actor);
  if (!scope || !(TEACHER_ROLES as readonly string[]).includes(target.role) || target.instituteId === null) return false;
  if (target.clientId !== scope.clientId) return false;
  return scope.instituteId === null || scope.instituteId === target.instituteId;
}
