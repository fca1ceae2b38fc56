import type { Actor } from '../../lib/actor.js';
import { isSelf } from '../../lib/policy.js';

/** A code run is its student's own: nobody else sees its source, output or verdict. */
export function canViewRun(actor: Actor, run: { userId: number }): boolean {
  return isSelf(actor, run.userId);
}
