import { adaptiveRoutes, type AdaptiveOverview, type AdaptiveSession } from '@app/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createCourse, createQuestion, createTopic, type TopicRow } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { adaptiveAnswers, adaptiveSessions, itemCalibrations, questions } from '../../db/schema/index.js';

let t: TestApp;
let instituteA: TestInstitute;
let instituteB: TestInstitute;
let studentA: TestUser;
let otherStudentA: TestUser;
let studentB: TestUser;
let loneStudent: TestUser;
let teacherA: TestUser;
let adminA: TestUser;
let physics: TopicRow;
let biology: TopicRow;
const chapters: TopicRow[] = [];
/** The client's shared versions (all calibrated) and institute B's own (uncalibrated). */
const shared = new Set<number>();
const ownOfB = new Set<number>();

const KEY = 2;
const KEY_PATTERN = /SECRET|correctAnswer|explanation|solution|hidden|difficulty|discrimination/i;

beforeAll(async () => {
  t = await createTestApp();
  const clientId = await createClient(t);
  instituteA = await createInstitute(t, { clientId });
  instituteB = await createInstitute(t, { clientId });
  const otherInstitute = await createInstitute(t, { clientId: await createClient(t) });
  studentA = await t.createUser({ role: 'Student', ...placeIn(instituteA) });
  otherStudentA = await t.createUser({ role: 'Student', ...placeIn(instituteA) });
  studentB = await t.createUser({ role: 'Student', ...placeIn(instituteB) });
  loneStudent = await t.createUser({ role: 'Student', ...placeIn(otherInstitute) });
  teacherA = await t.createUser({ role: 'Teacher', ...placeIn(instituteA) });
  adminA = await t.createUser({ role: 'InstituteAdmin', ...placeIn(instituteA) });
  const course = await createCourse(t.deps.db, { clientId });
  physics = await createTopic(t.deps.db, course.id, { name: 'Physics' });
  biology = await createTopic(t.deps.db, course.id, { name: 'Biology' });
  for (const [name, parent] of [
    ['Kinematics', physics],
    ['Optics', physics],
    ['Cell biology', biology],
    ['Genetics', biology],
  ] as const) {
    chapters.push(await createTopic(t.deps.db, course.id, { name, parentId: parent.id }));
  }
  const calibrations: (typeof itemCalibrations.$inferInsert)[] = [];
  for (let n = 0; n < 40; n += 1) {
    const question = await createQuestion(t.deps.db, { ownerClientId: clientId, topicIds: [chapters[n % 4]!.id], correctAnswerId: KEY, difficulty: 'medium', explanation: 'SECRET explanation', hint: 'SECRET hint' });
    const [row] = await t.deps.db.select({ questionId: questions.id, versionId: questions.currentVersionId }).from(questions).where(eq(questions.id, question.id));
    shared.add(row!.versionId!);
    calibrations.push({
      clientId,
      instituteId: null,
      questionId: question.id,
      questionVersionId: row!.versionId!,
      // Every other item from a 3PL run, with a guessing parameter (decision 077).
      model: n % 2 ? '3pl' : '2pl',
      state: 'ok',
      responses: 200,
      difficulty: -2 + (n % 10) * 0.45,
      discrimination: 1.2 + (n % 3) * 0.3,
      guessing: n % 2 ? 0.15 + (n % 5) * 0.02 : null,
      calibratedAt: t.clock.now(),
    });
  }
  await t.deps.db.insert(itemCalibrations).values(calibrations);
  for (let n = 0; n < 5; n += 1) {
    const question = await createQuestion(t.deps.db, { ownerClientId: clientId, ownerInstituteId: instituteB.id, topicIds: [chapters[0]!.id], correctAnswerId: KEY, difficulty: 'hard' });
    const [row] = await t.deps.db.select({ versionId: questions.currentVersionId }).from(questions).where(eq(questions.id, question.id));
    ownOfB.add(row!.versionId!);
  }
}, 120_000);
afterAll(() => t.close());

const overview = (user: TestUser | null) => callAs(t, user, adaptiveRoutes.overview);
const start = (user: TestUser | null, body: unknown) => callAs(t, user, adaptiveRoutes.start, { body });
const getSession = (user: TestUser | null, sessionId: number | string) => callAs(t, user, adaptiveRoutes.session, { query: { sessionId } });
const answer = (user: TestUser | null, body: unknown) => callAs(t, user, adaptiveRoutes.answer, { body });
const bodyOf = <T>(res: { json: <U>() => U }) => res.json<{ body: T }>().body;
const answerCount = async () => (await t.deps.db.select({ n: count() }).from(adaptiveAnswers))[0]!.n;
const sessionCount = async () => (await t.deps.db.select({ n: count() }).from(adaptiveSessions))[0]!.n;

describe('adaptive practice', () => {
  it('lists the subjects of the reachable bank (top-level topics) with their items', async () => {
    const res = await overview(studentA);
    expect(res.statusCode).toBe(200);
    const body = bodyOf<AdaptiveOverview>(res);
    expect(body.items).toBe(40);
    expect(body.subjects).toEqual([
      { id: biology.id, name: 'Biology', items: 20 },
      { id: physics.id, name: 'Physics', items: 20 },
    ]);
  });

  it('runs a whole-syllabus test to its result without the key ever reaching the student, balanced across subjects', async () => {
    const started = await start(studentA, {});
    expect(started.statusCode).toBe(200);
    let session = bodyOf<AdaptiveSession>(started);
    expect(session).toMatchObject({ status: 'active', answered: 0, maxItems: 30, usesPrior: false, lastCorrect: null, result: null });
    const served: number[] = [];
    for (let step = 0; step < 31 && session.status === 'active'; step += 1) {
      const item = session.item!;
      expect(item.position).toBe(step + 1);
      expect(item.texts[0]!.options.map((o) => o.answerID)).toEqual([1, 2, 3, 4]);
      served.push(item.questionVersionId);
      const res = await answer(studentA, { sessionId: session.sessionId, questionVersionId: item.questionVersionId, answerId: step % 3 === 0 ? 1 : KEY });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(KEY_PATTERN);
      session = bodyOf<AdaptiveSession>(res);
      expect(session.lastCorrect).toBe(step % 3 !== 0);
    }
    expect(session.status).toBe('finished');
    expect(session.item).toBeNull();
    expect(served.length).toBeLessThanOrEqual(30);
    expect(new Set(served).size).toBe(served.length);
    expect(served.every((id) => shared.has(id))).toBe(true);
    const result = session.result!;
    expect(result.low).toBeLessThanOrEqual(result.score);
    expect(result.high).toBeGreaterThanOrEqual(result.score);
    expect(result.low).toBeGreaterThanOrEqual(0);
    expect(result.high).toBeLessThanOrEqual(720);
    expect(result.theta).toBeGreaterThan(0);
    expect(result.topics.length).toBeGreaterThan(0);
    expect(result.topics.every((topic) => chapters.some((c) => c.id === topic.topicId && c.name === topic.name) && topic.marks > 0)).toBe(true);
    const rows = await t.deps.db
      .select({ subject: adaptiveAnswers.subjectTopicId, versionId: adaptiveAnswers.questionVersionId, guessing: adaptiveAnswers.guessing })
      .from(adaptiveAnswers)
      .where(eq(adaptiveAnswers.sessionId, session.sessionId));
    // Each answer was scored with its item's guessing parameter where the calibration has one.
    const guessingOf = new Map((await t.deps.db.select({ versionId: itemCalibrations.questionVersionId, guessing: itemCalibrations.guessing }).from(itemCalibrations)).map((r) => [r.versionId, r.guessing]));
    expect(rows.map((r) => r.guessing)).toEqual(rows.map((r) => guessingOf.get(r.versionId) ?? null));
    expect(rows.some((r) => r.guessing !== null)).toBe(true);
    const physicsServed = rows.filter((r) => r.subject === physics.id).length;
    expect(Math.abs(physicsServed - (rows.length - physicsServed))).toBeLessThanOrEqual(1);
    // Finished: a further answer is refused and the listing shows the score.
    expect((await answer(studentA, { sessionId: session.sessionId, questionVersionId: served[0], answerId: 1 })).statusCode).toBe(409);
    const listed = bodyOf<AdaptiveOverview>(await overview(studentA)).sessions.find((s) => s.sessionId === session.sessionId)!;
    expect(listed).toMatchObject({ status: 'finished', answered: served.length, score: result.score, subjectName: null });
  }, 120_000);

  it('continues after a reload or on a second device, and refuses an answer to an item already answered', async () => {
    const first = bodyOf<AdaptiveSession>(await start(studentA, { subjectId: physics.id }));
    expect(first.subjectName).toBe('Physics');
    const reloaded = await getSession(studentA, first.sessionId);
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.body).not.toMatch(KEY_PATTERN);
    expect(bodyOf<AdaptiveSession>(reloaded).item).toEqual(first.item);
    const body = { sessionId: first.sessionId, questionVersionId: first.item!.questionVersionId, answerId: KEY };
    expect((await answer(studentA, body)).statusCode).toBe(200);
    const before = await answerCount();
    const stale = await answer(studentA, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toBe(false);
    expect(await answerCount()).toBe(before);
    const moved = bodyOf<AdaptiveSession>(await getSession(studentA, first.sessionId));
    expect(moved.answered).toBe(1);
    expect(moved.item!.questionVersionId).not.toBe(first.item!.questionVersionId);
    // A subject test serves only that subject's chapters.
    expect(['Kinematics', 'Optics']).toContain(moved.item!.topicName);
  });

  it('fills in uncalibrated items at their difficulty label’s prior and says so', async () => {
    const res = await start(studentB, {});
    expect(res.statusCode).toBe(200);
    expect(bodyOf<AdaptiveSession>(res).usesPrior).toBe(true);
    expect(bodyOf<AdaptiveOverview>(await overview(studentB)).items).toBe(45);
  });

  it('answers 400 in the envelope for bad input and writes nothing', async () => {
    const own = bodyOf<AdaptiveSession>(await start(studentA, {}));
    const sessions = await sessionCount();
    const answers = await answerCount();
    for (const body of [{ subjectId: 'x' }, { subjectId: -1 }, { subjectId: 1.5 }, { extra: true }]) {
      const res = await start(studentA, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
    const item = own.item!.questionVersionId;
    for (const body of [
      {},
      { sessionId: own.sessionId, questionVersionId: item },
      { sessionId: own.sessionId, questionVersionId: item, answerId: 'two' },
      { sessionId: own.sessionId, questionVersionId: item, answerId: 99 },
      { sessionId: own.sessionId, questionVersionId: item, answerId: KEY, extra: 1 },
      { sessionId: 0, questionVersionId: item, answerId: KEY },
    ]) {
      const res = await answer(studentA, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await getSession(studentA, 'abc')).statusCode).toBe(400);
    expect(await sessionCount()).toBe(sessions);
    expect(await answerCount()).toBe(answers);
  });

  it('answers 401 without a token and 403 for staff', async () => {
    expect((await overview(null)).statusCode).toBe(401);
    expect((await start(null, {})).statusCode).toBe(401);
    expect((await getSession(null, 1)).statusCode).toBe(401);
    expect((await answer(null, { sessionId: 1, questionVersionId: 1, answerId: 1 })).statusCode).toBe(401);
    for (const user of [teacherA, adminA]) {
      expect((await overview(user)).statusCode).toBe(403);
      expect((await start(user, {})).statusCode).toBe(403);
    }
  });

  it('answers 404 for another student’s session (same or other institute), an unknown one and an unknown subject', async () => {
    const own = bodyOf<AdaptiveSession>(await start(studentA, {}));
    const answers = await answerCount();
    for (const user of [otherStudentA, studentB, loneStudent]) {
      expect((await getSession(user, own.sessionId)).statusCode).toBe(404);
      const res = await answer(user, { sessionId: own.sessionId, questionVersionId: own.item!.questionVersionId, answerId: KEY });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(KEY_PATTERN);
    }
    expect((await getSession(studentA, 999_999)).statusCode).toBe(404);
    expect(await answerCount()).toBe(answers);
    expect((await start(studentA, { subjectId: 999_999 })).statusCode).toBe(404);
    // A chapter is not a subject: only top-level topics are.
    expect((await start(studentA, { subjectId: chapters[0]!.id })).statusCode).toBe(404);
  });

  it('answers 422 where the reachable bank is too small, and never serves another institute’s questions', async () => {
    const res = await start(loneStudent, {});
    expect(res.statusCode).toBe(422);
    const rows = await t.deps.db
      .select({ versionId: adaptiveAnswers.questionVersionId })
      .from(adaptiveAnswers)
      .innerJoin(adaptiveSessions, eq(adaptiveSessions.id, adaptiveAnswers.sessionId))
      .where(inArray(adaptiveSessions.userId, [studentA.id, otherStudentA.id]));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => ownOfB.has(r.versionId))).toBe(false);
  });
});
