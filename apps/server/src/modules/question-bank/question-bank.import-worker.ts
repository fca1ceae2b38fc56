import { serveWorkerTask } from '../../lib/worker-task.js';
import { parseInWorker } from './question-bank.file-reader.js';

/** One question file parsed in a worker thread (question-bank.file-reader.ts starts it). */
await serveWorkerTask(parseInWorker);
