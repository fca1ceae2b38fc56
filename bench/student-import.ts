/**
 * Roster import of 5,000 generated students (CSV, every column), through the HTTP API in-process
 * (app.inject), then list calls over 10,000 students:
 *
 *   npx tsx bench/student-import.ts                    (embedded PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/student-import.ts
 *     (a fresh database neetprep_bench_students is created on that server and dropped after)
 *
 * Times (1) POST /students/v1/previewCSV, (2) POST /teacher/v1/uploadCSV (checks the file again and
 * queues the job) and (3) the student-import job: batch inserts of the students and their
 * set-password links in one transaction, then one set-password e-mail each (to the .eml outbox).
 * Target: the import (2 + 3) under 30 s. A second file of the same size follows, so that
 * GET /students/v1/list is then timed over 10,000 students (first page, search, a class filter,
 * sorting by class, a deep page). BENCH_STUDENTS changes the count (default 5000). Exit code 1
 * past the target.
 */
import os from 'node:os';
import { multipartFile, startBenchApp, stopBenchApp } from './scratch-database.js';

const COUNT = Number(process.env.BENCH_STUDENTS ?? 5000);
const TARGET_MS = 30_000;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const SCRATCH_DB = 'neetprep_bench_students';

function rosterFile(batch: number, count: number): Buffer {
  const lines = ['username,firstName,lastName,email,phone,dob,class,section,language'];
  for (let i = 0; i < count; i += 1) {
    const n = `${batch}${String(i).padStart(5, '0')}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    // Every third student has only a phone (an SMS instead of a mail).
    const email = i % 3 === 2 ? '' : `student${n}@bench.local`;
    lines.push(`bench.${n},First${i},Last${i % 97},${email},9${batch}${String(i).padStart(8, '0')},${day}-06-2008,${i % 2 ? '12' : '11'},${'ABC'[i % 3]},${i % 4 ? 'en' : 'tn'}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const schema = await import('../apps/server/src/db/schema/index.js');
  const { eq, sql } = await import('drizzle-orm');

  const started = await startBenchApp(SCRATCH_DB, SECRET);
  const { app, database, url } = started;
  let failed = false;
  try {
    const [institute] = await database.db.insert(schema.institutes).values({ name: 'Bench institute' }).returning();
    const classRows = await database.db.insert(schema.classes).values(['11', '12'].map((name) => ({ instituteId: institute!.id, name }))).returning();
    await database.db.insert(schema.sections).values(classRows.flatMap((c) => ['A', 'B', 'C'].map((name) => ({ classId: c.id, name }))));
    await database.db.insert(schema.languages).values([{ code: 'en', name: 'English' }, { code: 'tn', name: 'Tamil' }]).onConflictDoNothing();
    const [user] = await database.db
      .insert(schema.users)
      .values({ username: 'benchteacher', email: 'benchteacher@bench.local', role: 'Teacher', passwordHash: 'x', firstName: 'B', lastName: 'T', instituteId: institute!.id })
      .returning();
    const token = (await app.services.auth.startSession(user!, undefined)).token;

    const call = async (method: 'GET' | 'POST', route: string, file?: Buffer) => {
      const body = file ? multipartFile(file, 'students.csv', 'text/csv') : undefined;
      const res = await app.inject({
        method,
        url: `/api/${route}`,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': body.contentType } : {}) },
        payload: body?.payload,
      });
      if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return JSON.parse(res.body) as { body: Record<string, unknown> };
    };
    const count = async () =>
      Number((await database.db.select({ n: sql<number>`count(*)` }).from(schema.users).where(eq(schema.users.instituteId, institute!.id)))[0]!.n) - 1;

    console.log(`student import: ${COUNT} rows, ${url ? 'PostgreSQL' : 'PGlite (in memory)'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
    for (const batch of [1, 2]) {
      const file = rosterFile(batch, COUNT);
      const before = await count();
      let t0 = performance.now();
      const preview = (await call('POST', 'students/v1/previewCSV', file)).body as { valid: number; total: number; errors: unknown[] };
      const previewMs = performance.now() - t0;
      if (preview.valid !== COUNT) throw new Error(`preview: ${preview.valid} of ${preview.total} valid: ${JSON.stringify(preview.errors.slice(0, 3))}`);
      t0 = performance.now();
      const started = (await call('POST', 'teacher/v1/uploadCSV', file)).body as { jobId: string };
      const queuedMs = performance.now() - t0;
      await app.services.jobs.queue.runOnce();
      const totalMs = performance.now() - t0;
      const job = (await call('GET', `jobs/v1/get?id=${started.jobId}`)).body as { state: string; failure: string | null; result: { mailed: number; texted: number } };
      const written = (await count()) - before;
      if (job.state !== 'succeeded' || written !== COUNT) throw new Error(`job ${job.state} (${job.failure}); ${written} students written`);
      const ok = totalMs < TARGET_MS;
      failed ||= !ok;
      console.log(
        `file ${batch}: ${(file.length / 1024).toFixed(0)} KB | preview ${previewMs.toFixed(0)} ms | import call ${queuedMs.toFixed(0)} ms | import total ${totalMs.toFixed(0)} ms (${((COUNT / totalMs) * 1000).toFixed(0)} rows/s; ${job.result.mailed} mails, ${job.result.texted} SMS) ${ok ? 'ok' : `over the ${TARGET_MS} ms target`}`,
      );
    }

    const total = await count();
    const lists: Array<[string, string]> = [
      ['first page, by name', 'students/v1/list?pageSize=25'],
      ['search "last9"', 'students/v1/list?search=Last9&pageSize=25'],
      [`class filter`, `students/v1/list?classId=${classRows[1]!.id}&pageSize=25`],
      ['sorted by class, descending', 'students/v1/list?sortBy=className&sortDir=desc&pageSize=25'],
      ['page 300 of 25', 'students/v1/list?page=300&pageSize=25'],
    ];
    console.log(`list over ${total} students (median of 5 calls):`);
    for (const [name, route] of lists) {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        await call('GET', route);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${name.padEnd(30)} ${times[2]!.toFixed(1)} ms`);
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
