import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, type TestInstitute } from '../../../test/factories/scope.js';
import { attemptQuestionVersions, examAttempts, questions, users } from '../../db/schema/index.js';
import { writeScoredAnswers } from '../../../test/attempt-marks.js';
import { createPsychometricsRepository, type PsychometricsRepository, type ResponseBatching, type ResponseRow } from './psychometrics.repository.js';
import { buildCalibrationData, readCalibrationData } from './psychometrics.responses.js';

let t: TestApp;
let repo: PsychometricsRepository;
let instituteA: TestInstitute;
let instituteB: TestInstitute;
let otherClient: TestInstitute;
let test: BuiltTest;

const STATUSES = ['correct', 'wrong', 'partial', 'unanswered', 'pending'] as const;
/** One unbatched read: every attempt on one page, every answer in one query. */
const AT_ONCE: ResponseBatching = { attemptsPerBatch: 1_000, attemptsPerPage: 1_000 };

/** A submitted attempt `attemptId` of `userId` at the test, submitted at `submittedAt` (SQL text, to keep microseconds). */
async function submitAttempt(attemptId: string, userId: number, submittedAt: string, seed: number): Promise<void> {
  await t.deps.db.insert(examAttempts).values({
    id: attemptId,
    userId,
    taskId: test.task.id,
    courseId: test.course.id,
    testType: 'test',
    status: 'submitted',
    startedAt: new Date('2026-01-01T09:00:00Z'),
    deadlineAt: new Date('2026-01-01T12:00:00Z'),
    questionOrder: [test.mapIds],
  });
  await t.deps.db.execute(sql`UPDATE ${examAttempts} SET submitted_at = ${submittedAt}::timestamptz WHERE id = ${attemptId}`);
  const items = test.sections[0]!.questions;
  const versionOf = new Map((await t.deps.db.select({ id: questions.id, versionId: questions.currentVersionId }).from(questions)).map((q) => [q.id, q.versionId!]));
  await t.deps.db.insert(attemptQuestionVersions).values(items.map((q) => ({ attemptId, questionTaskMapId: q.mapId, questionId: q.question.id, questionVersionId: versionOf.get(q.question.id)! })));
  await writeScoredAnswers(
    t.deps.db,
    attemptId,
    items.map((q, i) => ({ questionTaskMapId: q.mapId, answerId: (seed + i) % 4, status: STATUSES[(seed * 3 + i) % STATUSES.length]!, marksAwarded: 0 })),
  );
}

async function collect(batching: ResponseBatching, instituteId = instituteA.id): Promise<ResponseRow[][]> {
  const batches: ResponseRow[][] = [];
  for await (const rows of repo.responseBatches({ clientId: instituteA.clientId, instituteId }, batching)) batches.push(rows);
  return batches;
}

beforeAll(async () => {
  t = await createTestApp();
  repo = createPsychometricsRepository(t.deps.db);
  const client = await createClient(t);
  instituteA = await createInstitute(t, { clientId: client });
  instituteB = await createInstitute(t, { clientId: client });
  otherClient = await createInstitute(t, { clientId: await createClient(t) });
  test = await createTestTask(t.deps.db, { sections: [{ questions: Array.from({ length: 4 }, () => ({})) }] });
  const students = await t.deps.db
    .insert(users)
    .values(Array.from({ length: 6 }, (_, n) => ({ username: `batched${n}`, passwordHash: 'x', role: 'Student', clientId: instituteA.clientId, instituteId: instituteA.id })))
    .returning({ id: users.id });
  // Submission times a microsecond apart (a millisecond cursor would read some attempts twice),
  // ties broken by id, and a student's second attempt: 9 attempts of the institute.
  const times = ['2026-01-01 10:00:00.000001+00', '2026-01-01 10:00:00.000002+00', '2026-01-01 10:00:00.000002+00', '2026-01-01 10:00:00.000003+00', '2026-01-01 10:00:00.000003+00', '2026-01-01 10:05:00+00'];
  // Ids against the students' order, so that ties are read by id: students 0, 2, 1, 4, 3, 5.
  for (const [n, student] of students.entries()) await submitAttempt(`attempt-${9 - n}`, student.id, times[n]!, n);
  for (const [n, student] of students.slice(0, 3).entries()) await submitAttempt(`attempt-second-${3 - n}`, student.id, '2026-01-02 10:00:00.5+00', n + 7);
  // An open attempt, another institute's student and another client's: none is read with the institute.
  for (const [n, institute] of [instituteB, otherClient].entries()) {
    const [other] = await t.deps.db.insert(users).values({ username: `batched-other${n}`, passwordHash: 'x', role: 'Student', clientId: institute.clientId, instituteId: institute.id }).returning({ id: users.id });
    await submitAttempt(randomUUID(), other!.id, '2026-01-01 10:00:00+00', 3);
  }
  await submitAttempt(randomUUID(), students[5]!.id, '2026-01-03 10:00:00+00', 4);
  await t.deps.db.execute(sql`UPDATE ${examAttempts} SET status = 'open' WHERE submitted_at = '2026-01-03 10:00:00+00'`);
}, 120_000);
afterAll(() => t.close());

describe('responseBatches', () => {
  it('reads the scope in several batches over several pages, each answer once, in the order of one unbatched read', async () => {
    const whole = await collect(AT_ONCE);
    expect(whole).toHaveLength(1);
    expect(whole[0]).toHaveLength(9 * 4);

    const batches = await collect({ attemptsPerBatch: 2, attemptsPerPage: 3 });
    // Pages of 3, 3 and 3 attempts, each read as 2 + 1.
    expect(batches.map((rows) => rows.length)).toEqual([8, 4, 8, 4, 8, 4]);
    expect(batches.flat()).toEqual(whole[0]);
    // Oldest attempt first, ties by attempt id; the three second attempts (submitted together) last.
    const own = (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.instituteId, instituteA.id)).orderBy(users.id)).map((user) => user.id);
    const order = [0, 2, 1, 4, 3, 5, 2, 1, 0].map((n) => own[n]!);
    expect(batches.flat().map((row) => row.userId)).toEqual(order.flatMap((id) => [id, id, id, id]));
  });

  it('builds the same calibration data from the batches as from the rows read at once', async () => {
    const whole = (await collect(AT_ONCE))[0]!;
    const expected = buildCalibrationData(whole);
    let batches = 0;
    const data = await readCalibrationData(repo.responseBatches({ clientId: instituteA.clientId, instituteId: instituteA.id }, { attemptsPerBatch: 2, attemptsPerPage: 3 }), () => {
      batches += 1;
    });
    expect(batches).toBe(6);
    expect(data).toEqual(expected);
    expect(data.examinees).toBe(6);
    // Scored answers only (correct, wrong, partial), each student's first per version.
    expect(data.matrix.item.length).toBeGreaterThan(0);
    expect(data.matrix.item.length).toBeLessThan(whole.filter((row) => ['correct', 'wrong', 'partial'].includes(row.status ?? '')).length);
  });

  it('stops reading when the callback throws (a cancelled job)', async () => {
    let batches = 0;
    const reading = readCalibrationData(repo.responseBatches({ clientId: instituteA.clientId, instituteId: instituteA.id }, { attemptsPerBatch: 2, attemptsPerPage: 3 }), () => {
      batches += 1;
      if (batches === 2) throw new Error('cancelled');
    });
    await expect(reading).rejects.toThrow('cancelled');
    expect(batches).toBe(2);
  });

  it('reads nothing of another institute or client, and the client bank holds every institute of the client', async () => {
    expect((await collect(AT_ONCE, instituteB.id)).flat()).toHaveLength(4);
    const clientWide: ResponseRow[] = [];
    for await (const rows of repo.responseBatches({ clientId: instituteA.clientId, instituteId: null }, { attemptsPerBatch: 4, attemptsPerPage: 4 })) clientWide.push(...rows);
    // Institute A's 9 attempts and B's one, 4 answers each; not the other client's.
    expect(clientWide).toHaveLength(40);
  });
});
