import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, examAnswers } from '../../../db/schema/index.js';
import { createSummariesRepository } from './reports.repository.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../../test/factories/academy.js';
import { createExamTestApp, jsonCalls } from '../../../../test/exam-fixtures.js';
import type { TestApp, TestUser } from '../../../../test/test-app.js';

let t: TestApp;
let teacher: TestUser;
beforeAll(async () => {
  ({ t, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { get, post } = jsonCalls(() => t);
const summaryOf = async (attemptId: string) => (await createSummariesRepository(t.deps.db).summariesOf([attemptId]))[0];

describe('attempt summaries', () => {
  it('are written when an attempt is submitted, with section, topic and question figures', async () => {
    const test = await createTestTask(t.deps.db, {
      task: { testType: 'practice', durationMinutes: null },
      sections: [
        { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Optics'] }] },
        { name: 'Biology', questions: [{ topicTags: ['Genetics'] }] },
      ],
    });
    const [p1, p2] = test.mapIds as [number, number, number];
    const me: TestUser = await t.createUser({ role: 'Student' });
    const first = await startAttempt(t, me, test);
    t.clock.advance(90_000);
    // p1 right (+4), p2 wrong (−1), b1 skipped.
    await saveAnswers(t, me, first.TestSessionID, [
      { questionTaskMapID: p1, questionType: 'singleChoice', answerID: 2, timeSpent: 30, seq: 1 },
      { questionTaskMapID: p2, questionType: 'singleChoice', answerID: 3, timeSpent: 50, seq: 1 },
    ]);
    await submitTest(t, me, first.TestSessionID, test.task.id);
    const s = await summaryOf(first.TestSessionID);
    expect(s).toMatchObject({ userId: me.id, taskId: test.task.id, isFirstAttempt: true, scored: 3, total: 12, correct: 1, wrong: 1, skipped: 1, negativeMarksLost: 1, timeSpent: 90 });
    expect(s!.sections).toEqual([
      expect.objectContaining({ name: 'Physics', questions: 2, correct: 1, wrong: 1, scored: 3, total: 8, negativeMarksLost: 1, timeSpent: 80 }),
      expect.objectContaining({ name: 'Biology', questions: 1, skipped: 1, scored: 0, total: 4 }),
    ]);
    expect(s!.topics).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Optics', section: 'Physics', correct: 1, wrong: 1 })]));
    expect(s!.questions.map((q) => [q.status, q.timeSpent])).toEqual([
      ['correct', 30],
      ['wrong', 50],
      ['unanswered', 0],
    ]);

    // A retake is summarised too, and is not a first attempt.
    const again = await startAttempt(t, me, test);
    await submitTest(t, me, again.TestSessionID, test.task.id);
    expect(await summaryOf(again.TestSessionID)).toMatchObject({ isFirstAttempt: false, scored: 0, skipped: 3 });
  });

  it('count answers changed after first answering: wrong to right, right to wrong, wrong to wrong, cleared', async () => {
    // Six questions, key 2 each (+4 / −1).
    const test = await createTestTask(t.deps.db, { sections: [{ name: 'Physics', questions: [{}, {}, {}, {}, {}, {}] }] });
    const [q1, q2, q3, q4, q5, q6] = test.mapIds as [number, number, number, number, number, number];
    const me: TestUser = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const save = (items: [number, number | null, number][], marked?: boolean) =>
      saveAnswers(
        t,
        me,
        s.TestSessionID,
        items.map(([mapId, answerID, seq]) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 10, seq, ...(marked ? { isMarked: true } : {}) })),
      );
    // First answers: q1 wrong, q2 right, q3 wrong, q4 right, q6 right; q5 only marked for review.
    expect((await save([[q1, 3, 1], [q2, 2, 1], [q3, 1, 1], [q4, 2, 1], [q6, 2, 1]])).statusCode).toBe(200);
    expect((await save([[q5, null, 1]], true)).statusCode).toBe(200);
    // Changes: q1 → right, q2 → wrong, q3 → wrong again, q4 cleared; q5 answered for the first time (not a change).
    expect((await save([[q1, 2, 2], [q2, 4, 2], [q3, 4, 2], [q4, null, 2], [q5, 3, 2]])).statusCode).toBe(200);
    // A replayed save (same seq) and the same answer saved again are not changes; an older seq is not applied.
    expect((await save([[q1, 2, 2], [q2, 4, 2]])).statusCode).toBe(200);
    expect((await save([[q1, 2, 3], [q6, 2, 2]])).statusCode).toBe(200);
    expect((await save([[q3, 2, 1]])).statusCode).toBe(200);
    // q6: right → wrong → right again (two changes, one question).
    expect((await save([[q6, 1, 3]])).statusCode).toBe(200);
    expect((await save([[q6, 2, 4]])).statusCode).toBe(200);

    const rows = await t.deps.db.select().from(examAnswers).where(eq(examAnswers.attemptId, s.TestSessionID));
    const held = new Map(rows.map((r) => [r.questionTaskMapId, r]));
    expect([q1, q2, q3, q4, q5, q6].map((mapId) => held.get(mapId)?.changeCount)).toEqual([1, 1, 1, 1, 0, 2]);
    expect(held.get(q1)?.firstAnswer).toEqual({ id: 3, data: null });
    expect(held.get(q5)?.firstAnswer).toEqual({ id: 3, data: null });

    expect((await submitTest(t, me, s.TestSessionID, test.task.id)).statusCode).toBe(200);
    const summary = await summaryOf(s.TestSessionID);
    expect(summary!.questions.map((q) => [q.status, q.changes ?? 0, q.firstStatus ?? null])).toEqual([
      ['correct', 1, 'wrong'],
      ['wrong', 1, 'correct'],
      ['wrong', 1, 'wrong'],
      ['unanswered', 1, 'correct'],
      ['wrong', 0, null],
      ['correct', 2, 'correct'],
    ]);

    const dashboard = await get('/api/reports/v1/dashboard', me);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().body.quality.changed).toEqual({ questions: 5, wrongToRight: 1, rightToWrong: 1, wrongToWrong: 1, rightToRight: 1, cleared: 1 });
  });

  it('are written when the sweeper submits an expired attempt', async () => {
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 10 } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    t.clock.advance(11 * 60_000);
    await t.app.services.exam.sweepExpired();
    expect(await summaryOf(s.TestSessionID)).toMatchObject({ isFirstAttempt: true, timeSpent: 600 });
  });

  it('are rewritten when a teacher marks an answer', async () => {
    const test = await createTestTask(t.deps.db, {
      sections: [{ questions: [{}, { questionType: 'comprehensive', data: 'Explain osmosis.', options: [], correctAnswerId: null, lineNumber: 5, marks: 5, negativeMarks: 0 }] }],
    });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: 'Water moves.', seq: 1 }]);
    await submitTest(t, me, s.TestSessionID, test.task.id);
    expect(await summaryOf(s.TestSessionID)).toMatchObject({ scored: 0, pending: 1, skipped: 1 });
    await post('/api/task/v1/markAnswer', teacher, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1], marksAwarded: 3.5 });
    expect(await summaryOf(s.TestSessionID)).toMatchObject({ scored: 3.5, pending: 0, partial: 1 });
  });

  it('are backfilled for attempts scored before summaries existed, idempotently', async () => {
    const test = await createTestTask(t.deps.db);
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, timeSpent: 5, seq: 1 }]);
    await submitTest(t, me, s.TestSessionID, test.task.id);
    const written = await summaryOf(s.TestSessionID);
    await t.deps.db.delete(attemptSummaries);
    const count = await t.app.services.reports.backfillSummaries();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(await summaryOf(s.TestSessionID)).toMatchObject({ scored: written!.scored, correct: written!.correct, isFirstAttempt: true });
    expect(await t.app.services.reports.backfillSummaries()).toBe(0);
  });
});
