import { QUESTION_BANK_ERRORS, type AuthoringQuestion, type Language, type QuestionTextInput, type QuestionType, type UpdateQuestionBodySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { PlannedQuestion, QuestionBankContext } from './question-bank.context.js';
import { applyContent, assertValid, canonical, err, textOf, valuesOf, type CreateBody } from './question-bank.versions.js';

type UpdateBody = z.output<typeof UpdateQuestionBodySchema>;

/** Writing questions: one, many in one transaction, planned for a caller's transaction, and an edit. */
export function createQuestionEdits(ctx: QuestionBankContext) {
  const { repo, clock } = ctx.deps;
  return {
    async create(actor: Actor, body: CreateBody): Promise<AuthoringQuestion> {
      // Checked before anything is written.
      const [planned] = await ctx.planMany(actor, [body], body.owner ?? 'institute');
      await ctx.assertTopicsExist(body.topicIds);
      const questionId = await repo.insertQuestion(planned!.values, planned!.version, { changeNote: body.changeNote ?? null, at: clock.now() });
      return ctx.authoringView(actor, questionId);
    },

    /**
     * Creates every question (each checked by checkNewQuestion first) in one transaction: all
     * or none. Returns the new ids in order.
     */
    async createMany(
      actor: Actor,
      bodies: CreateBody[],
      owner: 'institute' | 'client',
      changeNote: string,
      onProgress?: (done: number) => void,
      /** Runs last inside the transaction with the new ids (an import job writes its outcome there). */
      finish?: (tx: Db, ids: number[]) => Promise<void>,
    ): Promise<number[]> {
      const planned = await ctx.planMany(actor, bodies, owner);
      await ctx.assertTopicsExist(bodies.flatMap((b) => b.topicIds ?? []));
      return repo.insertQuestions(planned, { changeNote, at: clock.now() }, onProgress, undefined, finish);
    },

    /**
     * Checks who may create these questions and that each is complete, before the caller's
     * transaction opens; `insertPlanned` then writes them inside it. The caller vouches for the
     * topic ids (a course package files questions under topics it creates in the same transaction).
     */
    planMany: ctx.planMany,

    async insertPlanned(
      tx: Db,
      planned: PlannedQuestion[],
      changeNote: string,
      topicIdOf: (topicId: number) => number = (id) => id,
    ): Promise<number[]> {
      const items = planned.map((item) => ({ ...item, values: { ...item.values, topicIds: item.values.topicIds.map(topicIdOf) } }));
      return repo.insertQuestions(items, { changeNote, at: clock.now() }, undefined, tx);
    },

    /** A change of content or key adds a version; classification changes in place. */
    async update(actor: Actor, body: UpdateBody): Promise<AuthoringQuestion> {
      const head = await ctx.editableQuestion(actor, body.questionId);
      if (head.currentVersion !== body.expectedVersion) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      const current = await repo.getVersion(head.id, head.currentVersion);
      if (!current) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const base = valuesOf(current);
      const texts = { ...base.texts };
      for (const [language, text] of Object.entries(body.texts ?? {}) as [Language, QuestionTextInput | null | undefined][]) {
        if (text === null) delete texts[language];
        else if (text) texts[language] = textOf(text);
      }
      const next = { ...applyContent(base, body as Partial<CreateBody>, head.id), texts };
      const isNewVersion = canonical(next) !== canonical(base);
      if (isNewVersion) assertValid(head.questionType as QuestionType, next);
      await ctx.assertTopicsExist(body.topicIds);
      const saved = await repo.updateQuestion(head.id, {
        expectedVersion: body.expectedVersion,
        version: isNewVersion ? next : undefined,
        difficulty: body.difficulty,
        topicIds: body.topicIds,
        tags: body.tags,
        createdBy: actor.userId,
        changeNote: body.changeNote ?? null,
        at: clock.now(),
      });
      if (!saved) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      return ctx.authoringView(actor, head.id);
    },
  };
}
