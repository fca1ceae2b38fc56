import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, studentReachOf, type AttemptOwner, type StudentReach } from '../../lib/policy.js';

/** List a student's written answers waiting for a mark: staff in scope with the permission. */
export function canViewPendingAnswer(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'grading.viewPending', 'read');
}

/** Mark a student's answer (it changes the score): staff in scope, never the Institution account. */
export function canMarkAnswer(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'grading.mark', 'write');
}

/**
 * Whose attempts a regrade re-scores and its log shows: the students the actor may mark (staff in
 * scope with grading.mark; never the Institution account). A question served to students of
 * other institutes is regraded for them by their own staff or a client administrator above both.
 */
export function regradeReachOf(actor: Actor): StudentReach {
  return actor.role === 'Institution' ? { kind: 'none' } : studentReachOf(actor, 'grading.mark');
}

/** See a student's attempt in a regrade's log (its scores before and after). */
export function canSeeRegradedAttempt(actor: Actor, owner: AttemptOwner): boolean {
  return canMarkAnswer(actor, owner);
}
