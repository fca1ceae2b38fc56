import { serveWorkerTask } from '../../lib/worker-task.js';
import { draftRubric, evaluateFiles, SolutionFileError } from './office.evaluate.js';
import { OfficeFileError } from './office.package.js';
import type { WorkerReply, WorkerRequest } from './office.evaluator.js';

/** One evaluation (or rubric draft) in a worker thread: the request in workerData, one reply message. */
async function main(request: WorkerRequest): Promise<WorkerReply> {
  try {
    if (request.op === 'draft') return { ok: true, rubric: await draftRubric(request.kind, request.solution) };
    return { ok: true, evaluation: await evaluateFiles(request.kind, request.student, request.solution, request.rubric) };
  } catch (error) {
    if (error instanceof OfficeFileError) return { ok: false, kind: 'file', problem: error.problem, message: error.message };
    if (error instanceof SolutionFileError) return { ok: false, kind: 'solution', message: error.message };
    return { ok: false, kind: 'internal', message: (error as Error)?.message ?? String(error) };
  }
}

await serveWorkerTask(main);
