import { randomUUID } from 'node:crypto';
import type { SyncRecord } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centreSyncAttempts, centreSyncRecords, examAnswers, examAttempts, questions as questionRows, testSchedules } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { hashOf, sealChain } from './centre.chain.js';
import { marksOf } from '../../../test/attempt-marks.js';

/** The central side of sync (decision 063), through the API on the test database: a centre's chains in, verified, imported once, scored here. */
let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 6, 0, 0));
let home: TestInstitute;
let other: TestInstitute;
let instituteAdmin: TestUser;
let otherAdmin: TestUser;
let teacher: TestUser;
let student: TestUser;
let secondStudent: TestUser;
let otherStudent: TestUser;
let test: BuiltTest;
let scheduleId: number;
let otherScheduleId: number;
let centre: { centreId: number; credential: string };
let otherCentre: { centreId: number; credential: string };
let versionOf: Map<number, number>;

const post = (url: string, payload: unknown, credential?: string) =>
  t.call({ method: 'POST', url: `/api/centre/v1/${url}`, headers: credential ? { authorization: `Centre ${credential}` } : {}, payload: payload as object });
const syncState = (user: TestUser | null, id: number | string) => t.call({ method: 'GET', url: `/api/centre/v1/syncState?centreId=${id}`, headers: user?.headers ?? {} });

const rowCounts = async () => ({
  attempts: (await t.deps.db.select().from(examAttempts)).length,
  answers: (await t.deps.db.select().from(examAnswers)).length,
  syncs: (await t.deps.db.select().from(centreSyncAttempts)).length,
  records: (await t.deps.db.select().from(centreSyncRecords)).length,
  credits: (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'exam.outageCredit'))).length,
});

/** An attempt's chain as a centre seals it, in central ids: `answers` picks each question's option (2 is the key). */
function chainOf(forCentre: number, options: { userId: number; schedule?: number; answers: Array<number | null>; attemptId?: string; mapIds?: number[] }) {
  const attemptId = options.attemptId ?? randomUUID();
  const questions = test.sections.flatMap((s) => s.questions);
  const mapIds = options.mapIds ?? questions.map((q) => q.mapId);
  const startedAt = new Date(clock.now().getTime() - 50 * 60_000);
  const header = {
    scheduleId: options.schedule ?? scheduleId,
    taskId: test.task.id,
    userId: options.userId,
    startedAt: startedAt.toISOString(),
    deadlineAt: new Date(startedAt.getTime() + 60 * 60_000).toISOString(),
    submittedAt: new Date(startedAt.getTime() + 45 * 60_000).toISOString(),
    submitReason: 'student',
    tabChangeWarnings: 1,
    screenInactive: null,
    languageId: null,
    questionOrder: [mapIds],
    served: questions.map((q) => ({ questionTaskMapId: q.mapId, questionId: q.question.id, questionVersionId: versionOf.get(q.question.id)! })),
    centreScored: 999,
  };
  const answers = options.answers.map((choice, i) => ({
    kind: 'answer' as const,
    data: { questionTaskMapId: mapIds[i]!, seq: i + 3, answerId: choice, answerData: null, timeSpentSeconds: 30, isMarked: false, firstAnswer: null, changeCount: 1, updatedAt: startedAt.toISOString() },
  }));
  const credit = { kind: 'credit' as const, data: { action: 'exam.outageCredit', at: startedAt.toISOString(), reason: 'centre server stopped unexpectedly (crash or power cut)', before: {}, after: { seconds: 7 } } };
  const chain = sealChain({ centreId: forCentre, attemptId }, [{ kind: 'attempt', data: header }, ...answers, credit]);
  return { attemptId, chain, head: { recordCount: chain.length, headHash: chain.at(-1)!.hash } };
}
const batchOf = (sealed: ReturnType<typeof chainOf>, records: SyncRecord[] = sealed.chain) => ({ attemptId: sealed.attemptId, head: sealed.head, records });

beforeAll(async () => {
  t = await createTestApp({ clock });
  home = await createInstitute(t);
  other = await createInstitute(t);
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  otherAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(other) });
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  student = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  secondStudent = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  otherStudent = await t.createUser({ role: 'Student', ...placeIn(other, 0) });
  test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}] }] });
  versionOf = new Map((await t.deps.db.select({ id: questionRows.id, versionId: questionRows.currentVersionId }).from(questionRows)).map((q) => [q.id, q.versionId!]));
  const opensAt = new Date(clock.now().getTime() + 3_600_000);
  const closesAt = new Date(opensAt.getTime() + 4 * 3_600_000);
  scheduleId = (await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, opensAt, closesAt }).returning())[0]!.id;
  otherScheduleId = (await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: other.id, opensAt, closesAt }).returning())[0]!.id;
  const pair = async (admin: TestUser, name: string) => {
    const code = (await t.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: admin.headers, payload: {} })).json().body.code as string;
    return (await post('pair', { code, name })).json().body as { centreId: number; credential: string };
  };
  centre = await pair(instituteAdmin, 'Lab 1');
  otherCentre = await pair(otherAdmin, 'Other lab');
  // Each centre stages its institute's exam; the exam is then taken there.
  expect((await post('stage', {}, centre.credential)).json().body.exams.map((e: { scheduleId: number }) => e.scheduleId)).toEqual([scheduleId]);
  expect((await post('stage', {}, otherCentre.credential)).json().body.exams.map((e: { scheduleId: number }) => e.scheduleId)).toEqual([otherScheduleId]);
  clock.set(new Date(opensAt.getTime() + 2 * 3_600_000));
});

afterAll(async () => {
  await t.close();
});

describe('a centre syncing its attempts', () => {
  let first: ReturnType<typeof chainOf>;

  it('resumes at the cursor across batches, imports the attempt once its chain is whole, and scores it here', async () => {
    // Right, wrong, blank: +4 −1 0 by the central scoring (the centre's 999 is not taken).
    first = chainOf(centre.centreId, { userId: student.id, answers: [2, 3, null] });
    const before = await rowCounts();
    const part = await post('sync', { attempts: [batchOf(first, first.chain.slice(0, 3))] }, centre.credential);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().body.attempts).toEqual([{ attemptId: first.attemptId, state: 'pending', reason: null, received: 3, centralAttemptId: null }]);
    expect((await rowCounts()).attempts).toBe(before.attempts);
    // The answer to the next batch is lost: the centre sends from its old cursor again; what is held is skipped.
    const rest = await post('sync', { attempts: [batchOf(first, first.chain.slice(1))] }, centre.credential);
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json().body.attempts[0];
    expect(done).toMatchObject({ state: 'complete', reason: null, received: first.chain.length, centralAttemptId: expect.any(String) });
    const [attempt] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, done.centralAttemptId));
    expect(attempt).toMatchObject({ userId: student.id, taskId: test.task.id, status: 'submitted', submitReason: 'student', scored: 3, total: 12, tabChangeWarnings: 1 });
    const answers = await marksOf(t.deps.db, [attempt!.id]);
    expect(answers.map((a) => [a.questionTaskMapId, a.answer?.seq, a.status]).sort()).toEqual(
      [
        [test.mapIds[0], 3, 'correct'],
        [test.mapIds[1], 4, 'wrong'],
        [test.mapIds[2], 5, 'unanswered'],
      ].sort(),
    );
    const credits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, attempt!.id));
    expect(credits).toMatchObject([{ action: 'exam.outageCredit', reason: 'centre server stopped unexpectedly (crash or power cut)', after: { seconds: 7, centreId: centre.centreId } }]);
    const after = await rowCounts();
    expect(after).toEqual({ ...before, attempts: before.attempts + 1, answers: before.answers + 3, syncs: before.syncs + 1, records: before.records + first.chain.length, credits: before.credits + 1 });
  });

  it('adds nothing when the same chains are synced again', async () => {
    const before = await rowCounts();
    const again = await post('sync', { attempts: [batchOf(first)] }, centre.credential);
    expect(again.statusCode).toBe(200);
    expect(again.json().body.attempts[0]).toMatchObject({ state: 'complete', reason: null });
    expect(await rowCounts()).toEqual(before);
    // The same attempt with other answers: refused, the import stands.
    const changed = chainOf(centre.centreId, { userId: student.id, answers: [2, 2, 2], attemptId: first.attemptId });
    const replay = await post('sync', { attempts: [batchOf(changed)] }, centre.credential);
    expect(replay.json().body.attempts[0]).toMatchObject({ state: 'complete', reason: 'replayedWithChanges' });
    expect(await rowCounts()).toEqual(before);
  });

  it('stops an altered or truncated chain as damaged, with its reason, and imports nothing of it', async () => {
    const before = await rowCounts();
    const altered = chainOf(centre.centreId, { userId: secondStudent.id, answers: [1, 1, 1] });
    const tampered = altered.chain.map((r, i) => (i === 2 ? { ...r, data: { ...r.data, answerId: 2 } } : r));
    const truncated = chainOf(centre.centreId, { userId: secondStudent.id, answers: [1, 2, 3] });
    const cut = truncated.chain.slice(0, 3);
    const reheaded = { ...batchOf(truncated, cut), head: { recordCount: 3, headHash: cut[2]!.hash } };
    const res = await post('sync', { attempts: [batchOf(altered, tampered), reheaded] }, centre.credential);
    expect(res.statusCode).toBe(200);
    expect(res.json().body.attempts).toMatchObject([
      { attemptId: altered.attemptId, state: 'damaged', reason: 'altered', received: 0, centralAttemptId: null },
      { attemptId: truncated.attemptId, state: 'damaged', reason: 'truncated', received: 0, centralAttemptId: null },
    ]);
    // Damaged stays damaged: the whole chain sent afterwards is not imported.
    const later = await post('sync', { attempts: [batchOf(altered)] }, centre.credential);
    expect(later.json().body.attempts[0]).toMatchObject({ state: 'damaged', reason: 'altered' });
    const after = await rowCounts();
    expect({ ...after, syncs: before.syncs }).toEqual(before);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.syncDamaged'))).length).toBe(2);
  });

  it("refuses a student not on the exam's roster, an exam not staged for the centre, and another institute's exam", async () => {
    const before = await rowCounts();
    const notRostered = chainOf(centre.centreId, { userId: otherStudent.id, answers: [2, 2, 2] });
    const staff = chainOf(centre.centreId, { userId: teacher.id, answers: [2] });
    const foreignExam = chainOf(centre.centreId, { userId: student.id, schedule: otherScheduleId, answers: [2] });
    // The other institute's centre sending this institute's exam and student.
    const fromOther = chainOf(otherCentre.centreId, { userId: student.id, answers: [2] });
    const mine = await post('sync', { attempts: [batchOf(notRostered), batchOf(staff), batchOf(foreignExam)] }, centre.credential);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().body.attempts.map((a: { state: string; reason: string }) => [a.state, a.reason])).toEqual([
      ['refused', 'notRostered'],
      ['refused', 'notRostered'],
      ['refused', 'notStaged'],
    ]);
    const theirs = await post('sync', { attempts: [batchOf(fromOther)] }, otherCentre.credential);
    expect(theirs.json().body.attempts[0]).toMatchObject({ state: 'refused', reason: 'notStaged' });
    // A question not of the test (its id from elsewhere), in an otherwise whole chain.
    const stray = chainOf(centre.centreId, { userId: secondStudent.id, answers: [2], mapIds: [999_999] });
    expect((await post('sync', { attempts: [batchOf(stray)] }, centre.credential)).json().body.attempts[0]).toMatchObject({ state: 'refused', reason: 'unknownQuestion' });
    const after = await rowCounts();
    expect([after.attempts, after.answers, after.credits]).toEqual([before.attempts, before.answers, before.credits]);
  });

  it('refuses no credential, a wrong one and bad input in the envelope, writing nothing', async () => {
    const before = await rowCounts();
    const sealed = chainOf(centre.centreId, { userId: secondStudent.id, answers: [2] });
    for (const credential of [undefined, 'nonsense', `${centre.centreId}.${'A'.repeat(43)}`]) {
      const res = await post('sync', { attempts: [batchOf(sealed)] }, credential);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'CENTRE_CREDENTIAL_INVALID' } });
    }
    for (const payload of [
      {},
      { attempts: [] },
      { attempts: [{ ...batchOf(sealed), attemptId: 'x' }] },
      { attempts: [{ ...batchOf(sealed), head: { recordCount: 1, headHash: sealed.head.headHash } }] },
      { attempts: [batchOf(sealed, [{ ...sealed.chain[0]!, hash: 'not-a-hash' }])] },
      { attempts: [batchOf(sealed, [{ ...sealed.chain[0]!, kind: 'other' } as unknown as SyncRecord])] },
    ]) {
      const res = await post('sync', payload, centre.credential);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED' } });
    }
    // A header that is not an attempt's header, correctly chained: damaged as malformed.
    const odd = sealChain({ centreId: centre.centreId, attemptId: randomUUID() }, [{ kind: 'attempt', data: { hello: 'world' } }]);
    const res = await post('sync', { attempts: [{ attemptId: 'odd-attempt-1', head: { recordCount: 2, headHash: odd[1]!.hash }, records: odd }] }, centre.credential);
    expect(res.json().body.attempts[0]).toMatchObject({ state: 'damaged', reason: 'altered' });
    const bound = sealChain({ centreId: centre.centreId, attemptId: 'odd-attempt-2' }, [{ kind: 'attempt', data: { hello: 'world' } }]);
    const malformed = await post('sync', { attempts: [{ attemptId: 'odd-attempt-2', head: { recordCount: 2, headHash: bound[1]!.hash }, records: bound }] }, centre.credential);
    expect(malformed.json().body.attempts[0]).toMatchObject({ state: 'damaged', reason: 'malformed' });
    const after = await rowCounts();
    expect([after.attempts, after.answers, after.records]).toEqual([before.attempts, before.answers, before.records]);
    expect(hashOf({ centreId: 1, attemptId: 'a' }, { index: 0, kind: 'attempt', data: {}, prevHash: '0'.repeat(64) })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives its administrators the centre's sync state, and no one else", async () => {
    const res = await syncState(instituteAdmin, centre.centreId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ centreId: centre.centreId, name: 'Lab 1', lastSyncAt: clock.now().toISOString() });
    expect(body.counts).toEqual({ complete: 1, damaged: 4, refused: 4, pending: 0 });
    expect(body.items[0].state).toBe('damaged');
    expect(body.items.find((i: { state: string }) => i.state === 'complete')).toMatchObject({ centreAttemptId: first.attemptId, userId: student.id, scheduleId, received: first.chain.length, recordCount: first.chain.length });
    expect((await syncState(null, centre.centreId)).statusCode).toBe(401);
    expect((await syncState(teacher, centre.centreId)).statusCode).toBe(403);
    const foreign = await syncState(otherAdmin, centre.centreId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().body.code).toBe('CENTRE_NOT_FOUND');
    expect((await syncState(instituteAdmin, 'abc')).statusCode).toBe(400);
    expect((await syncState(otherAdmin, otherCentre.centreId)).json().body.counts).toEqual({ complete: 0, damaged: 0, refused: 1, pending: 0 });
  });
});
