import type { Permission } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { hasPermission, reachesStudent } from '../../lib/policy.js';

/** An institute, optionally narrowed to a class and a section, with the institute's client. */
export interface ScheduleTargetScope {
  clientId: string;
  instituteId: number;
  classId: number | null;
  sectionId: number | null;
}

/**
 * Staff manage rows for the places they reach: a client admin the client's institutes, an
 * institute admin the institute, a teacher the institute or, where classes are assigned, only
 * those classes (a teacher with classes cannot target the whole institute). Out of reach is 404.
 */
export function canManageTarget(actor: Actor, permission: Permission, target: ScheduleTargetScope): boolean {
  return hasPermission(actor, permission) && reachesStudent(actor, { userId: 0, ...target });
}
