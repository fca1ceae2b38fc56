import type { Actor } from '../../lib/actor.js';
import { isSelf } from '../../lib/policy.js';

/**
 * A student's workspace (notes, bookmarks, labels, to-dos, calendar events, their search) is the
 * student's alone: no parent, teacher or admin reads or changes it. Repositories filter every
 * query by `workspaceOwnerOf(actor)`, so another owner's row is never loaded; a row that is
 * loaded is checked again with `canUseWorkspaceRecord` before it is used.
 */
export function workspaceOwnerOf(actor: Actor): number {
  return actor.userId;
}

export function canUseWorkspaceRecord(actor: Actor, record: { ownerId: number }): boolean {
  return isSelf(actor, record.ownerId);
}
