import type { Actor } from '../../lib/actor.js';
import type { JobRow } from './jobs.repository.js';

/**
 * Who may read a job: the user who asked for it. Staff of the job's institute (jobs.institute_id)
 * will be added here with their permission once the actor carries its scope; everyone else gets
 * a 404, so job ids cannot be probed.
 */
export function canViewJob(actor: Actor, job: Pick<JobRow, 'requestedBy' | 'instituteId'>): boolean {
  return job.requestedBy !== null && job.requestedBy === actor.userId;
}

/** Cancelling is for the requester only. */
export function canCancelJob(actor: Actor, job: Pick<JobRow, 'requestedBy' | 'instituteId'>): boolean {
  return canViewJob(actor, job);
}
