import { isStaffRole } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { testOpenTo } from '../../lib/content-reach.js';
import type { StaffPlace } from './challenges.repository.js';

/** A test staff may see challenges and threads of: one their institute (or client) may use, as its statistics are. */
export function staffReachesTest(
  actor: Actor,
  task: { kind: string; courseId: number; ownerClientId: string; ownerInstituteId: number | null; courseClientId: string; courseInstituteId: number | null },
): boolean {
  return (
    isStaffRole(actor.role) &&
    task.kind === 'test' &&
    testOpenTo(actor, task, { id: task.courseId, clientId: task.courseClientId, instituteId: task.courseInstituteId }, null)
  );
}

/** Staff see their client's threads and challenges, narrowed to their institute when they have one. */
export const staffPlaceOf = (actor: Actor): StaffPlace => ({ clientId: actor.clientId, instituteId: actor.instituteId });

/** Whether a record of a thread or challenge lies in the staff member's place. */
export const inStaffPlace = (actor: Actor, record: { clientId: string; instituteId: number | null }): boolean =>
  record.clientId === actor.clientId && (actor.instituteId === null || record.instituteId === actor.instituteId);
