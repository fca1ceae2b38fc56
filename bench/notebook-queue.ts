/**
 * The mistake notebook's review queue (decision 061): one student with 5,000 cards (100 submitted
 * attempts × 50 questions), half of them graded before with due dates spread over 60 days. Times,
 * through the service as the route calls it: building the day's queue (the first read of each
 * run, then warm reads), and recording a review answer (scored with the test's key). Target:
 * the queue under 50 ms. Runs on an in-memory PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 *
 *   npx tsx bench/notebook-queue.ts        (BENCH_RUNS, default 20; BENCH_MINUTES, default 15)
 */
import { loadavg } from 'node:os';
import * as schema from '../apps/server/src/db/schema/index.js';
import { bareActor } from '../apps/server/src/lib/actor.js';
import { createTestTask } from '../apps/server/test/factories/academy.js';
import { startBenchApp, stopBenchApp } from './scratch-database.js';

const NAME = 'bench_notebook_queue';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 15);
const ATTEMPTS = 100;
const QUESTIONS = 50;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)]!;
const figures = (xs: number[]) => `min ${Math.min(...xs).toFixed(1)} / median ${median(xs).toFixed(1)} / max ${Math.max(...xs).toFixed(1)} ms`;

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const started = await startBenchApp(NAME, 'bench-notebook-queue-secret-0123456789');
try {
  const { db } = started.database;
  const test = await createTestTask(db, { sections: [{ name: 'Physics', questions: Array.from({ length: QUESTIONS }, (_, i) => ({ topicTags: [`Topic ${i % 10}`] })) }] });
  const [student] = await db
    .insert(schema.users)
    .values({ username: 'bench.reviewer', email: 'reviewer@bench.local', role: 'Student', passwordHash: 'x', firstName: 'Bench', lastName: 'Reviewer' })
    .returning();
  const now = Date.now();
  const day = 86_400_000;
  for (let a = 0; a < ATTEMPTS; a += 1) {
    const at = new Date(now - (ATTEMPTS - a) * day);
    const id = `bench-nb-${a}`;
    await db.insert(schema.examAttempts).values({
      id,
      userId: student!.id,
      taskId: test.task.id,
      courseId: test.course.id,
      testType: 'test',
      status: 'submitted',
      startedAt: at,
      deadlineAt: at,
      submittedAt: at,
      questionOrder: [test.mapIds],
    });
    await db.insert(schema.notebookBuilds).values({ attemptId: id, userId: student!.id, builtAt: at });
    // Every other card was graded before: due from 30 days ago to 30 days ahead; the others are due since they were made.
    const dueOf = (i: number) => (i % 2 === 0 ? new Date(now + (((a * 31 + (i / 2) * 7) % 60) - 30) * day) : at);
    const cards = await db
      .insert(schema.notebookCards)
      .values(
        test.mapIds.map((mapId, i) => ({
          userId: student!.id,
          attemptId: id,
          courseId: test.course.id,
          taskId: test.task.id,
          questionTaskMapId: mapId,
          subject: 'Physics',
          topics: [`Topic ${i % 10}`],
          reasons: ['wrong'],
          suggestedErrorType: 'concept',
          due: dueOf(i),
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning({ id: schema.notebookCards.id });
    await db.insert(schema.notebookSchedules).values(
      cards.flatMap((c, i) => (i % 2 === 0 ? [{ c, i }] : [])).map(({ c, i }) => ({
        cardId: c.id,
        userId: student!.id,
        due: dueOf(i),
        stability: 5,
        difficulty: 5,
        reps: 2,
        state: 2,
        lastReview: at,
      })),
    );
  }
  const actor = bareActor({ userId: student!.id, role: 'Student', sessionId: 'bench', email: 'reviewer@bench.local', username: 'bench.reviewer' });
  const review = started.app.services.notebookReview;
  await review.updateSettings(actor, { minutesPerDay: MINUTES });

  const queueMs: number[] = [];
  const answerMs: number[] = [];
  const sizes: number[] = [];
  let dueToday = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const t0 = performance.now();
    const queue = await review.queue(actor);
    queueMs.push(performance.now() - t0);
    sizes.push(queue.items.length);
    dueToday = queue.dueToday;
    const item = queue.items[run % queue.items.length]!;
    const t1 = performance.now();
    // Half a minute a review: the queue shrinks through the runs as the day's minutes are spent.
    await review.answer(actor, { cardId: item.cardId, answerID: 2, timeSpent: 30 });
    answerMs.push(performance.now() - t1);
  }
  console.log(`${ATTEMPTS * QUESTIONS} cards, ${dueToday} due today, queues of ${Math.max(...sizes)} down to ${Math.min(...sizes)} cards (${MINUTES} min a day)`);
  console.log(`daily queue: ${figures(queueMs)} over ${RUNS} runs (first ${queueMs[0]!.toFixed(1)} ms)`);
  console.log(`review answer recorded: ${figures(answerMs)} over ${RUNS} runs`);
  const met = median(queueMs) < 50;
  console.log(met ? 'target met (queue median < 50 ms)' : 'target NOT met (queue median < 50 ms)');
  process.exitCode = met ? 0 : 1;
} finally {
  await stopBenchApp(NAME, started);
}
