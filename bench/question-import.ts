/**
 * Question import of 1,000 generated questions (both languages, every kind a file carries),
 * through the HTTP API in-process (app.inject):
 *
 *   npx tsx bench/question-import.ts                    (embedded PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/question-import.ts
 *     (a fresh database neetprep_bench_qimport is created on that server and dropped after)
 *
 * Times (1) POST /question-bank/v1/import/preview, (2) POST /question-bank/v1/import (checks the
 * file again and queues the job) and (3) the question-import job writing every question in one
 * transaction, for the CSV template and for Moodle XML. Target: the whole import
 * (2 + 3) under 5 s. BENCH_QUESTIONS changes the count (default 1000). Exit code 1 past the target.
 */
import os from 'node:os';
import { multipartFile, startBenchApp, stopBenchApp } from './scratch-database.js';

const COUNT = Number(process.env.BENCH_QUESTIONS ?? 1000);
const TARGET_MS = 5000;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const SCRATCH_DB = 'neetprep_bench_qimport';

async function main(): Promise<void> {
  const schema = await import('../apps/server/src/db/schema/index.js');
  const { EXAMPLE_QUESTIONS, writeQuestionFile } = await import('../apps/server/src/modules/question-bank/formats/index.js');
  const { eq, sql } = await import('drizzle-orm');

  const started = await startBenchApp(SCRATCH_DB, SECRET);
  const { app, database, url } = started;
  let failed = false;
  try {
    const [institute] = await database.db.insert(schema.institutes).values({ name: 'Bench institute' }).returning();
    const [course] = await database.db.insert(schema.courses).values({ name: 'Bench course' }).returning();
    await database.db.insert(schema.topics).values(['Cell Biology', 'Optics', 'Genetics'].map((name) => ({ courseId: course!.id, name })));
    const [user] = await database.db
      .insert(schema.users)
      .values({ username: 'benchteacher', email: 'benchteacher@bench.local', role: 'Teacher', passwordHash: 'x', firstName: 'B', lastName: 'T', instituteId: institute!.id })
      .returning();
    const token = (await app.services.auth.startSession(user!, undefined)).token;

    // Generated questions: the template's examples (one of each kind, both languages) with numbered text and varied topics/tags.
    const topics = ['Cell Biology', 'Optics', 'Genetics'];
    const questions = Array.from({ length: COUNT }, (_, i) => {
      const example = structuredClone(EXAMPLE_QUESTIONS[i % EXAMPLE_QUESTIONS.length]!);
      for (const text of Object.values(example.draft.texts)) if (text) text.data = `Q${i + 1}. ${text.data}`;
      example.draft.tags = [`set-${i % 25}`, 'bench'];
      example.topics = [topics[i % topics.length]!];
      return example;
    });

    const call = async (method: 'GET' | 'POST', route: string, file?: Buffer) => {
      const body = file ? multipartFile(file, 'questions', 'application/octet-stream') : undefined;
      const res = await app.inject({
        method,
        url: `/api/${route}`,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': body.contentType } : {}) },
        payload: body?.payload,
      });
      if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return JSON.parse(res.body) as { body: Record<string, unknown> };
    };
    const count = async () => Number((await database.db.select({ n: sql<number>`count(*)` }).from(schema.questions).where(eq(schema.questions.ownerInstituteId, institute!.id)))[0]!.n);

    console.log(`question import: ${COUNT} questions, ${url ? 'PostgreSQL' : 'PGlite (in memory)'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
    for (const format of ['csv', 'moodleXml'] as const) {
      const file = await writeQuestionFile(questions, format);
      const before = await count();
      let t0 = performance.now();
      const preview = (await call('POST', 'question-bank/v1/import/preview', file)).body as { valid: number; total: number };
      const previewMs = performance.now() - t0;
      if (preview.valid !== COUNT) throw new Error(`preview: ${preview.valid} of ${preview.total} valid`);
      t0 = performance.now();
      const started = (await call('POST', 'question-bank/v1/import', file)).body as { jobId: string };
      const queuedMs = performance.now() - t0;
      await app.services.jobs.queue.runOnce();
      const totalMs = performance.now() - t0;
      const job = (await call('GET', `jobs/v1/get?id=${started.jobId}`)).body as { state: string; failure: string | null };
      const written = (await count()) - before;
      if (job.state !== 'succeeded' || written !== COUNT) throw new Error(`job ${job.state} (${job.failure}); ${written} questions written`);
      const ok = totalMs < TARGET_MS;
      failed ||= !ok;
      console.log(
        `${format.padEnd(9)} file ${(file.length / 1024).toFixed(0).padStart(5)} KB | preview ${previewMs.toFixed(0).padStart(5)} ms | import call ${queuedMs.toFixed(0).padStart(5)} ms | import total ${totalMs.toFixed(0).padStart(5)} ms (${((COUNT / totalMs) * 1000).toFixed(0)} questions/s) ${ok ? 'ok' : `over the ${TARGET_MS} ms target`}`,
      );
    }
  } finally {
    await stopBenchApp(SCRATCH_DB, started);
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
