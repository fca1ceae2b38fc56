import { randomUUID } from 'node:crypto';
import {
  DEFAULT_HIDDEN_CASE_RESULTS,
  RUN_MAX_PENDING_PER_USER,
  type HiddenCaseResults,
  RUNNER_ERRORS,
  type ProgrammingLanguage,
  type RunDetails,
  type RunnerHealth,
  type RunReferenceBody,
  type RunReferenceResult,
  type RunResultDesc,
  type RunStatusCode,
  type StartRunBody,
  type StartRunResult,
} from '@app/contracts';
import { bareActor, type Actor } from '../../lib/actor.js';
import { canViewRun } from './runner.policy.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { clip, type ExecutionResult, type Executor } from './runner.executor.js';
import { isLanguageAllowed } from './runner.languages.js';
import { createRunQueue, toStored, type StoredResult } from './runner.queue.js';
import type { RunnerRepository, RunRow } from './runner.repository.js';

/** What the runner needs from the exam engine: the question and its cases. */
export interface ProgrammingQuestionSource {
  getProgrammingQuestionForRun(
    actor: Actor,
    input: { taskId: number; questionId: number; attemptId?: string },
  ): Promise<{
    questionId: number;
    allowedLanguages: readonly string[] | string | null;
    sampleCases: Array<{ input: string; output: string }>;
    hiddenCases: Array<{ input: string; output: string }>;
    timeLimitMs: number;
    memoryLimitMb: number;
    /** What a Submit shows of the hidden cases; absent means the safe default, 'total'. */
    hiddenCaseResults?: HiddenCaseResults;
  }>;
}

/** Grading's one entry for evaluated scores: a submission's score is recorded through it. */
export interface EvaluatedScoreSink {
  recordEvaluatedAnswer(
    actor: Actor,
    input: { attemptId: string; questionId: number; answerData: unknown; scoreFraction: number },
  ): Promise<void>;
}

export interface RunnerServiceDeps {
  repo: RunnerRepository;
  clock: Clock;
  executor: Executor;
  /** Resolved on each call: the exam engine may be composed after the runner. */
  questions: () => ProgrammingQuestionSource | null;
  /** Resolved on each call, like questions. */
  grading: () => EvaluatedScoreSink | null;
  soleWorker: boolean;
  log?: (message: string, error?: unknown) => void;
  /** Tests start the runner themselves; the server starts it at boot. */
  autoStart?: boolean;
}

const DEFAULT_TIME_LIMIT_MS = 2000;
const DEFAULT_MEMORY_LIMIT_MB = 256;
const MAX_TIME_LIMIT_MS = 10_000;
const MAX_MEMORY_LIMIT_MB = 1024;
const STORED_ANSWER_RESULT_CHARS = 20_000;

type State = { state: 'starting' | 'ready' | 'unavailable'; reason: string | null };

export function createRunnerService(deps: RunnerServiceDeps) {
  const { repo, clock, executor } = deps;
  const log = deps.log ?? (() => undefined);
  const status: State = { state: 'starting', reason: null };
  let startPromise: Promise<void> | null = null;
  let stopped = false;

  const queue = createRunQueue({
    repo,
    executor,
    clock,
    workerId: `${executor.backend}-${process.pid}-${randomUUID().slice(0, 8)}`,
    soleWorker: deps.soleWorker,
    log,
    onResult: recordSubmission,
  });

  function actorOf(row: RunRow): Actor {
    return bareActor({ userId: row.userId, role: row.userRole as Actor['role'] });
  }

  /** A submission's score is the share of hidden cases passed; it is stored as the answer. */
  async function recordSubmission(row: RunRow, result: ExecutionResult): Promise<ExecutionResult> {
    if (row.type !== 'submit' || !row.testSessionId) return result;
    const grading = deps.grading();
    if (!grading) return { ...result, message: 'The answer could not be saved: the grading service is not available.' };
    const stored = toStored(row, result);
    const total = row.cases.length;
    const resultDesc = JSON.stringify(publicResult(row, stored));
    try {
      await grading.recordEvaluatedAnswer(actorOf(row), {
        attemptId: row.testSessionId,
        questionId: row.questionId,
        scoreFraction: total > 0 ? stored.passed / total : 0,
        answerData: {
          sourceCode: row.sourceCode,
          programmingLanguageMasterID: row.language,
          resultDesc: resultDesc.length > STORED_ANSWER_RESULT_CHARS ? null : resultDesc,
          runID: row.id,
          statusCode: result.verdict,
          questionID: row.questionId,
        },
      });
      return result;
    } catch (error) {
      const reason = error instanceof AppError ? error.def.message.en : 'the test did not accept it';
      log('could not record a submission', error);
      return { ...result, message: `Your answer was not saved: ${reason}` };
    }
  }

  /**
   * What the student may see: for a submission, no hidden input, output or error text, and
   * per-case verdicts only where the question allows them (each would tell which case failed).
   */
  function publicResult(row: RunRow, stored: StoredResult): RunResultDesc {
    const isSubmit = row.type === 'submit';
    const showsCases = !isSubmit || row.hiddenCaseResults === 'perCase';
    return {
      verdict: stored.verdict as RunResultDesc['verdict'],
      passed: stored.passed,
      total: stored.total,
      ...(stored.compileOutput !== undefined ? { compileOutput: stored.compileOutput } : {}),
      ...(stored.message !== undefined ? { message: stored.message } : {}),
      cases: (showsCases ? stored.cases : []).map((c, index) => ({
        index,
        verdict: c.verdict as RunResultDesc['verdict'],
        passed: c.passed,
        timeMs: c.timeMs,
        memoryKb: c.memoryKb,
        ...(isSubmit
          ? {}
          : {
              input: clip(row.cases[index]?.input ?? ''),
              ...(row.cases[index]?.expected != null ? { expectedOutput: clip(row.cases[index]!.expected!) } : {}),
              stdout: c.stdout,
              stderr: c.stderr,
            }),
      })),
    };
  }

  function start(): Promise<void> {
    startPromise ??= (async () => {
      try {
        await executor.start();
        if (stopped) return;
        await queue.start();
        status.state = 'ready';
        status.reason = null;
      } catch (error) {
        status.state = 'unavailable';
        status.reason = `The code sandbox could not start: ${(error as Error).message}`;
        log(status.reason, error);
      }
    })();
    return startPromise;
  }

  function unavailable(reason: string): AppError {
    return new AppError(RUNNER_ERRORS.RUNNER_UNAVAILABLE, { fields: { reason } });
  }

  if (deps.autoStart !== false) void start();

  return {
    start,

    async startRun(actor: Actor, body: StartRunBody): Promise<StartRunResult> {
      await start();
      if (status.state !== 'ready') throw unavailable(status.reason ?? 'The code sandbox is not running.');
      const questions = deps.questions();
      if (!questions) throw unavailable('The exam engine is not available.');
      const isSubmit = body.type === 'submit';
      const question = await questions.getProgrammingQuestionForRun(actor, {
        taskId: body.taskID,
        questionId: body.questionID,
        ...(isSubmit && body.TestSessionID ? { attemptId: body.TestSessionID } : {}),
      });
      const language = body.languageID as ProgrammingLanguage;
      if (!isLanguageAllowed(question.allowedLanguages, language)) throw new AppError(RUNNER_ERRORS.RUNNER_LANGUAGE_NOT_ALLOWED);
      if (!executor.languages().includes(language)) throw unavailable(`${language} is not installed on this server.`);

      const hasCustomInput = !isSubmit && typeof body.customInput === 'string';
      let cases: Array<{ input: string; expected: string | null }>;
      if (isSubmit) {
        cases = question.hiddenCases.map((c) => ({ input: c.input, expected: c.output }));
        if (cases.length === 0) throw new AppError(RUNNER_ERRORS.RUNNER_NO_CASES);
      } else if (hasCustomInput || question.sampleCases.length === 0) {
        cases = [{ input: body.customInput ?? '', expected: null }];
      } else {
        cases = question.sampleCases.map((c) => ({ input: c.input, expected: c.output }));
      }

      if ((await repo.countPendingOf(actor.userId)) >= RUN_MAX_PENDING_PER_USER) {
        throw new AppError(RUNNER_ERRORS.RUNNER_TOO_MANY_PENDING);
      }
      const runID = randomUUID();
      await repo.insert({
        id: runID,
        userId: actor.userId,
        userRole: actor.role,
        taskId: body.taskID,
        questionId: question.questionId,
        testSessionId: isSubmit ? (body.TestSessionID ?? null) : null,
        type: body.type,
        language,
        sourceCode: body.sourceCode,
        isCustomInput: hasCustomInput ? 1 : 0,
        cases,
        hiddenCaseResults: isSubmit && question.hiddenCaseResults === 'perCase' ? 'perCase' : DEFAULT_HIDDEN_CASE_RESULTS,
        timeLimitMs: clampLimit(question.timeLimitMs, DEFAULT_TIME_LIMIT_MS, MAX_TIME_LIMIT_MS),
        memoryLimitMb: clampLimit(question.memoryLimitMb, DEFAULT_MEMORY_LIMIT_MB, MAX_MEMORY_LIMIT_MB),
        status: 'PE',
        createdAt: clock.now(),
      });
      queue.notify();
      return { runID };
    },

    async getRunDetails(actor: Actor, runID: string): Promise<RunDetails> {
      const row = await repo.get(runID);
      // Someone else's run does not exist, as far as this student can tell.
      if (!row || !canViewRun(actor, row)) throw new AppError(RUNNER_ERRORS.RUNNER_RUN_NOT_FOUND);
      const stored = row.result as StoredResult | null;
      return {
        runID: row.id,
        statusCode: row.status as RunStatusCode,
        type: row.type as RunDetails['type'],
        languageID: row.language as RunDetails['languageID'],
        questionID: row.questionId,
        sourceCode: row.sourceCode,
        resultDesc: row.status === 'PE' || !stored ? null : publicResult(row, stored),
      };
    },

    async health(): Promise<RunnerHealth> {
      await start();
      return {
        backend: executor.backend,
        state: status.state,
        reason: status.reason,
        slots: executor.capacity,
        pending: status.state === 'ready' ? await repo.countPending().catch(() => 0) : 0,
        languages: status.state === 'ready' ? executor.languages() : [],
        isolation: status.state === 'ready' && executor.isolation ? executor.isolation() : null,
      };
    },

    /**
     * A staff author's check of a reference solution on the cases being edited: judged at once
     * (no run row, no queue), every case shown. Fails closed like every run when the sandbox is down.
     */
    async runReference(input: RunReferenceBody): Promise<RunReferenceResult> {
      await start();
      if (status.state !== 'ready') throw unavailable(status.reason ?? 'The code sandbox is not running.');
      if (!executor.languages().includes(input.language)) throw unavailable(`${input.language} is not installed on this server.`);
      const result = await executor.execute({
        language: input.language,
        sourceCode: input.sourceCode,
        cases: input.cases.map((c) => ({ input: c.input, expected: c.output })),
        timeLimitMs: clampLimit(input.timeLimitMs, DEFAULT_TIME_LIMIT_MS, MAX_TIME_LIMIT_MS),
        memoryLimitMb: clampLimit(input.memoryLimitMb, DEFAULT_MEMORY_LIMIT_MB, MAX_MEMORY_LIMIT_MB),
        stopOnFailure: false,
      });
      return {
        verdict: result.verdict,
        passed: result.cases.filter((c) => c.passed === true).length,
        total: input.cases.length,
        compileOutput: clip(result.compileOutput ?? ''),
        message: result.message ?? null,
        cases: result.cases.map((c, index) => ({ index, verdict: c.verdict, passed: c.passed, timeMs: c.timeMs, stdout: clip(c.stdout), stderr: clip(c.stderr) })),
      };
    },

    status(): Readonly<State> {
      return status;
    },

    /** Runs waiting for a verdict, across every server process (the queue is the runs table). */
    pendingRuns(): Promise<number> {
      return repo.countPending();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (startPromise) await startPromise;
      await queue.stop();
      await executor.stop();
    },
  };
}

function clampLimit(value: number | null | undefined, fallback: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fallback;
  return Math.min(Math.round(value), max);
}

export type RunnerService = ReturnType<typeof createRunnerService>;
