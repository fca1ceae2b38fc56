/**
 * The saves' own thread (save-worker.ts) as the benchmarks drive it: timed on a thread that also
 * reads thousands of sessions or submits, a save would count that thread's busy event loop as the
 * server's. Each order is answered with its SaveDone, matched by round and student.
 */
import { Worker } from 'node:worker_threads';
import { httpClient, type ExamFixture } from './exam-day-lib.js';
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

/**
 * Every student of the exam in a practice session of their own, saving in a loop (0–4 s between
 * saves, one question after another) on the saves' thread until the phase reads 'over'. Each save's
 * time is kept under the phase it started in; a failed save counts as an error unless the run was
 * ending. `phase` is read through a function, so the loops see it change while they wait.
 */
export async function savingStudents<Phase extends string>(
  origin: string,
  exam: Pick<ExamFixture, 'taskId' | 'courseId' | 'questions' | 'students'>,
  sockets: number,
  phase: () => Phase | 'over',
) {
  const client = httpClient(origin, 64);
  const attemptOf: string[] = [];
  for (const student of exam.students) {
    const res = await client.post('/task/v1/practise', student.token, { taskID: exam.taskId, courseID: exam.courseId, languageID: 1 });
    const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
    if (res.status !== 200 || !id) throw new Error(`start failed: ${res.status} ${res.text.slice(0, 200)}`);
    attemptOf.push(id);
  }
  client.close();
  const saves = await startSaveThread(origin, sockets, exam.courseId);
  const times = {} as Record<Phase, number[]>;
  let errors = 0;
  const loops = exam.students.map(async (student, k) => {
    for (let round = 1; phase() !== 'over'; round++) {
      const q = exam.questions[(k + round) % exam.questions.length]!;
      const during = phase();
      const done = await saves.save({ i: k, round, delayMs: Math.random() * 4000, token: student.token, attemptId: attemptOf[k]!, mapId: q.mapId, answerId: q.options[round % 4]! });
      if (done.ms === undefined) {
        if (phase() !== 'over') errors++;
      } else if (during !== 'over') (times[during] ??= []).push(done.ms);
    }
  });
  return {
    /** Save times by the phase they started in (empty for a phase with none). */
    times: (of: Phase) => times[of] ?? [],
    errors: () => errors,
    /** Waits for the loops to see 'over', then closes the saves' thread. */
    stop: async () => {
      await Promise.all(loops);
      await saves.close();
    },
  };
}
