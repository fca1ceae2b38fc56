import { randomUUID } from 'node:crypto';
import { OFFICE_ERRORS, OFFICE_MAX_PENDING_PER_USER, OFFICE_TYPE_IDS, type Language, type OfficeEvaluation, type OfficeKind, type OfficeRunDetails, type OfficeRunReport, type RunOfficeBody } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { err, isQuestionFileKey, type OfficeContext } from './office.context.js';
import { OFFICE_EVALUATION_JOB } from './office.evaluation-job.js';
import { localiseEvaluation, localiseOfficeText } from './office.labels.js';
import { canReadOfficeRunReport, canUseOfficeFile } from './office.policy.js';
import type { OfficeRunRow } from './office.repository.js';

/** After a force-save the document server calls back with the file; the evaluation waits this long for it. */
const FORCE_SAVE_WAIT_MS = 3000;

/** Evaluation runs: one asked for (queued as a job), and read back by its student or by staff. */
export function createOfficeRuns(ctx: OfficeContext) {
  const { deps, log, documentServer } = ctx;
  const { repo, clock } = deps;

  /** A run as its reader sees it: drafted labels and the server's reasons in their language. */
  function runDetails(run: OfficeRunRow, language: Language): OfficeRunDetails {
    const result = run.result as OfficeEvaluation | null;
    return {
      runID: run.id,
      statusCode: run.status as OfficeRunDetails['statusCode'],
      questionID: run.questionId,
      taskID: run.taskId,
      resultDesc: run.status === 'EV' && result ? JSON.stringify(localiseEvaluation({ percentage: result.percentage, unmatched: result.unmatched }, language)) : null,
      message: run.message === null ? null : localiseOfficeText(run.message, language),
      recorded: run.recorded,
    };
  }

  return {
    async runOffice(actor: Actor, body: RunOfficeBody & { questionID: number; taskID: number }): Promise<{ runID: string }> {
      const row = await ctx.ownFile(actor, body.path);
      if (row.questionId !== body.questionID || row.taskId !== body.taskID || (body.TestSessionID && body.TestSessionID !== row.attemptId)) {
        throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND);
      }
      const typeId = body.officeTypeID;
      const kind = row.kind as OfficeKind;
      if (typeof typeId === 'string' ? typeId !== kind : typeId !== OFFICE_TYPE_IDS[kind]) throw err(OFFICE_ERRORS.OFFICE_TYPE_MISMATCH);
      const info = await ctx.infoOf(actor, row);
      if (!info.attempt.isOpen) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, 'This attempt is closed: its files can no longer be evaluated.');
      if (info.revealed) throw err(OFFICE_ERRORS.OFFICE_ANSWER_REVEALED);
      if (!isQuestionFileKey(info.question.solution)) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      if ((await repo.countPendingOf(actor.userId)) >= OFFICE_MAX_PENDING_PER_USER) throw err(OFFICE_ERRORS.OFFICE_TOO_MANY_PENDING);
      // With the document server, what is open in the editor is saved first (it calls back with the file).
      let delayMs = 0;
      if (documentServer) {
        try {
          if ((await documentServer.command({ c: 'forcesave', key: ctx.docKey(row) })) === 0) delayMs = FORCE_SAVE_WAIT_MS;
        } catch (error) {
          log('document server force-save failed', error);
        }
      }
      const runID = randomUUID();
      await repo.insertRun({ id: runID, userId: actor.userId, userRole: actor.role, attemptId: row.attemptId, taskId: row.taskId, questionId: row.questionId, fileId: row.id, fileVersion: row.version, kind, status: 'PE', createdAt: clock.now() });
      const jobId = await deps.jobs.enqueue(OFFICE_EVALUATION_JOB, { runId: runID }, { requestedBy: actor.userId, maxAttempts: 2, delayMs });
      await repo.setRunJob(runID, jobId);
      return { runID };
    },

    async getRunDetails(actor: Actor, runID: string, language: Language): Promise<OfficeRunDetails> {
      const run = await repo.getRun(runID);
      if (!run || !canUseOfficeFile(actor, run)) throw err(OFFICE_ERRORS.OFFICE_RUN_NOT_FOUND);
      return runDetails(run, language);
    },

    async runReport(actor: Actor, runID: string, language: Language): Promise<OfficeRunReport> {
      const run = await repo.getRun(runID);
      const student = run ? ((await deps.scopesOf([run.userId])).get(run.userId) ?? null) : null;
      if (!run || !canReadOfficeRunReport(actor, run, student ? { student } : null)) throw err(OFFICE_ERRORS.OFFICE_RUN_NOT_FOUND);
      return {
        ...runDetails(run, language),
        userId: run.userId,
        createdAt: run.createdAt.toISOString(),
        finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
        evaluation: run.status === 'EV' ? localiseEvaluation(run.result as OfficeEvaluation, language) : null,
      };
    },
  };
}
