import type { Actor } from '../../lib/actor.js';
import { canStaffActOnStudent, type AttemptOwner } from '../../lib/policy.js';

/** See the camera frames of an attempt: staff in the student's scope with the permission. */
export function canViewFrames(actor: Actor, owner: AttemptOwner): boolean {
  return canStaffActOnStudent(actor, owner.student, 'proctoring.viewFrames', 'read');
}
