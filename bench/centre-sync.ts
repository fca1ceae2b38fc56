/**
 * Centre → central sync (decision 063): 200 attempts × 180 answers sealed into hash chains as a
 * centre seals them, then sent to the central side's real endpoint in the centre's batches
 * (5,000 records), in-process (app.inject, no network):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/centre-sync.ts
 *     (a fresh database neetprep_bench_centre_sync is created on that server and dropped after)
 *   npx tsx bench/centre-sync.ts                   (embedded PGlite, in memory)
 *
 * Each run pairs a new centre (a row with its credential's hash) that has the exam staged, seals
 * every chain (timed apart), then times the sync until every attempt is complete: each record
 * verified, kept, and each attempt imported and scored by the central scoring. Then the same
 * batches again, counting rows (target: 0 added), and every attempt's central score against the
 * score its answers give. BENCH_ATTEMPTS (default 200), BENCH_RUNS (default 3). Target: under
 * 60 s a sync. Exit code 1 past a target.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { inArray, sql } from 'drizzle-orm';
import { startBenchApp, stopBenchApp } from './scratch-database.js';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const QUESTIONS = 180;
const BATCH_RECORDS = 5_000;
const TARGET_MS = 60_000;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const SCRATCH_DB = 'neetprep_bench_centre_sync';

let seed = 11;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

async function main(): Promise<void> {
  const schema = await import('../apps/server/src/db/schema/index.js');
  const { insertAuthoredQuestion } = await import('../apps/server/src/modules/question-bank/question-bank.records.js');
  const { sealChain } = await import('../apps/server/src/modules/centre/centre.chain.js');
  const started = await startBenchApp(SCRATCH_DB, SECRET);
  const { app, database } = started;
  const db = database.db;
  let failed = false;
  try {
    const [institute] = await db.insert(schema.institutes).values({ name: 'Bench institute' }).returning();
    const [course] = await db.insert(schema.courses).values({ name: 'Bench course' }).returning();
    const [topic] = await db.insert(schema.topics).values({ courseId: course!.id, name: 'Mocks' }).returning();
    const [task] = await db.insert(schema.tasks).values({ courseId: course!.id, topicId: topic!.id, name: 'Bench NEET mock', kind: 'test', testType: 'test', durationMinutes: 180, isPublished: true }).returning();
    const [section] = await db.insert(schema.taskSections).values({ taskId: task!.id, sectionIndex: 0, name: 'All', durationMinutes: 0 }).returning();
    const maps: Array<{ mapId: number; questionId: number; versionId: number; key: number }> = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const key = 1 + (i % 4);
      const questionId = await insertAuthoredQuestion(db, {
        questionType: 'singleChoice',
        title: `Q${i + 1}`,
        data: `Question ${i + 1}`,
        options: [1, 2, 3, 4].map((answerID) => ({ answerID, answerData: `Option ${answerID}` })),
        correctAnswerId: key,
        marks: 4,
        negativeMarks: 1,
        ownerInstituteId: institute!.id,
        ownerClientId: institute!.clientId,
      });
      const [map] = await db.insert(schema.taskQuestions).values({ taskId: task!.id, sectionId: section!.id, questionId, sortOrder: i }).returning();
      maps.push({ mapId: map!.id, questionId, versionId: 0, key });
    }
    const versions = await db.select({ id: schema.questions.id, versionId: schema.questions.currentVersionId }).from(schema.questions).where(inArray(schema.questions.id, maps.map((m) => m.questionId)));
    const versionOf = new Map(versions.map((v) => [v.id, v.versionId!]));
    for (const m of maps) m.versionId = versionOf.get(m.questionId)!;
    const now = Date.now();
    const [schedule] = await db.insert(schema.testSchedules).values({ taskId: task!.id, instituteId: institute!.id, opensAt: new Date(now - 4 * 3_600_000), closesAt: new Date(now + 3_600_000) }).returning();

    const counts = async () => {
      const one = async (table: string) => Number(((await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
      return { attempts: await one('exam_attempts'), answers: await one('exam_answers'), records: await one('centre_sync_records'), audits: await one('audit_log') };
    };

    const syncTimes: number[] = [];
    const sealTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const students = await db
        .insert(schema.users)
        .values(Array.from({ length: ATTEMPTS }, (_, k) => ({ username: `bench.r${run}.s${k}`, email: `r${run}s${k}@bench.local`, role: 'Student', passwordHash: 'x', firstName: 'Student', lastName: `${run}.${k}`, instituteId: institute!.id })))
        .returning({ id: schema.users.id });
      const secret = randomBytes(32).toString('base64url');
      const [centre] = await db
        .insert(schema.centres)
        .values({ instituteId: institute!.id, name: `Bench centre ${run}`, credentialHash: createHash('sha256').update(secret).digest('hex'), pairedAt: new Date(), lastContactAt: new Date() })
        .returning();
      await db.insert(schema.centreDeliveries).values({ centreId: centre!.id, scheduleId: schedule!.id, stagedAt: new Date() });
      const authorization = `Centre ${centre!.id}.${secret}`;

      // The centre's part: sealing every attempt into its chain.
      const expected = new Map<string, number>();
      const sealStart = performance.now();
      const chains = students.map((student) => {
        const attemptId = randomUUID();
        const startedAt = new Date(now - 3 * 3_600_000);
        let scored = 0;
        const answers = maps.map((m, i) => {
          const roll = random();
          const choice = roll < 0.6 ? m.key : roll < 0.9 ? 1 + (m.key % 4) : null;
          scored += choice === null ? 0 : choice === m.key ? 4 : -1;
          return { kind: 'answer' as const, data: { questionTaskMapId: m.mapId, seq: i + 1, answerId: choice, answerData: null, timeSpentSeconds: 40, isMarked: false, firstAnswer: null, changeCount: 0, updatedAt: startedAt.toISOString() } };
        });
        expected.set(attemptId, scored);
        const header = {
          scheduleId: schedule!.id,
          taskId: task!.id,
          userId: student.id,
          startedAt: startedAt.toISOString(),
          deadlineAt: new Date(startedAt.getTime() + 180 * 60_000).toISOString(),
          submittedAt: new Date(startedAt.getTime() + 170 * 60_000).toISOString(),
          submitReason: 'student',
          tabChangeWarnings: 0,
          screenInactive: null,
          languageId: null,
          questionOrder: [maps.map((m) => m.mapId)],
          served: maps.map((m) => ({ questionTaskMapId: m.mapId, questionId: m.questionId, questionVersionId: m.versionId })),
          centreScored: scored,
        };
        const chain = sealChain({ centreId: centre!.id, attemptId }, [{ kind: 'attempt', data: header }, ...answers]);
        return { attemptId, chain, head: { recordCount: chain.length, headHash: chain.at(-1)!.hash }, sent: 0 };
      });
      sealTimes.push(performance.now() - sealStart);

      // As the centre sends them: from each cursor, 5,000 records a batch, until all are complete.
      const sendAll = async () => {
        let batches = 0;
        for (const chain of chains) chain.sent = 0;
        let pending = chains;
        while (pending.length) {
          let budget = BATCH_RECORDS;
          const attempts = [];
          for (const chain of pending) {
            if (budget <= 0) break;
            const take = Math.min(2_000, budget, chain.head.recordCount - chain.sent);
            attempts.push({ attemptId: chain.attemptId, head: chain.head, records: chain.chain.slice(chain.sent, chain.sent + take) });
            budget -= take;
          }
          const res = await app.inject({ method: 'POST', url: '/api/centre/v1/sync', headers: { authorization }, payload: { attempts } });
          batches += 1;
          if (res.statusCode !== 200) throw new Error(`sync answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
          const states = (res.json() as { body: { attempts: Array<{ attemptId: string; state: string; received: number }> } }).body.attempts;
          const done = new Set<string>();
          for (const s of states) {
            const chain = chains.find((c) => c.attemptId === s.attemptId)!;
            chain.sent = s.received;
            if (s.state !== 'pending') done.add(s.attemptId);
            if (s.state !== 'pending' && s.state !== 'complete') throw new Error(`attempt ${s.attemptId}: ${s.state}`);
          }
          pending = pending.filter((c) => !done.has(c.attemptId));
        }
        return batches;
      };
      const before = await counts();
      const syncStart = performance.now();
      const batches = await sendAll();
      const ms = performance.now() - syncStart;
      syncTimes.push(ms);
      const afterFirst = await counts();
      await sendAll();
      const afterSecond = await counts();
      const added = afterSecond.attempts - afterFirst.attempts + afterSecond.answers - afterFirst.answers + afterSecond.records - afterFirst.records + afterSecond.audits - afterFirst.audits;
      // Every attempt's central score equals the score its answers give.
      const rows = await db
        .select({ centreAttemptId: schema.centreSyncAttempts.centreAttemptId, scored: schema.examAttempts.scored })
        .from(schema.centreSyncAttempts)
        .innerJoin(schema.examAttempts, sql`${schema.examAttempts.id} = ${schema.centreSyncAttempts.attemptId}`)
        .where(sql`${schema.centreSyncAttempts.centreId} = ${centre!.id}`);
      const mismatched = rows.filter((r) => r.scored !== expected.get(r.centreAttemptId)).length;
      console.log(
        `run ${run + 1}: sealed ${ATTEMPTS} chains in ${sealTimes.at(-1)!.toFixed(0)} ms; sync ${(ms / 1000).toFixed(1)} s in ${batches} batches ` +
          `(+${afterFirst.attempts - before.attempts} attempts, +${afterFirst.answers - before.answers} answers); second sync added ${added} rows; ` +
          `${rows.length} imported, ${mismatched} scores differ; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      if (ms > TARGET_MS || added !== 0 || mismatched !== 0 || rows.length !== ATTEMPTS) failed = true;
    }
    const sorted = [...syncTimes].sort((a, b) => a - b);
    console.log(`sync of ${ATTEMPTS} attempts × ${QUESTIONS} answers: median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s (${(sorted[0]! / 1000).toFixed(1)}–${(sorted.at(-1)! / 1000).toFixed(1)}, ${RUNS} runs); target < 60 s`);
  } finally {
    await stopBenchApp(SCRATCH_DB, started);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
