import {
  CALIBRATED_ITEM_EXCERPT_CHARS,
  PSYCHOMETRICS_ERRORS,
  SUPPORTED_LANGUAGES,
  type CalibratedItem,
  type CalibratedItemList,
  type CalibrationScopes,
  type CalibrationSummary,
  type Language,
  type ListCalibratedItemsQuery,
  type StartCalibrationBody,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { plainTextPreview } from '../../lib/html-sanitizer.js';
import type { JobContext, JobQueue, QueuedJob } from '../jobs/jobs.queue.js';
import { calibrateInWorker } from './psychometrics.calibrator.js';
import type { CalibrationOptions, CalibrationResult, IrtModel, ResponseMatrix } from './psychometrics.irt.js';
import { calibrationScopeFor } from './psychometrics.policy.js';
import type { CalibrationScope, ItemCalibrationRow, NewItemCalibration, PsychometricsRepository, VersionTexts } from './psychometrics.repository.js';
import { flagItems, isGuessableKind, readCalibrationData, type CalibrationData } from './psychometrics.responses.js';

export const CALIBRATION_JOB = 'item-calibration';

export interface CalibrationPayload {
  scope: CalibrationScope;
  model: IrtModel;
  minResponses: number;
}

export type { CalibrationSummary };

export interface PsychometricsServiceDeps {
  repo: PsychometricsRepository;
  jobs: JobQueue;
  clock: Clock;
  /** Runs the estimator; by default in a worker thread (tests may run it in place). */
  calibrate?: (matrix: ResponseMatrix, options: CalibrationOptions) => Promise<CalibrationResult>;
}

const isLanguage = (value: string): value is Language => (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The statement in the caller's language, else in the version's own, else in any it has. */
function excerptOf(texts: VersionTexts | undefined, language: Language): { excerpt: string; excerptLanguage: Language } {
  if (!texts) return { excerpt: '', excerptLanguage: language };
  const order = [language, texts.defaultLanguage, ...Object.keys(texts.texts)].filter(isLanguage);
  const chosen = order.find((candidate) => texts.texts[candidate] !== undefined);
  if (!chosen) return { excerpt: '', excerptLanguage: language };
  return { excerpt: plainTextPreview(texts.texts[chosen]!, CALIBRATED_ITEM_EXCERPT_CHARS), excerptLanguage: chosen };
}

const toItem = (row: ItemCalibrationRow): Omit<CalibratedItem, 'version' | 'excerpt' | 'excerptLanguage' | 'subject' | 'topic'> => ({
  questionId: row.questionId,
  questionVersionId: row.questionVersionId,
  model: row.model as CalibratedItem['model'],
  state: row.state as CalibratedItem['state'],
  responses: row.responses,
  proportionCorrect: row.proportionCorrect,
  difficulty: row.difficulty,
  discrimination: row.discrimination,
  seDifficulty: row.seDifficulty,
  seDiscrimination: row.seDiscrimination,
  guessing: row.guessing,
  seGuessing: row.seGuessing,
  infit: row.infit,
  outfit: row.outfit,
  flags: row.flags,
  calibratedAt: row.calibratedAt.toISOString(),
});

/** A fit's rows for the scope, each with its drift and wrong-key flags (what a run writes in place of the scope's rows). */
export function calibrationRows(scope: CalibrationScope, model: IrtModel, data: CalibrationData, result: CalibrationResult, calibratedAt: Date, jobId: string | null): NewItemCalibration[] {
  const flags = flagItems(data, result);
  return data.items.map((item, i) => {
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
      guessing: estimate.guessing,
      seGuessing: estimate.seGuessing,
      infit: estimate.infit,
      outfit: estimate.outfit,
      flags: flags[i]!,
      jobId,
      calibratedAt,
    };
  });
}

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
    const data = await readCalibrationData(repo.responseBatches(scope), () => ctx.throwIfCancelled());
    ctx.progress(0, data.items.length);
    ctx.throwIfCancelled();
    const guessable = model === '3pl' ? Uint8Array.from(data.items, (item) => (isGuessableKind(item.questionType) ? 1 : 0)) : undefined;
    const result = await runEstimator(data.matrix, { model, minResponses, ...(guessable ? { guessable } : {}) });
    ctx.throwIfCancelled();
    const rows = calibrationRows(scope, model, data, result, clock.now(), job.id);
    const states: CalibrationSummary['states'] = {};
    for (const estimate of result.items) states[estimate.state] = (states[estimate.state] ?? 0) + 1;
    const summary: CalibrationSummary = {
      model,
      examinees: data.examinees,
      responses: data.matrix.item.length,
      items: data.items.length,
      states,
      flagged: rows.filter((r) => (r.flags ?? []).length > 0).length,
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

    /** The scope's calibrated item versions, each with its statement's excerpt (in `language` where it has one) and its subject and topic. */
    async listItems(actor: Actor, query: ListCalibratedItemsQuery, language: Language = 'en'): Promise<CalibratedItemList> {
      const scope = await scopeOf(actor, query.instituteId);
      const rows = await repo.listScope(scope);
      const [versions, topics] = await Promise.all([repo.versionTexts(rows.map((r) => r.questionVersionId)), repo.topicsOf(rows.map((r) => r.questionId))]);
      return {
        items: rows.map((row) => {
          const texts = versions.get(row.questionVersionId);
          const filed = topics.get(row.questionId);
          return { ...toItem(row), version: texts?.version ?? 0, ...excerptOf(texts, language), subject: filed?.subject ?? null, topic: filed?.topic ?? null };
        }),
      };
    },

    /** What the caller may pick: their own institute, or (a client administrator) the client's institutes and its whole bank. */
    async listScopes(actor: Actor): Promise<CalibrationScopes> {
      const own = calibrationScopeFor(actor, 'none');
      if (!own) throw new AppError(PSYCHOMETRICS_ERRORS.PSYCHOMETRICS_SCOPE_NOT_FOUND);
      const isClientWide = own.instituteId === null;
      return { institutes: await repo.listInstitutes(own.clientId, own.instituteId), hasClientBank: isClientWide };
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
