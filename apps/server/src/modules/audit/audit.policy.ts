import type { Actor } from '../../lib/actor.js';
import { hasPermission } from '../../lib/policy.js';

/** Which audit rows an admin reads: the client's (client admin) or the institute's (institute admin). */
export type AuditScope = { clientId: string; instituteId: number | null };

export function auditScopeOf(actor: Actor): AuditScope | null {
  if (!hasPermission(actor, 'audit.view')) return null;
  if (actor.role === 'ClientAdmin') return { clientId: actor.clientId, instituteId: null };
  if (actor.role === 'InstituteAdmin' && actor.instituteId !== null) return { clientId: actor.clientId, instituteId: actor.instituteId };
  return null;
}
