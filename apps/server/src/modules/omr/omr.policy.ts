import type { Actor } from '../../lib/actor.js';
import { ownerAdmitsInstitute, reachesOwner, testOwnerOf } from '../../lib/content-reach.js';
import { hasPermission, reachesStudent, type StudentScope } from '../../lib/policy.js';
import type { OmrClass, OmrTest } from './omr.repository.js';

/** Staff print sheets for a test their client owns (shared, or their institute's); a client admin for any of the client's. */
export function canPrintForTest(actor: Actor, test: OmrTest): boolean {
  if (!hasPermission(actor, 'omr.upload') || !test.isTest) return false;
  if (test.course.clientId !== actor.clientId) return false;
  // Another institute's test (in a shared course) is not this institute's to print or read (decision 038).
  if (!reachesOwner(actor, testOwnerOf(test))) return false;
  if (actor.role === 'ClientAdmin') return true;
  return test.course.instituteId === null || test.course.instituteId === actor.instituteId;
}

/** A class whose students the actor reaches at all: its institute, and for a teacher with classes one of them. */
export function canPrintForClass(actor: Actor, cls: OmrClass): boolean {
  if (!hasPermission(actor, 'omr.upload')) return false;
  const sameInstitute = actor.clientId === cls.clientId && actor.instituteId === cls.instituteId;
  switch (actor.role) {
    case 'ClientAdmin':
      return actor.clientId === cls.clientId;
    case 'InstituteAdmin':
      return sameInstitute;
    case 'Teacher':
    case 'SchoolTeacher':
      return sameInstitute && (actor.classes.length === 0 || actor.classes.some((assigned) => assigned.classId === cls.id));
    default:
      return false;
  }
}

/** Each student on the class's sheets is still checked one by one (a teacher of one section gets that section). */
export function canPrintForStudent(actor: Actor, student: StudentScope): boolean {
  return hasPermission(actor, 'omr.upload') && reachesStudent(actor, student);
}

/** A student prints their own sheet for a published practice test of their client's courses. */
export function canPrintPractice(actor: Actor, test: OmrTest): boolean {
  if (!test.isTest || !test.isPublished || !test.course.isPublished) return false;
  if (test.course.clientId !== actor.clientId) return false;
  return test.course.instituteId === null || test.course.instituteId === actor.instituteId;
}

/** A held sheet (no student yet) is seen where it was uploaded: its institute's staff, or the client's admin. */
export function canSeeHeldSheet(actor: Actor, sheet: { clientId: string; instituteId: number | null }): boolean {
  if (!hasPermission(actor, 'omr.upload') || sheet.clientId !== actor.clientId) return false;
  return actor.role === 'ClientAdmin' || (actor.instituteId !== null && sheet.instituteId === actor.instituteId);
}

/** A student who may take the test: of its client, and of its institute when the course is an institute's own. */
export function studentFitsTest(student: { clientId: string; instituteId: number | null }, test: OmrTest): boolean {
  if (student.instituteId === null) return student.clientId === test.course.clientId && test.course.instituteId === null && test.ownerInstituteId === null;
  const institute = { clientId: student.clientId, instituteId: student.instituteId };
  return ownerAdmitsInstitute(test.course, institute) && ownerAdmitsInstitute(testOwnerOf(test), institute);
}
