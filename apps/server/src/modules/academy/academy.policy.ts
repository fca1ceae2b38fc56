import { isStaffRole } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { hasPermission } from '../../lib/policy.js';

/** Courses and tasks are shared content; drafts are seen by staff who manage content. */
export function canSeeDrafts(actor: Actor): boolean {
  return isStaffRole(actor.role) && hasPermission(actor, 'academy.manage');
}

export function canSeeCourse(actor: Actor, course: { isPublished: boolean }): boolean {
  return course.isPublished || canSeeDrafts(actor);
}
