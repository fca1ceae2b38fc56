import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attemptSummaries, examAnswers, examAttempts } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt } from '../../../test/factories/academy.js';
import { jsonCalls, submitUntilScored } from '../../../test/exam-fixtures.js';
import { marksOf } from '../../../test/attempt-marks.js';

/*
 * A submit when the closes queue up (SUBMIT_ACCEPT_AFTER=0 here: every submit finds the queue
 * long): it is answered at once as accepted, the attempt is scored in its turn, and the same
 * submit sent again answers with the score; pressing twice never closes twice. The acceptance is
 * written (decision 069): no save is taken after it, and a close lost with its process is made by
 * the sweeper or the next read, stamped at the acceptance.
 */
let t: TestApp;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SUBMIT_ACCEPT_AFTER: '0' } });
  other = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const { post } = jsonCalls(() => t);

const untilScored = (user: TestUser, body: object) => submitUntilScored(() => t, user, body);

describe('POST /api/task/v1/submitTest while the closes queue up', () => {
  it('answers at once that the submit is accepted and being scored, then with the score', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
    ]);
    // The last answer comes with the submit itself: saved before the submit is accepted.
    const body = {
      TestSessionID: s.TestSessionID,
      TaskID: test.task.id,
      analyticsID: 'a-1',
      data: [{ questionTaskMapID: test.mapIds[2]!, questionType: 'singleChoice', answerID: 4, seq: 1 }],
    };
    const res = await post('/api/task/v1/submitTest', me, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Test submitted.',
      body: { isBeingScored: true, scored: null, ScoreVisible: true, total: 16, attemptId: s.TestSessionID, taskID: test.task.id, submitReason: 'student' },
    });
    const [held] = await t.deps.db.select().from(examAnswers).where(eq(examAnswers.questionTaskMapId, test.mapIds[2]!));
    expect(held?.answerId).toBe(4);

    const result = await untilScored(me, { TestSessionID: s.TestSessionID, TaskID: test.task.id });
    expect(result).toMatchObject({ scored: 7, total: 16, attemptId: s.TestSessionID, analyticsID: 'a-1', submitReason: 'student' });
    expect(result.isBeingScored).toBeUndefined();
    const marks = await marksOf(t.deps.db, [s.TestSessionID]);
    expect(marks.map((m) => [m.questionTaskMapId, m.marksAwarded, m.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [test.mapIds[0], 4, 'correct'],
      [test.mapIds[1], 4, 'correct'],
      [test.mapIds[2], -1, 'wrong'],
      [test.mapIds[3], 0, 'unanswered'],
    ]);
    // Saves after the close change nothing.
    const late = await post('/api/task/v1/saveAnswer', me, {
      TestSessionID: s.TestSessionID,
      courseID: test.course.id,
      isPartialSubmit: true,
      data: [{ questionTaskMapID: test.mapIds[3]!, questionType: 'singleChoice', answerID: 2, timeSpent: 1, seq: 2 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().body.code).toBe('EXAM_ALREADY_SUBMITTED');
    const [unanswered] = await t.deps.db.select().from(examAnswers).where(eq(examAnswers.questionTaskMapId, test.mapIds[3]!));
    expect(unanswered?.answerId ?? null).toBeNull();
  });

  it('closes once however often the student presses Submit, at once or after a reload', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 }]);
    const body = { TestSessionID: s.TestSessionID, TaskID: test.task.id };
    const presses = await Promise.all([1, 2, 3].map(() => post('/api/task/v1/submitTest', me, body)));
    for (const press of presses) expect(press.statusCode).toBe(200);
    const first = await untilScored(me, body);
    expect(first.scored).toBe(4);
    t.clock.advance(60_000);
    const again = await untilScored(me, body);
    expect(again).toEqual(first);
    const attempts = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.userId, me.id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'submitted', scored: 4 });
    expect(attempts[0]!.submittedAt?.toISOString()).toBe(first.submittedAt);
    const summaries = await t.deps.db.select().from(attemptSummaries).where(eq(attemptSummaries.attemptId, s.TestSessionID));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ scored: 4, correct: 1, skipped: 3, isFirstAttempt: true });
  });

  it('accepts nothing from another student, and keeps the attempt open', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db);
    const s = await startAttempt(t, me, test);
    const res = await post('/api/task/v1/submitTest', other, { TestSessionID: s.TestSessionID, TaskID: test.task.id });
    expect(res.statusCode).toBe(404);
    const [attempt] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(attempt?.status).toBe('open');
  });

  it('takes no save once a submit is accepted, and closes it at its acceptance when its process never did', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 }]);
    // Accepted by a process that then stopped: the acceptance is written, its queued close is gone.
    const acceptedAt = t.clock.now();
    await t.deps.db.update(examAttempts).set({ submitRequestedAt: acceptedAt }).where(eq(examAttempts.id, s.TestSessionID));

    const save = {
      TestSessionID: s.TestSessionID,
      courseID: test.course.id,
      isPartialSubmit: true,
      data: [{ questionTaskMapID: test.mapIds[1]!, questionType: 'singleChoice', answerID: 2, timeSpent: 1, seq: 1 }],
    };
    const late = await post('/api/task/v1/saveAnswer', me, save);
    expect(late.statusCode).toBe(409);
    expect(late.json().body.code).toBe('EXAM_ALREADY_SUBMITTED');
    const held = await t.deps.db.select().from(examAnswers).where(eq(examAnswers.attemptId, s.TestSessionID));
    expect(held.map((a) => a.questionTaskMapId)).toEqual([test.mapIds[0]]);

    // Within the grace its close may still be queued somewhere: the sweeper and readers leave it.
    t.clock.advance(60_000);
    await t.app.services.exam.sweepExpired();
    let [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(row?.status).toBe('open');

    // Past it, the sweeper closes it as the student's submit, stamped when it was accepted.
    t.clock.advance(61_000);
    expect(await t.app.services.exam.sweepExpired()).toBeGreaterThanOrEqual(1);
    [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(row).toMatchObject({ status: 'submitted', submitReason: 'student', scored: 4 });
    expect(row?.submittedAt?.toISOString()).toBe(acceptedAt.toISOString());
    const [summary] = await t.deps.db.select().from(attemptSummaries).where(eq(attemptSummaries.attemptId, s.TestSessionID));
    expect(summary).toMatchObject({ scored: 4, correct: 1 });
  });

  it('closes a lost accepted submit on the student’s next read of the attempt', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}] }] });
    const s = await startAttempt(t, me, test);
    const acceptedAt = t.clock.now();
    await t.deps.db.update(examAttempts).set({ submitRequestedAt: acceptedAt }).where(eq(examAttempts.id, s.TestSessionID));
    // Within the grace the player is told the test is being scored, not that it can go on.
    const waiting = await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().body).toMatchObject({ isValid: false, testResult: { isBeingScored: true, scored: null, submittedAt: acceptedAt.toISOString() } });
    let [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(row?.status).toBe('open');
    t.clock.advance(125_000);
    const read = await post('/api/task/v1/checkSession', me, { TestSessionID: s.TestSessionID });
    expect(read.statusCode).toBe(200);
    [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(row).toMatchObject({ status: 'submitted', submitReason: 'student' });
    expect(row?.submittedAt?.toISOString()).toBe(acceptedAt.toISOString());
  });

  it('records the acceptance of a submit it answers at once', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}] }] });
    const s = await startAttempt(t, me, test);
    const acceptedAt = t.clock.now();
    const res = await post('/api/task/v1/submitTest', me, { TestSessionID: s.TestSessionID, TaskID: test.task.id });
    expect(res.json().body.isBeingScored).toBe(true);
    const result = await untilScored(me, { TestSessionID: s.TestSessionID, TaskID: test.task.id });
    expect(result.submittedAt).toBe(acceptedAt.toISOString());
    const [row] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, s.TestSessionID));
    expect(row?.submitRequestedAt?.toISOString()).toBe(acceptedAt.toISOString());
  });
});
