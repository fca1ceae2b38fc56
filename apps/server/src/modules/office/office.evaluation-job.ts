import { type OfficeEvaluation } from '@app/contracts';
import { bareActor, type Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { JobHandler, QueuedJob } from '../jobs/jobs.queue.js';
import { kindOf, type OfficeContext, type OfficeQuestionInfo } from './office.context.js';
import { parseRubric, SolutionFileError } from './office.evaluate.js';
import { EvaluationTimeoutError } from './office.evaluator.js';
import { localiseEvaluation, officeText } from './office.labels.js';
import { OfficeFileError } from './office.package.js';
import type { OfficeRunRow } from './office.repository.js';

export const OFFICE_EVALUATION_JOB = 'office-evaluation';

/**
 * The `office-evaluation` job: a run's saved file evaluated against the question's solution and
 * rubric, the score recorded through grading's one entry, the run finished with its status.
 */
export function registerEvaluationJob(ctx: OfficeContext): void {
  const { deps, log } = ctx;
  const { repo, clock, evaluator } = deps;

  const evaluationJob: JobHandler<{ runId: string }, { status: string }> = async (job: QueuedJob<{ runId: string }>) => {
    const run = await repo.getRun(job.payload.runId);
    if (!run || run.status !== 'PE') return { status: run?.status ?? 'gone' };
    const finish = async (status: string, values: { result?: OfficeEvaluation | null; message?: string | null; recorded?: boolean }) => {
      await repo.finishRun(run.id, { status, result: values.result ?? null, message: values.message ?? null, recorded: values.recorded ?? false, finishedAt: clock.now() });
      return { status };
    };
    try {
      const file = await repo.getFile(run.fileId);
      const bytes = file ? await ctx.readStored(file.storeKey) : null;
      if (!file || !bytes) return await finish('FE', { message: officeText('savedFileMissing').en });
      const info = await ctx.exam().getOfficeQuestionOfAttempt(run.attemptId, run.questionId);
      const kind = kindOf(info.question.questionType);
      const solution = await ctx.questionFile(info.question.solution);
      const rubric = parseRubric(info.question.rubric, kind);
      const evaluation = await evaluator.evaluate({ kind, student: bytes, solution, rubric });
      const recorded = await record(run, evaluation, info);
      return await finish('EV', { result: evaluation, recorded: recorded === null, message: recorded });
    } catch (error) {
      if (error instanceof OfficeFileError) return finish('FE', { message: error.message });
      if (error instanceof EvaluationTimeoutError) return finish('TLE', { message: error.message });
      if (error instanceof SolutionFileError) {
        log('office solution file unreadable', error);
        return finish('IE', { message: officeText('solutionUnreadable').en });
      }
      if (error instanceof AppError) return finish('IE', { message: error.message });
      log('office evaluation failed', error);
      return finish('IE', { message: officeText('evaluatorFailed').en });
    }
  };

  const kept = (items: string[]) => items.slice(0, 500).map((item) => item.slice(0, 500));

  /** The score through grading's one entry; null when recorded, else why not. */
  async function record(run: OfficeRunRow, evaluation: OfficeEvaluation, info: OfficeQuestionInfo): Promise<string | null> {
    if (!info.attempt.isOpen) return officeText('attemptClosed').en;
    const grading = deps.grading();
    if (!grading) return officeText('gradingUnavailable').en;
    try {
      await grading.recordEvaluatedAnswer(bareActor({ userId: run.userId, role: run.userRole as Actor['role'] }), {
        attemptId: run.attemptId,
        questionId: run.questionId,
        scoreFraction: evaluation.percentage / 100,
        answerData: {
          percentage: evaluation.percentage,
          unmatched: kept(evaluation.unmatched),
          // The drafted labels in Tamil too, for the saved result shown on the Tamil interface.
          unmatchedTn: kept(localiseEvaluation(evaluation, 'tn').unmatched),
          runID: run.id,
          path: run.fileId,
        },
      });
      return null;
    } catch (error) {
      const reason = error instanceof AppError ? error.def.message.en : officeText('notRecordedReason').en;
      log('could not record an office evaluation', error);
      return officeText('notRecorded', { a: reason }).en;
    }
  }

  deps.jobs.registerHandler(OFFICE_EVALUATION_JOB, evaluationJob);
}
