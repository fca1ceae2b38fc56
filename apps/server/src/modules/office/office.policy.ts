import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, isSelf, type AttemptOwner } from '../../lib/policy.js';

/** A working copy and its evaluations are their student's own: nobody else opens, saves or evaluates them. */
export function canUseOfficeFile(actor: Actor, file: { userId: number }): boolean {
  return isSelf(actor, file.userId);
}

/** An evaluation's detail (each check): its student, or staff in the student's scope who may mark answers. */
export function canReadOfficeRunReport(actor: Actor, run: { userId: number }, owner: AttemptOwner | null): boolean {
  if (isSelf(actor, run.userId)) return true;
  return owner !== null && canStaffActOnStudent(actor, owner.student, 'grading.mark', 'read');
}
