import type { Actor } from '../../../lib/actor.js';
import { canActOnStudent, type AttemptOwner } from '../../../lib/policy.js';

/** The feedback report of an attempt: its student, a linked parent, staff in scope with the permission. */
export function canViewReport(actor: Actor, owner: AttemptOwner): boolean {
  return canActOnStudent(actor, owner.student, 'reports.view', 'read');
}
