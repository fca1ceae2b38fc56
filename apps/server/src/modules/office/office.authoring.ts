import { randomUUID } from 'node:crypto';
import { OFFICE_CONTENT_TYPES, OFFICE_ERRORS, OfficeRubricSchema, type Language, type OfficeCheckQuestionBody, type OfficeEvaluation, type OfficeKind, type OfficeQuestionFileResult, type OfficeRubric } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { checkedPackage, err, kindOf, uploadError, type OfficeContext } from './office.context.js';
import { parseRubric, SolutionFileError } from './office.evaluate.js';
import { EvaluationTimeoutError } from './office.evaluator.js';
import { localiseEvaluation } from './office.labels.js';
import { OfficeFileError } from './office.package.js';

/** Authors' side: a question's start or solution file stored, a rubric drafted from the solution, and the solution checked against itself. */
export function createOfficeAuthoring(ctx: OfficeContext) {
  const { deps } = ctx;
  const { files, evaluator } = deps;

  async function draftFrom(kind: OfficeKind, solution: Uint8Array): Promise<OfficeRubric> {
    try {
      return await evaluator.draft(kind, solution);
    } catch (error) {
      if (error instanceof OfficeFileError || error instanceof SolutionFileError) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY, error.message);
      throw error;
    }
  }

  async function selfCheck(kind: OfficeKind, solution: Uint8Array, rubric: OfficeRubric | null): Promise<OfficeEvaluation> {
    try {
      return await evaluator.evaluate({ kind, student: solution, solution, rubric: rubric ? OfficeRubricSchema.parse(rubric) : null });
    } catch (error) {
      if (error instanceof OfficeFileError || error instanceof SolutionFileError) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY, error.message);
      if (error instanceof EvaluationTimeoutError) throw err(OFFICE_ERRORS.OFFICE_EVALUATOR_UNAVAILABLE, error.message);
      throw error;
    }
  }

  return {
    async storeQuestionFile(_actor: Actor, query: { kind: OfficeKind; purpose: 'start' | 'solution' }, bytes: Uint8Array): Promise<OfficeQuestionFileResult> {
      try {
        checkedPackage(bytes, query.kind);
      } catch (error) {
        if (error instanceof OfficeFileError) throw uploadError(error);
        throw error;
      }
      const key = `office/questions/${randomUUID()}.${query.kind}`;
      const rubric = query.purpose === 'solution' ? JSON.stringify(await evaluator.draft(query.kind, bytes)) : null;
      await files.put(key, bytes, { contentType: OFFICE_CONTENT_TYPES[query.kind] });
      return { fileKey: key, size: bytes.length, rubric };
    },

    async draftRubric(_actor: Actor, body: { questionType: string; solution: string }): Promise<{ rubric: string; checks: number }> {
      const kind = kindOf(body.questionType);
      const rubric = await draftFrom(kind, await ctx.questionFile(body.solution));
      return { rubric: JSON.stringify(rubric), checks: rubric.checks.length };
    },

    /** Evaluate a question's solution against itself (a sound rubric gives 100). */
    async checkQuestion(actor: Actor, body: OfficeCheckQuestionBody & { questionId: number }, language: Language): Promise<OfficeEvaluation> {
      const bank = deps.questionBank();
      if (!bank) throw err(OFFICE_ERRORS.OFFICE_EVALUATOR_UNAVAILABLE);
      const question = await bank.get(actor, { questionId: body.questionId, ...(body.version ? { version: body.version } : {}) });
      const kind = kindOf(question.questionType);
      const solution = await ctx.questionFile(question.version.solution);
      let rubric: OfficeRubric | null;
      if (body.rubric !== undefined) {
        rubric = parseRubric(body.rubric, kind);
        if (!rubric) throw err(OFFICE_ERRORS.OFFICE_RUBRIC_INVALID);
      } else rubric = parseRubric(question.version.rubric, kind);
      return localiseEvaluation(await selfCheck(kind, solution, rubric), language);
    },
  };
}
