import { randomUUID } from 'node:crypto';
import { psychometricsRoutes, type CalibratedItemList, type Job } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createTestTask, createTopic, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { attemptQuestionVersions, examAttempts, itemCalibrations, jobs, questions, questionTopics, questionVersionTexts, users } from '../../db/schema/index.js';
import { normal, seededRandom } from './psychometrics.simulate.js';
import { writeScoredAnswers } from '../../../test/attempt-marks.js';

let t: TestApp;
let instituteA: TestInstitute;
let instituteB: TestInstitute;
let adminA: TestUser;
let adminB: TestUser;
let clientAdmin: TestUser;
let otherClientAdmin: TestUser;
let teacherA: TestUser;
let student: TestUser;
let test: BuiltTest;

const STUDENTS = 150;
/** Question 7 (index 6) is answered by only 5 students; question 8 (index 7) has a wrong key: strong students choose option 3. */
const FEW = 6;
const WRONG_KEY = 7;

/** Submitted attempts of STUDENTS simulated students of institute A at the test's first versions. */
async function seedAttempts(): Promise<void> {
  const random = seededRandom(42);
  const difficulty = [-1, -0.5, 0, 0.5, 1, -0.2, 0.3, 0];
  const userRows = await t.deps.db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, n) => ({ username: `calib${n}`, passwordHash: 'x', role: 'Student', clientId: instituteA.clientId, instituteId: instituteA.id })))
    .returning({ id: users.id });
  const items = test.sections[0]!.questions;
  const versionOf = new Map(
    (await t.deps.db.select({ id: questions.id, versionId: questions.currentVersionId }).from(questions)).map((q) => [q.id, q.versionId!]),
  );
  const started = new Date(t.clock.now().getTime() - 3_600_000);
  for (const [n, { id: userId }] of userRows.entries()) {
    const ability = normal(random);
    const attemptId = randomUUID();
    await t.deps.db.insert(examAttempts).values({
      id: attemptId,
      userId,
      taskId: test.task.id,
      courseId: test.course.id,
      testType: 'test',
      status: 'submitted',
      startedAt: started,
      deadlineAt: t.clock.now(),
      submittedAt: t.clock.now(),
      questionOrder: [test.mapIds],
    });
    await t.deps.db.insert(attemptQuestionVersions).values(items.map((q) => ({ attemptId, questionTaskMapId: q.mapId, questionId: q.question.id, questionVersionId: versionOf.get(q.question.id)! })));
    const answers = items.flatMap((q, i) => {
      // An unanswered question is missing, not wrong: only 5 students answered question 7.
      if (i === FEW && n >= 5) return [{ questionTaskMapId: q.mapId, answerId: null as number | null, status: 'unanswered' as 'unanswered' | 'correct' | 'wrong', marksAwarded: 0 }];
      const right = random() < 1 / (1 + Math.exp(-1.2 * (ability - difficulty[i]!)));
      // The wrong-key item: the strong choose option 3 (really right), which the key (2) marks wrong.
      const option = i === WRONG_KEY ? (ability > 0.3 ? 3 : random() < 0.3 ? 2 : 1) : right ? 2 : 1;
      const status = i === WRONG_KEY ? (option === 2 ? 'correct' : 'wrong') : right ? 'correct' : 'wrong';
      return [{ questionTaskMapId: q.mapId, answerId: option as number | null, status: status as 'unanswered' | 'correct' | 'wrong', marksAwarded: status === 'correct' ? 4 : -1 }];
    });
    await writeScoredAnswers(t.deps.db, attemptId, answers);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  instituteA = await createInstitute(t);
  instituteB = await createInstitute(t);
  const otherClient = await createClient(t);
  adminA = await t.createUser({ role: 'InstituteAdmin', ...placeIn(instituteA) });
  adminB = await t.createUser({ role: 'InstituteAdmin', ...placeIn(instituteB) });
  clientAdmin = await t.createUser({ role: 'ClientAdmin', clientId: instituteA.clientId });
  otherClientAdmin = await t.createUser({ role: 'ClientAdmin', clientId: otherClient });
  teacherA = await t.createUser({ role: 'Teacher', ...placeIn(instituteA) });
  student = await t.createUser({ role: 'Student', ...placeIn(instituteA, 0) });
  test = await createTestTask(t.deps.db, {
    sections: [{ questions: Array.from({ length: 8 }, (_, i) => (i === 0 ? { data: '<p>Which <b>force</b> keeps a satellite &amp; the Moon in orbit? <img src="x.png"></p>' } : {})) }],
  });
  // The first question: a Tamil text too, filed under Physics › Gravitation (a subject and its chapter).
  const first = test.sections[0]!.questions[0]!.question.id;
  const [{ versionId }] = (await t.deps.db.select({ versionId: questions.currentVersionId }).from(questions).where(eq(questions.id, first))) as [{ versionId: number }];
  await t.deps.db.insert(questionVersionTexts).values({ versionId, language: 'tn', data: '<p>நிலவைச் சுற்றுப்பாதையில் வைத்திருக்கும் விசை எது?</p>' });
  const physics = await createTopic(t.deps.db, test.course.id, { name: 'Physics' });
  const gravitation = await createTopic(t.deps.db, test.course.id, { name: 'Gravitation', parentId: physics.id });
  await t.deps.db.insert(questionTopics).values({ questionId: first, topicId: gravitation.id });
  await seedAttempts();
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.execute(sql`TRUNCATE ${itemCalibrations}, ${jobs} CASCADE`);
});

const calibrate = (user: TestUser | null, body: unknown) => callAs(t, user, psychometricsRoutes.calibrate, { body });
const listItems = (user: TestUser | null, query: Record<string, number> = {}) => callAs(t, user, psychometricsRoutes.items, { query });
const listScopes = (user: TestUser | null) => callAs(t, user, psychometricsRoutes.scopes, {});
const jobCount = async () => (await t.deps.db.select({ n: count() }).from(jobs))[0]!.n;

async function runJob(id: string): Promise<Pick<Job, 'state' | 'result'>> {
  await t.app.services.jobs.queue.runOnce();
  const [row] = await t.deps.db.select({ state: jobs.state, result: jobs.result }).from(jobs).where(eq(jobs.id, id));
  return row as Pick<Job, 'state' | 'result'>;
}

describe('POST /psychometrics/v1/calibrate and GET /psychometrics/v1/items', () => {
  it('calibrates the institute’s item versions in a tracked job, with states, flags and no NaN; a re-run replaces', async () => {
    const res = await calibrate(adminA, { model: '2pl', minResponses: 10 });
    expect(res.statusCode).toBe(200);
    const { jobId } = res.json<{ body: { jobId: string } }>().body;
    const job = await runJob(jobId);
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ model: '2pl', examinees: STUDENTS, items: 8, states: { ok: 7, 'too-few-responses': 1 } });

    const listed = await listItems(adminA);
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json<{ body: CalibratedItemList }>().body;
    expect(items).toHaveLength(8);
    expect(listed.body).not.toMatch(/NaN|Infinity/);
    const byQuestion = new Map(items.map((item) => [item.questionId, item]));
    const few = byQuestion.get(test.sections[0]!.questions[FEW]!.question.id)!;
    expect(few).toMatchObject({ state: 'too-few-responses', responses: 5, difficulty: null, discrimination: null, seDifficulty: null, version: 1 });
    const first = byQuestion.get(test.sections[0]!.questions[0]!.question.id)!;
    expect(first.responses).toBe(STUDENTS);
    expect(first.state).toBe('ok');
    expect(first.difficulty).toBeLessThan(0);
    expect(first.seDifficulty).toBeGreaterThan(0);
    // The statement as plain text in the caller's language, with the subject and topic it is filed under.
    expect(first).toMatchObject({ excerpt: 'Which force keeps a satellite & the Moon in orbit?', excerptLanguage: 'en', subject: 'Physics', topic: 'Gravitation' });
    expect(few).toMatchObject({ excerpt: expect.stringMatching(/^What is \d+ \+ 1\?$/), subject: null, topic: null });
    const inTamil = (await callAs(t, adminA, psychometricsRoutes.items, { query: {} }, { language: 'tn' })).json<{ body: CalibratedItemList }>().body.items;
    const tamilFirst = inTamil.find((item) => item.questionId === first.questionId)!;
    expect(tamilFirst).toMatchObject({ excerpt: 'நிலவைச் சுற்றுப்பாதையில் வைத்திருக்கும் விசை எது?', excerptLanguage: 'tn' });
    // A version without a Tamil text keeps its own language, so the screen can mark it.
    expect(inTamil.find((item) => item.questionId === few.questionId)).toMatchObject({ excerptLanguage: 'en' });
    const wrongKey = byQuestion.get(test.sections[0]!.questions[WRONG_KEY]!.question.id)!;
    expect(wrongKey.flags).toEqual([expect.objectContaining({ kind: 'probable-wrong-key', optionId: 3 })]);
    expect(items.filter((item) => item.flags.length > 0)).toHaveLength(1);

    // Idempotent: a second run replaces the scope's rows instead of adding to them.
    const again = await calibrate(adminA, { minResponses: 10 });
    expect((await runJob(again.json<{ body: { jobId: string } }>().body.jobId)).state).toBe('succeeded');
    const [{ n }] = await t.deps.db.select({ n: count() }).from(itemCalibrations).where(eq(itemCalibrations.instituteId, instituteA.id)) as [{ n: number }];
    expect(n).toBe(8);
  }, 120_000);

  it('a client administrator calibrates one of the client’s institutes, or the whole client bank', async () => {
    const res = await calibrate(clientAdmin, { instituteId: instituteA.id, model: 'rasch', minResponses: 10 });
    expect(res.statusCode).toBe(200);
    expect((await runJob(res.json<{ body: { jobId: string } }>().body.jobId)).state).toBe('succeeded');
    const items = (await listItems(clientAdmin, { instituteId: instituteA.id })).json<{ body: CalibratedItemList }>().body.items;
    expect(items.filter((item) => item.state === 'ok').every((item) => item.model === 'rasch' && item.discrimination === 1)).toBe(true);
    // The client bank is its own scope: nothing calibrated there yet.
    expect((await listItems(clientAdmin)).json<{ body: CalibratedItemList }>().body.items).toEqual([]);
  }, 120_000);

  it('a 3PL run gives the one-option choice kinds a guessing parameter with its SE, the other kinds none', async () => {
    const numerical = test.sections[0]!.questions[5]!.question.id;
    await t.deps.db.update(questions).set({ questionType: 'numerical' }).where(eq(questions.id, numerical));
    try {
      const res = await calibrate(adminA, { model: '3pl', minResponses: 10 });
      expect(res.statusCode).toBe(200);
      const job = await runJob(res.json<{ body: { jobId: string } }>().body.jobId);
      expect(job.state).toBe('succeeded');
      const listed = await listItems(adminA);
      // The wrong-key item (right answers fall with ability) has no 3PL curve to settle on; its flag stays.
      expect(job.result).toMatchObject({ model: '3pl', items: 8, states: { ok: 6, 'too-few-responses': 1, diverged: 1 } });
      expect(listed.body).not.toMatch(/NaN|Infinity/);
      const { items } = listed.json<{ body: CalibratedItemList }>().body;
      const ok = items.filter((item) => item.state === 'ok');
      expect(ok).toHaveLength(6);
      const wrongKey = items.find((item) => item.questionId === test.sections[0]!.questions[WRONG_KEY]!.question.id)!;
      expect(wrongKey).toMatchObject({ state: 'diverged', guessing: null, flags: [expect.objectContaining({ kind: 'probable-wrong-key' })] });
      for (const item of ok) {
        expect(item.model).toBe('3pl');
        if (item.questionId === numerical) {
          expect(item).toMatchObject({ guessing: null, seGuessing: null });
          expect(item.discrimination).toBeGreaterThan(0);
        } else {
          expect(item.guessing).toBeGreaterThan(0);
          expect(item.guessing).toBeLessThan(0.6);
          expect(item.seGuessing).toBeGreaterThan(0);
        }
      }
      expect(items.find((item) => item.state === 'too-few-responses')).toMatchObject({ guessing: null, seGuessing: null });
      const stored = await t.deps.db.select({ model: itemCalibrations.model, guessing: itemCalibrations.guessing }).from(itemCalibrations).where(eq(itemCalibrations.instituteId, instituteA.id));
      expect(stored.filter((row) => row.guessing !== null)).toHaveLength(5);
      expect(stored.every((row) => row.model === '3pl')).toBe(true);
    } finally {
      await t.deps.db.update(questions).set({ questionType: 'singleChoice' }).where(eq(questions.id, numerical));
    }
  }, 120_000);

  it('answers 400 in the envelope for bad input and queues nothing', async () => {
    for (const body of [{ minResponses: 'x' }, { minResponses: 5 }, { model: '4pl' }, { model: 3 }, { model: '3PL' }, { instituteId: -1 }, { instituteId: 'a' }, { extra: true }]) {
      const res = await calibrate(adminA, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await listItems(adminA, { instituteId: 0 })).statusCode).toBe(400);
    expect(await jobCount()).toBe(0);
  });

  it('lists the scopes the caller may pick: an institute administrator their own, a client administrator the client’s and its bank', async () => {
    expect(((await listScopes(adminA)).json() as { body: unknown }).body).toEqual({ institutes: [{ id: instituteA.id, name: expect.any(String) }], hasClientBank: false });
    const client = (await listScopes(clientAdmin)).json<{ body: { institutes: { id: number }[]; hasClientBank: boolean } }>().body;
    expect(client.hasClientBank).toBe(true);
    expect(client.institutes.map((i) => i.id)).toEqual(expect.arrayContaining([instituteA.id, instituteB.id]));
    // Another client's administrator sees none of this client's institutes.
    const other = (await listScopes(otherClientAdmin)).json<{ body: { institutes: { id: number }[] } }>().body;
    expect(other.institutes.map((i) => i.id)).not.toContain(instituteA.id);
  });

  it('answers 401 without a token and 403 for a role that is not an administrator', async () => {
    expect((await calibrate(null, {})).statusCode).toBe(401);
    expect((await listItems(null)).statusCode).toBe(401);
    expect((await listScopes(null)).statusCode).toBe(401);
    for (const user of [teacherA, student]) {
      expect((await calibrate(user, {})).statusCode).toBe(403);
      expect((await listItems(user)).statusCode).toBe(403);
      expect((await listScopes(user)).statusCode).toBe(403);
    }
    expect(await jobCount()).toBe(0);
  });

  it('answers 404 for another institute, another client’s institute and an unknown one', async () => {
    for (const [user, instituteId] of [
      [adminB, instituteA.id],
      [adminA, instituteB.id],
      [otherClientAdmin, instituteA.id],
      [clientAdmin, 999_999],
    ] as const) {
      const res = await calibrate(user, { instituteId });
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe(false);
      expect((await listItems(user, { instituteId })).statusCode).toBe(404);
    }
    expect(await jobCount()).toBe(0);
    // An institute administrator cannot reach the client bank either: without an institute it is their own.
    const own = await calibrate(adminB, {});
    expect(own.statusCode).toBe(200);
    const [queued] = await t.deps.db.select({ payload: jobs.payload }).from(jobs);
    expect(queued!.payload).toMatchObject({ scope: { instituteId: instituteB.id } });
  });

  it('the nightly run queues a calibration for institutes with attempts since their last one', async () => {
    const first = await t.app.services.psychometrics.enqueueNightly();
    expect(first).toHaveLength(1);
    const job = await runJob(first[0]!);
    expect(job.state).toBe('succeeded');
    // Nothing new since: nothing queued.
    t.clock.advance(60_000);
    expect(await t.app.services.psychometrics.enqueueNightly()).toEqual([]);
  }, 120_000);
});
