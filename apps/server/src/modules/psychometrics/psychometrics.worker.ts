import { serveWorkerTask } from '../../lib/worker-task.js';
import { calibrate, type CalibrationOptions, type CalibrationResult, type ResponseMatrix } from './psychometrics.irt.js';

export interface CalibrationRequest {
  matrix: ResponseMatrix;
  options: CalibrationOptions;
}

export type CalibrationReply = { ok: true; result: CalibrationResult } | { ok: false; message: string };

/** One calibration in a worker thread: the request in workerData, one reply message. */
async function main(request: CalibrationRequest): Promise<CalibrationReply> {
  try {
    return { ok: true, result: calibrate(request.matrix, request.options) };
  } catch (error) {
    return { ok: false, message: (error as Error)?.message ?? String(error) };
  }
}

await serveWorkerTask(main);
