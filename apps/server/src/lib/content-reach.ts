import type { Actor } from './actor.js';

/**
 * Who may see and take content (decision 038). Courses and tests have an owner: a client (shared
 * with every institute of the client, institute null) or one of its institutes. These rules are the
 * one answer to "may this account see this course / take this test"; the schedules service adds the
 * mappings and windows of the student's own institute (`contentReach`), and every caller (the
 * academy's lists, the exam's start, the live room, a test's statistics, the OMR list) asks them.
 */

/** A course's or a test's owner: a client, and an institute unless the client shares it. */
export interface ContentOwner {
  clientId: string;
  instituteId: number | null;
}

export const testOwnerOf = (task: { ownerClientId: string; ownerInstituteId: number | null }): ContentOwner => ({
  clientId: task.ownerClientId,
  instituteId: task.ownerInstituteId,
});

/**
 * Whose content an account reaches: shared content (institute null) as before (decision 023: shared
 * courses and tests are open to everyone); an institute's own content only that institute's
 * accounts and its client's administrators. An account without an institute reaches shared content only.
 */
export function reachesOwner(actor: Pick<Actor, 'role' | 'clientId' | 'instituteId'>, owner: ContentOwner): boolean {
  if (owner.instituteId === null) return true;
  if (owner.clientId !== actor.clientId) return false;
  return actor.role === 'ClientAdmin' || owner.instituteId === actor.instituteId;
}

/** Whether an institute's students may be given the content at all (mapping and scheduling it there). */
export function ownerAdmitsInstitute(owner: ContentOwner, institute: { clientId: string; instituteId: number }): boolean {
  return owner.instituteId === null || (owner.clientId === institute.clientId && owner.instituteId === institute.instituteId);
}

/**
 * The course mappings that narrow one student: only those of the student's own institute. `mapped`
 * holds the courses that institute maps to anyone, `mine` those mapped to the student's institute,
 * class or section. Another institute's mappings never narrow this student.
 */
export interface CourseMappingsOfInstitute {
  mapped: ReadonlySet<number>;
  mine: ReadonlySet<number>;
}

/** A course for this account: its owner reaches the account, and the account's institute's mappings (if any) include it. */
export function courseOpenTo(actor: Pick<Actor, 'role' | 'clientId' | 'instituteId'>, course: ContentOwner & { id: number }, mappings: CourseMappingsOfInstitute | null): boolean {
  if (!reachesOwner(actor, course)) return false;
  return !mappings || !mappings.mapped.has(course.id) || mappings.mine.has(course.id);
}

/** A test for this account: the test's owner and its course's reach the account (windows are checked apart). */
export function testOpenTo(
  actor: Pick<Actor, 'role' | 'clientId' | 'instituteId'>,
  test: { ownerClientId: string; ownerInstituteId: number | null },
  course: ContentOwner & { id: number },
  mappings: CourseMappingsOfInstitute | null,
): boolean {
  return reachesOwner(actor, testOwnerOf(test)) && courseOpenTo(actor, course, mappings);
}
