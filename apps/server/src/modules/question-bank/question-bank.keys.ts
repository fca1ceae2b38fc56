import { COMMON_ERRORS, QUESTION_BANK_ERRORS, type QuestionType, type RegradeBodySchema, type RegradeLog, type RegradeResult } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { VersionValues } from './question-bank.repository.js';
import type { QuestionBankContext } from './question-bank.context.js';
import { assertValid, err, valuesOf } from './question-bank.versions.js';

/** Key decisions on a challenged question and the regrades that follow them (decision 067). */
export function createQuestionKeys(ctx: QuestionBankContext) {
  const { deps } = ctx;
  const { repo, clock } = deps;
  return {
    /**
     * A key decision on a challenged question (decision 067): a new version of the current one with
     * the key, the accepted options or the award changed, nothing else. Checked like any edit (the
     * caller may edit the question) and against the kind: the new key is the kind's to validate.
     * The caller regrades afterwards (`regrade`), which is what changes scores.
     */
    async decideKey(
      actor: Actor,
      input: { questionId: number; correctAnswerId?: number | number[]; acceptedAnswerIds: number[]; award: 'key' | 'bonus' | 'dropped'; changeNote: string },
    ): Promise<{ version: number; versionId: number }> {
      const head = await ctx.editableQuestion(actor, input.questionId);
      const current = await repo.getVersion(head.id, head.currentVersion);
      if (!current) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const base = valuesOf(current);
      const next: VersionValues = {
        ...base,
        correctAnswerId: input.correctAnswerId ?? base.correctAnswerId,
        acceptedAnswerIds: input.acceptedAnswerIds,
        award: input.award,
      };
      assertValid(head.questionType as QuestionType, next);
      const saved = await repo.updateQuestion(head.id, {
        expectedVersion: head.currentVersion,
        version: next,
        createdBy: actor.userId,
        changeNote: input.changeNote,
        at: clock.now(),
      });
      if (!saved) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      const after = await repo.getHead(head.id);
      return { version: after!.currentVersion, versionId: after!.currentVersionId! };
    },

    /**
     * Re-scores the submitted attempts that were served an older version (or the one named) with
     * the current version's key. Explicit and logged: a key change alone never re-scores. A dry run
     * answers what the regrade would change and writes nothing. Only attempts of students the caller
     * may mark are re-scored and named; the others are counted (grading.regradeQuestion).
     */
    async regrade(actor: Actor, body: z.output<typeof RegradeBodySchema>): Promise<RegradeResult> {
      const head = await ctx.editableQuestion(actor, body.questionId);
      const versions = await repo.listVersions(head.id);
      const numberOf = new Map(versions.map((v) => [v.id, v.version]));
      const from = body.fromVersion === undefined ? undefined : versions.find((v) => v.version === body.fromVersion);
      if (body.fromVersion !== undefined && !from) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const fromVersionIds = (from ? [from] : versions).map((v) => v.id).filter((id) => id !== head.currentVersionId);
      const grading = deps.grading();
      if (!grading) throw new AppError(COMMON_ERRORS.SERVICE_UNAVAILABLE);
      const result = fromVersionIds.length
        ? await grading.regradeQuestion(actor, { questionId: head.id, toVersionId: head.currentVersionId!, fromVersion: body.fromVersion ?? null, fromVersionIds, dryRun: body.dryRun, versions: versions.map((v) => ({ id: v.id, version: v.version })) })
        : { regradeId: null, attempts: [], outsideReach: 0 };
      return {
        regradeId: result.regradeId,
        questionId: head.id,
        toVersion: head.currentVersion,
        attempts: result.attempts.map((a) => ({
          attemptId: a.attemptId,
          userId: a.userId,
          fromVersion: numberOf.get(a.fromVersionId) ?? 0,
          oldScored: a.oldScored,
          newScored: a.newScored,
        })),
        outsideReach: result.outsideReach,
      };
    },

    async listRegrades(actor: Actor, query: { questionId: number }): Promise<RegradeLog[]> {
      const head = await ctx.visibleQuestion(actor, query.questionId);
      const grading = deps.grading();
      if (!grading) throw new AppError(COMMON_ERRORS.SERVICE_UNAVAILABLE);
      const [rows, versions] = await Promise.all([grading.listRegrades(actor, head.id), repo.listVersions(head.id)]);
      const numberOf = new Map(versions.map((v) => [v.id, v.version]));
      return rows.map((r) => ({
        regradeId: r.regradeId,
        fromVersion: r.fromVersion,
        toVersion: numberOf.get(r.toVersionId) ?? 0,
        actorName: r.actorName,
        createdAt: r.createdAt.toISOString(),
        attempts: r.attempts.map(({ fromVersionId, ...a }) => ({ ...a, fromVersion: numberOf.get(fromVersionId) ?? 0 })),
      }));
    },
  };
}
