import { PSYCHOMETRICS_ERRORS, type CalibratedItem, type CalibratedItemList, type ListCalibratedItemsQuery, type StartCalibrationBody } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { JobContext, JobQueue, QueuedJob } from '../jobs/jobs.queue.js';
import { calibrateInWorker } from './psychometrics.calibrator.js';
import type { CalibrationOptions, CalibrationResult, IrtModel, ResponseMatrix } from './psychometrics.irt.js';
import { calibrationScopeFor } from './psychometrics.policy.js';
import type { CalibrationScope, ItemCalibrationRow, PsychometricsRepository } from './psychometrics.repository.js';
import { buildCalibrationData, flagItems } from './psychometrics.responses.js';

export const CALIBRATION_JOB = 'item-calibration';

export interface CalibrationPayload {
  scope: CalibrationScope;
  model: IrtModel;
  minResponses: number;
}

export interface CalibrationSummary {
  model: IrtModel;
  examinees: number;
  responses: number;
  items: number;
  states: Record<string, number>;
  flagged: number;
  iterations: number;
  converged: boolean;
}

export interface PsychometricsServiceDeps {
  repo: PsychometricsRepository;
  jobs: JobQueue;
  clock: Clock;
  /** Runs the estimator; by default in a worker thread (tests may run it in place). */
  calibrate?: (matrix: ResponseMatrix, options: CalibrationOptions) => Promise<CalibrationResult>;
}

const toItem = (row: ItemCalibrationRow): CalibratedItem => ({
  questionId: row.questionId,
  questionVersionId: row.questionVersionId,
  version: 0,
  model: row.model as CalibratedItem['model'],
  state: row.state as CalibratedItem['state'],
  responses: row.responses,
  proportionCorrect: row.proportionCorrect,
  difficulty: row.difficulty,
  discrimination: row.discrimination,
  seDifficulty: row.seDifficulty,
  seDiscrimination: row.seDiscrimination,
  infit: row.infit,
  outfit: row.outfit,
  flags: row.flags,
  calibratedAt: row.calibratedAt.toISOString(),
});

export function createPsychometricsService(deps: PsychometricsServiceDeps) {
  const { repo, jobs, clock } = deps;
  const runEstimator = deps.calibrate ?? calibrateInWorker;

  /** The scope asked for, or 404 when it is not the actor's. */
  async function scopeOf(actor: Actor, instituteId: number | null | undefined): Promise<CalibrationScope> {
    const institute = instituteId === null || instituteId === undefined ? 'none' : await repo.findInstitute(instituteId);
    const scope = calibrationScopeFor(actor, institute);
    if (!scope) throw new AppError(PSYCHOMETRICS_ERRORS.PSYCHOMETRICS_SCOPE_NOT_FOUND);
    return scope;
  }

  /**
   * Reads the scope's scored answers, fits the model in a worker thread, flags drift and probable
   * wrong keys, and replaces the scope's rows together with the job's success (idempotent).
   */
  async function runCalibration(job: QueuedJob<CalibrationPayload>, ctx: JobContext): Promise<CalibrationSummary> {
    const { scope, model, minResponses } = job.payload;
    const data = buildCalibrationData(await repo.listResponses(scope));
    ctx.progress(0, data.items.length);
    ctx.throwIfCancelled();
    const result = await runEstimator(data.matrix, { model, minResponses });
    ctx.throwIfCancelled();
    const flags = flagItems(data, result);
    const calibratedAt = clock.now();
    const rows = data.items.map((item, i) => {
      const estimate = result.items[i]!;
      return {
        clientId: scope.clientId,
        instituteId: scope.instituteId,
        questionId: item.questionId,
        questionVersionId: item.questionVersionId,
        model,
        state: estimate.state,
        responses: estimate.n,
        proportionCorrect: estimate.proportionCorrect,
        difficulty: estimate.difficulty,
        discrimination: estimate.discrimination,
        seDifficulty: estimate.seDifficulty,
        seDiscrimination: estimate.seDiscrimination,
        infit: estimate.infit,
        outfit: estimate.outfit,
        flags: flags[i]!,
        jobId: job.id,
        calibratedAt,
      };
    });
    const states: Record<string, number> = {};
    for (const estimate of result.items) states[estimate.state] = (states[estimate.state] ?? 0) + 1;
    const summary: CalibrationSummary = {
      model,
      examinees: data.examinees,
      responses: data.matrix.item.length,
      items: data.items.length,
      states,
      flagged: flags.filter((f) => f.length > 0).length,
      iterations: result.iterations,
      converged: result.converged,
    };
    ctx.progress(data.items.length, data.items.length);
    await repo.transaction(async (tx) => {
      await repo.replaceScope(tx, scope, rows);
      await ctx.succeedIn(tx, summary);
    });
    return summary;
  }
  jobs.registerHandler<CalibrationPayload, CalibrationSummary>(CALIBRATION_JOB, runCalibration);

  const enqueue = (payload: CalibrationPayload, requestedBy: number | null) => jobs.enqueue(CALIBRATION_JOB, payload, { requestedBy, maxAttempts: 2 });

  return {
    /** Starts a tracked calibration of the actor's institute (or, for a client administrator, the one asked for or the client bank). */
    async startCalibration(actor: Actor, body: StartCalibrationBody): Promise<{ jobId: string }> {
      const scope = await scopeOf(actor, body.instituteId);
      return { jobId: await enqueue({ scope, model: body.model, minResponses: body.minResponses }, actor.userId) };
    },

    async listItems(actor: Actor, query: ListCalibratedItemsQuery): Promise<CalibratedItemList> {
      const scope = await scopeOf(actor, query.instituteId);
      const rows = await repo.listScope(scope);
      const versions = await repo.versionNumbers(rows.map((r) => r.questionVersionId));
      return { items: rows.map((row) => ({ ...toItem(row), version: versions.get(row.questionVersionId) ?? 0 })) };
    },

    /** The nightly run: one 2PL calibration for each institute with attempts submitted since its last one. */
    async enqueueNightly(): Promise<string[]> {
      const scopes = await repo.institutesWithNewAttempts();
      const ids: string[] = [];
      for (const scope of scopes) ids.push(await enqueue({ scope, model: '2pl', minResponses: CALIBRATION_NIGHTLY_MIN_RESPONSES }, null));
      return ids;
    },
  };
}

export const CALIBRATION_NIGHTLY_MIN_RESPONSES = 50;
/** The nightly calibration's period. */
export const CALIBRATION_NIGHTLY_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type PsychometricsService = ReturnType<typeof createPsychometricsService>;
