/**
 * The saves' own thread (save-worker.ts) as the benchmarks drive it: timed on a thread that also
 * reads thousands of sessions or submits, a save would count that thread's busy event loop as the
 * server's. Each order is answered with its SaveDone, matched by round and student.
 */
import { Worker } from 'node:worker_threads';
import type { SaveDone, SaveOrder } from './save-worker.js';

export async function startSaveThread(origin: string, sockets: number, courseId: number) {
  const file = new URL('./save-worker.ts', import.meta.url).href;
  // The thread loads the TypeScript module through tsx, as the benchmarks are run.
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`, {
    eval: true,
    workerData: { origin, sockets, courseId },
  });
  // Loaded (and its connections opened) before the measured part, so that loading it is not counted.
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const waiting = new Map<string, (done: SaveDone) => void>();
  worker.on('message', (done: SaveDone) => {
    const key = `${done.round}:${done.i}`;
    waiting.get(key)?.(done);
    waiting.delete(key);
  });
  worker.on('error', (error) => console.error('save thread:', error));
  return {
    save: (order: SaveOrder) =>
      new Promise<SaveDone>((resolve) => {
        waiting.set(`${order.round}:${order.i}`, resolve);
        worker.postMessage(order);
      }),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
