import { runWorkerTask, workerTarget, type WorkerLimits } from '../../lib/worker-task.js';
import type { CalibrationOptions, CalibrationResult, ResponseMatrix } from './psychometrics.irt.js';
import type { CalibrationReply, CalibrationRequest } from './psychometrics.worker.js';

/** A calibration of a million responses takes seconds of one core: it runs off the event loop. */
export const CALIBRATION_WORKER_LIMITS: WorkerLimits = { timeoutMs: 10 * 60_000, memoryMb: 1024 };

const target = workerTarget(import.meta.url, './psychometrics.worker.ts', 'calibration-worker');

/** Runs `calibrate` in its own worker thread; rejects with the worker's message if it failed. */
export async function calibrateInWorker(matrix: ResponseMatrix, options: CalibrationOptions, limits = CALIBRATION_WORKER_LIMITS): Promise<CalibrationResult> {
  const reply = await runWorkerTask<CalibrationRequest, CalibrationReply>(target, { matrix, options }, limits);
  if (!reply.ok) throw new Error(`The calibration failed: ${reply.message}`);
  return reply.result;
}
