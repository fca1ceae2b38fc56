import type { OfficeEvaluation, OfficeKind, OfficeRubric } from '@app/contracts';
import { draftRubric, evaluateFiles, SolutionFileError } from './office.evaluate.js';
import { officeText } from './office.labels.js';
import { OfficeFileError, type OfficeFileProblem } from './office.package.js';
import { runWorkerTask, WorkerOutOfMemoryError, WorkerTimeoutError, workerTarget } from '../../lib/worker-task.js';

/**
 * The evaluator port: compare a student's file with the solution by a rubric, or draft a rubric.
 * The worker implementation runs each job in its own worker thread with a heap limit and a wall
 * clock limit (the thread is terminated past it); the inline one runs in the caller's thread
 * (tests of the checks, the benchmark).
 */
export interface OfficeEvaluator {
  readonly mode: 'worker' | 'inline';
  evaluate(input: { kind: OfficeKind; student: Uint8Array; solution: Uint8Array; rubric: OfficeRubric | null }): Promise<OfficeEvaluation>;
  draft(kind: OfficeKind, solution: Uint8Array): Promise<OfficeRubric>;
}

export type WorkerRequest =
  | { op: 'evaluate'; kind: OfficeKind; student: Uint8Array; solution: Uint8Array; rubric: OfficeRubric | null }
  | { op: 'draft'; kind: OfficeKind; solution: Uint8Array };

export type WorkerReply =
  | { ok: true; evaluation?: OfficeEvaluation; rubric?: OfficeRubric }
  | { ok: false; kind: 'file'; problem: OfficeFileProblem; message: string }
  | { ok: false; kind: 'solution' | 'internal'; message: string };

/** The evaluation ran past its time limit. */
export class EvaluationTimeoutError extends Error {
  constructor(ms: number) {
    super(officeText('evaluationTooLong', { a: Math.round(ms / 1000) }).en);
    this.name = 'EvaluationTimeoutError';
  }
}

/** The evaluator itself failed (not the student's file). */
export class EvaluatorFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluatorFailure';
  }
}

export interface WorkerEvaluatorOptions {
  timeoutMs?: number;
  /** The worker's heap (old generation) in MB. */
  memoryMb?: number;
}

export function createWorkerEvaluator(options: WorkerEvaluatorOptions = {}): OfficeEvaluator {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const memoryMb = options.memoryMb ?? 384;
  // From source a boot file loads the TypeScript; built, the worker is its own bundle beside server.js.
  const target = workerTarget(import.meta.url, './office.worker.ts', 'office-worker');

  async function run(request: WorkerRequest): Promise<WorkerReply> {
    try {
      return await runWorkerTask<WorkerRequest, WorkerReply>(target, request, { timeoutMs, memoryMb });
    } catch (error) {
      if (error instanceof WorkerTimeoutError) throw new EvaluationTimeoutError(timeoutMs);
      if (error instanceof WorkerOutOfMemoryError) return { ok: false, kind: 'file', problem: 'bomb', message: 'The file needs too much memory to evaluate.' };
      throw new EvaluatorFailure((error as Error).message);
    }
  }

  function unwrap(reply: WorkerReply): { evaluation?: OfficeEvaluation; rubric?: OfficeRubric } {
    if (reply.ok) return reply;
    if (reply.kind === 'file') throw new OfficeFileError(reply.problem, reply.message);
    if (reply.kind === 'solution') throw new SolutionFileError(new Error(reply.message));
    throw new EvaluatorFailure(reply.message);
  }

  return {
    mode: 'worker',
    async evaluate(input) {
      const out = unwrap(await run({ op: 'evaluate', ...input }));
      if (!out.evaluation) throw new EvaluatorFailure('The evaluator gave no result.');
      return out.evaluation;
    },
    async draft(kind, solution) {
      const out = unwrap(await run({ op: 'draft', kind, solution }));
      if (!out.rubric) throw new EvaluatorFailure('The evaluator gave no rubric.');
      return out.rubric;
    },
  };
}

/** In the caller's thread (no isolation): for tests of the checks and for the benchmark. */
export function createInlineEvaluator(): OfficeEvaluator {
  return {
    mode: 'inline',
    evaluate: (input) => evaluateFiles(input.kind, input.student, input.solution, input.rubric),
    draft: (kind, solution) => draftRubric(kind, solution),
  };
}
