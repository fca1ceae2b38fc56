import { isStaffRole } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { hasPermission } from '../../lib/policy.js';

/**
 * Centre management (pairing codes, invigilator codes, sync, resend) is for staff holding
 * centre.manage (decision 080): the client administrator for every institute of the client, any
 * other holder (an institute administrator, or a teacher an institute made its exam coordinator)
 * for its own institute.
 */
export function canManageCentresOf(actor: Actor, institute: { id: number; clientId: string }): boolean {
  const scope = centreListScopeOf(actor);
  if (!scope || scope.clientId !== institute.clientId) return false;
  return scope.instituteId === null || scope.instituteId === institute.id;
}

/** The centres a manager lists: the client's for the client administrator, else the holder's institute's. */
export function centreListScopeOf(actor: Actor): { clientId: string; instituteId: number | null } | null {
  if (!isStaffRole(actor.role) || !hasPermission(actor, 'centre.manage')) return null;
  if (actor.role === 'ClientAdmin') return { clientId: actor.clientId, instituteId: null };
  if (actor.instituteId !== null) return { clientId: actor.clientId, instituteId: actor.instituteId };
  return null;
}

/** A centre's dashboard is for the staff of the centre's own institute holding centre.invigilate (its client administrator too). */
export function canWatchCentre(actor: Actor, localInstitute: { id: number; clientId: string }): boolean {
  if (!isStaffRole(actor.role) || !hasPermission(actor, 'centre.invigilate') || actor.clientId !== localInstitute.clientId) return false;
  return actor.role === 'ClientAdmin' || actor.instituteId === localInstitute.id;
}
