// Starts the evaluator's worker from TypeScript source (development and tests): registers tsx in
// this thread, then loads the worker module. The built server starts dist/office-worker.js instead.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
