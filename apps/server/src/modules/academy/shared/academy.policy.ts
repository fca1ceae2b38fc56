import { isStaffRole } from '@app/contracts';
import type { Actor } from '../../../lib/actor.js';
import { hasPermission } from '../../../lib/policy.js';

/** Courses and tasks are shared content; drafts are seen by staff who manage content. */
export function canSeeDrafts(actor: Actor): boolean {
  return isStaffRole(actor.role) && hasPermission(actor, 'academy.manage');
}

export function canSeeCourse(actor: Actor, course: { isPublished: boolean }): boolean {
  return course.isPublished || canSeeDrafts(actor);
}

/** Who owns a course: a client, and an institute unless the course is shared across the client. */
export interface CourseOwner {
  clientId: string;
  instituteId: number | null;
}

/**
 * Content management: staff with academy.manage change their institute's courses and their
 * client's shared ones; a client admin every course of the client. Anything else is not found.
 */
export function canManageCourse(actor: Actor, course: CourseOwner): boolean {
  if (!isStaffRole(actor.role) || !hasPermission(actor, 'academy.manage')) return false;
  if (course.clientId !== actor.clientId) return false;
  if (actor.role === 'ClientAdmin') return true;
  return course.instituteId === null || course.instituteId === actor.instituteId;
}

/** Uploaded content files follow their owner like courses; the same rule decides who may see them in lists or delete them. */
export function canManageContentFile(actor: Actor, file: CourseOwner): boolean {
  return canManageCourse(actor, file);
}

/** Who configures a test: an institute's staff, or (institute null) the client's administrators. */
export interface TestOwner {
  ownerClientId: string;
  ownerInstituteId: number | null;
}

/**
 * Staff with academy.configureTests see their client's shared tests and their institute's; a
 * client administrator sees every test of the client. Anyone else's test is "not found".
 */
export function canSeeTestConfig(actor: Actor, owner: TestOwner): boolean {
  if (!isStaffRole(actor.role) || !hasPermission(actor, 'academy.configureTests')) return false;
  if (owner.ownerClientId !== actor.clientId) return false;
  if (actor.role === 'ClientAdmin') return true;
  return owner.ownerInstituteId === null || owner.ownerInstituteId === actor.instituteId;
}

/**
 * The one rule for changing a test, in every screen and call (Test Configuration, Content
 * Management, publishing and unpublishing; decision 038): an institute's test by its own staff, a
 * client's shared test by the client's administrators only.
 */
export function canChangeTest(actor: Actor, owner: TestOwner): boolean {
  if (!isStaffRole(actor.role) || owner.ownerClientId !== actor.clientId) return false;
  if (actor.role === 'ClientAdmin') return true;
  return owner.ownerInstituteId !== null && owner.ownerInstituteId === actor.instituteId;
}

/** Institute tests: any of its staff who configure tests. Client tests: the client's administrators. */
export function canEditTestConfig(actor: Actor, owner: TestOwner): boolean {
  return canSeeTestConfig(actor, owner) && canChangeTest(actor, owner);
}
