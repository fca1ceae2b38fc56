// Starts a worker thread from TypeScript source (development and tests): registers tsx in this
// thread, then loads the worker module named in workerData.entry. The built server starts each
// worker's own bundle from dist/ instead (scripts/build.mjs).
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
