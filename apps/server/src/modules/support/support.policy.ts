import type { Actor } from '../../lib/actor.js';
import { hasPermission } from '../../lib/policy.js';

/** Whose messages an admin's inbox holds: the client's (client admin) or the institute's (institute admin). */
export type InboxScope = { clientId: string; instituteId: number | null };

export function inboxScopeOf(actor: Actor): InboxScope | null {
  if (!hasPermission(actor, 'support.inbox')) return null;
  if (actor.role === 'ClientAdmin') return { clientId: actor.clientId, instituteId: null };
  if (actor.role === 'InstituteAdmin' && actor.instituteId !== null) return { clientId: actor.clientId, instituteId: actor.instituteId };
  return null;
}

/** Whether a message is in the admin's inbox (else it is answered as not found). */
export function canHandleMessage(actor: Actor, message: { clientId: string; instituteId: number | null }): boolean {
  const scope = inboxScopeOf(actor);
  if (!scope || scope.clientId !== message.clientId) return false;
  return scope.instituteId === null || scope.instituteId === message.instituteId;
}
