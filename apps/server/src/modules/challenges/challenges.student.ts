import { CHALLENGE_ERRORS, isStaffRole, type Challenge, type CreateChallengeBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { acceptUpload, CHALLENGE_IMAGE_POLICY } from '../../lib/file-store/index.js';
import { challengeNotFound, notFound, type ChallengesContext } from './challenges.context.js';
import { plainText } from './challenges.text.js';

/** A student's challenges: raised on a released question, a picture attached, and their own listed. */
export function createStudentChallenges(ctx: ChallengesContext) {
  const { deps, log } = ctx;
  const { repo, clock } = deps;

  return {
    async challenge(actor: Actor, body: z.output<typeof CreateChallengeBodySchema>): Promise<Challenge> {
      const reason = plainText(body.reason);
      const { attempt, map } = await ctx.studentQuestion(actor, body.taskId, body.questionTaskMapID);
      const row = await repo.insertChallenge({
        clientId: actor.clientId,
        instituteId: actor.instituteId,
        userId: actor.userId,
        attemptId: attempt.id,
        taskId: body.taskId,
        questionTaskMapId: map.mapId,
        questionId: map.question.id,
        versionId: map.question.versionId,
        reason,
        status: 'open',
        createdAt: clock.now(),
      });
      if (!row) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_ALREADY_OPEN);
      return ctx.toChallenge({ ...row, decisionNote: null });
    },

    /**
     * A picture for the student's own open challenge, checked by content (PNG, JPEG, WebP, the
     * image size limit); a second one replaces the first. The file is read only once the
     * challenge is known to be theirs and open; a refused file stores nothing.
     */
    async attachImage(actor: Actor, query: { challengeId: number }, readFile: () => Promise<Uint8Array>): Promise<Challenge> {
      const row = await repo.getChallenge(query.challengeId);
      if (!row || row.userId !== actor.userId || isStaffRole(actor.role)) throw challengeNotFound();
      if (row.status !== 'open') throw new AppError(CHALLENGE_ERRORS.CHALLENGE_CLOSED);
      const bytes = await readFile();
      const detected = await acceptUpload(bytes, CHALLENGE_IMAGE_POLICY);
      const stored = await deps.files.put({ prefix: `challenges/${row.id}` }, bytes, { contentType: detected.mime });
      const saved = await repo.setChallengeImage(row.id, { key: stored.key, type: detected.mime });
      const dropped = saved ? row.imageKey : stored.key;
      if (dropped) await deps.files.delete(dropped).catch((error: unknown) => log(`challenge picture ${dropped} not deleted`, error));
      if (!saved) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_CLOSED);
      return ctx.toChallenge({ ...saved, decisionNote: null });
    },

    async mine(actor: Actor, query: { taskId: number }): Promise<Challenge[]> {
      // A test the student has not sat is not theirs to ask about.
      if (!(await deps.exam.listSubmittedAttempts(actor.userId, { taskId: query.taskId })).length) throw notFound();
      return Promise.all((await repo.challengesOf(actor.userId, query.taskId)).map(ctx.toChallenge));
    },
  };
}
