import { serveWorkerTask } from '../../lib/worker-task.js';
import { parseRosterInWorker } from './students.csv.js';

/** One roster file parsed in a worker thread (students.csv.ts `readRoster` starts it). */
await serveWorkerTask(parseRosterInWorker);
