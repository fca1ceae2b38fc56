import { isStaffRole } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';

/** An institute's administrator manages its centres; the client administrator those of every institute of the client. */
export function canManageCentresOf(actor: Actor, institute: { id: number; clientId: string }): boolean {
  if (actor.role === 'InstituteAdmin') return actor.instituteId === institute.id && actor.clientId === institute.clientId;
  if (actor.role === 'ClientAdmin') return actor.clientId === institute.clientId;
  return false;
}

/** The centres an administrator lists: the client's, narrowed to the institute for an institute administrator. */
export function centreListScopeOf(actor: Actor): { clientId: string; instituteId: number | null } | null {
  if (actor.role === 'ClientAdmin') return { clientId: actor.clientId, instituteId: null };
  if (actor.role === 'InstituteAdmin' && actor.instituteId !== null) return { clientId: actor.clientId, instituteId: actor.instituteId };
  return null;
}

/** A centre's dashboard is for the staff of the centre's own institute (its client administrator too). */
export function canWatchCentre(actor: Actor, localInstitute: { id: number; clientId: string }): boolean {
  if (!isStaffRole(actor.role) || actor.clientId !== localInstitute.clientId) return false;
  return actor.role === 'ClientAdmin' || actor.instituteId === localInstitute.id;
}
