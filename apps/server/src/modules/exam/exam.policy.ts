import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, type AttemptOwner } from '../../lib/policy.js';

/** Watch a student's attempt in the live room: staff in the student's scope with exam.supervise. */
export function canWatchAttempt(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'exam.supervise', 'read');
}

/** Extend, reopen or submit a student's attempt: the same, and never the read-only Institution account. */
export function canSuperviseAttempt(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'exam.supervise', 'write');
}
