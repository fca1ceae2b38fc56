import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, type AttemptOwner } from '../../lib/policy.js';

/** List a student's written answers waiting for a mark: staff in scope with the permission. */
export function canViewPendingAnswer(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'grading.viewPending', 'read');
}

/** Mark a student's answer (it changes the score): staff in scope, never the Institution account. */
export function canMarkAnswer(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'grading.mark', 'write');
}
