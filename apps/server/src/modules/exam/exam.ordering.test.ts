import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import type { StudentSession } from '@app/contracts';
import { createTestTask, saveAnswers, startAttempt, submitTest, withContent } from '../../../test/factories/academy.js';
import { createExamTestApp } from '../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;

beforeAll(async () => {
  ({ t } = await createExamTestApp());
});
beforeEach(async () => {
  student = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const options = [
  { answerID: 1, answerData: 'Prophase' },
  { answerID: 2, answerData: 'Metaphase' },
  { answerID: 3, answerData: 'Anaphase' },
  { answerID: 4, answerData: 'Telophase' },
];
/** Two ordering questions of four items, 4 marks, −1 when wrong; the key is 1 2 3 4. */
let made = 0;
const orderingTest = (task: object = {}, allowsPartialCredit = false) => {
  made++;
  const question = (n: number) => ({
    questionType: 'ordering',
    data: `Put the stages of mitosis in order (${made}.${n}).`,
    options,
    correctAnswerId: null,
    correctAnswerData: { order: [1, 2, 3, 4] },
    allowsPartialCredit,
    marks: 4,
    negativeMarks: 1,
  });
  return createTestTask(t.deps.db, { task, sections: [{ questions: [question(1), question(2)] as never }] });
};

const post = (url: string, payload: object) => t.call({ method: 'POST', url, headers: student.headers, payload });
const order = (ids: number[] | null, mapId: number, seq = 1) => ({ questionTaskMapID: mapId, questionType: 'ordering', answerID: ids, seq });

describe('an ordering question in an attempt', () => {
  it('serves the items shuffled in every language, never the key nor its order', async () => {
    const test = await orderingTest();
    const session = await startAttempt(t, student, test);
    const served = session.section[0]!.question[0]!;
    expect(JSON.stringify(session)).not.toContain('"order"');
    const ids = served.answer.map((o: { answerID: number }) => o.answerID);
    expect(ids).not.toEqual([1, 2, 3, 4]);
    expect([...ids].sort()).toEqual([1, 2, 3, 4]);
    for (const language of served.languages) expect(language.answer.map((o: { answerID: number }) => o.answerID)).toEqual(ids);
  });

  it('shuffles the items per attempt on one shared content: each attempt its own order, kept on reload', async () => {
    const test = await orderingTest();
    const ids = (q: { answer: { answerID: number }[] }) => q.answer.map((o) => o.answerID);
    const orders = new Set<string>();
    const contentKeys = new Set<string | null>();
    for (let n = 0; n < 8; n++) {
      const someone = await t.createUser({ role: 'Student' });
      const res = await t.call({ method: 'POST', url: '/api/task/v1/practise', headers: someone.headers, payload: { taskID: test.task.id, courseID: test.course.id, languageID: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      const raw = res.json().body as StudentSession;
      contentKeys.add(raw.contentKey);
      const session = await withContent(t, someone, raw);
      const served = session.section[0]!.question[0]!;
      // The attempt's order rides on the student's state: the content is the same for everyone.
      expect(raw.section[0]!.question[0]).toMatchObject({ itemOrder: ids(served) });
      expect(ids(served)).not.toEqual([1, 2, 3, 4]);
      expect([...ids(served)].sort()).toEqual([1, 2, 3, 4]);
      for (const language of served.languages) expect(ids(language)).toEqual(ids(served));
      // The same attempt again: the same order.
      const again = await startAttempt(t, someone, test);
      expect(again.TestSessionID).toBe(session.TestSessionID);
      expect(ids(again.section[0]!.question[0]!)).toEqual(ids(served));
      orders.add(ids(served).join(','));
    }
    expect(contentKeys.size).toBe(1);
    expect([...contentKeys][0]).not.toBeNull();
    // Eight attempts, 23 orders each may take (never the key's): one order for all would be the per-test shuffle.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses ids that are not a permutation of the served items with 400 and writes nothing', async () => {
    const test = await orderingTest();
    const session = await startAttempt(t, student, test);
    const answers = async () => (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === session.TestSessionID);
    for (const ids of [[1, 2, 3], [1, 2, 3, 5], [1, 2, 3, 4, 5], [1, 1, 2, 3], [1, 2], 2]) {
      const res = await saveAnswers(t, student, session.TestSessionID, [order(ids as never, test.mapIds[0]!)]);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().body).toMatchObject({ code: 'EXAM_QUESTION_TYPE_MISMATCH', fields: { 'data.0.answerID': expect.any(String) } });
    }
    // Not ids at all: refused by the save's own schema.
    for (const ids of ['1,2,3,4', ['1', '2', '3', '4']]) {
      const res = await saveAnswers(t, student, session.TestSessionID, [order(ids as never, test.mapIds[0]!)]);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(Object.keys(res.json().body.fields ?? {}).some((field) => field.startsWith('data.0.answerID')), JSON.stringify(res.json().body)).toBe(true);
    }
    // A good answer beside a wrong one: the whole save is refused.
    const mixed = await saveAnswers(t, student, session.TestSessionID, [order([4, 3, 2, 1], test.mapIds[0]!), order([1, 2, 3, 9], test.mapIds[1]!)]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().body.fields).toEqual({ 'data.1.answerID': expect.any(String) });
    expect(await answers()).toEqual([]);
  });

  it('leaves another student’s attempt unanswered (404) whatever the ids', async () => {
    const test = await orderingTest();
    const session = await startAttempt(t, student, test);
    const other = await t.createUser({ role: 'Student' });
    for (const ids of [[4, 3, 2, 1], [1, 2, 3, 9]]) {
      const res = await saveAnswers(t, other, session.TestSessionID, [order(ids, test.mapIds[0]!)]);
      expect(res.statusCode).toBe(404);
    }
  });

  it('scores all or nothing by default: full marks, and the negative mark for any other order', async () => {
    const test = await orderingTest();
    const session = await startAttempt(t, student, test);
    const saved = await saveAnswers(t, student, session.TestSessionID, [order([1, 2, 3, 4], test.mapIds[0]!), order([1, 2, 4, 3], test.mapIds[1]!)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const reloaded = await startAttempt(t, student, test);
    expect(reloaded.section[0]!.question[1]).toMatchObject({ answerID: [1, 2, 4, 3] });
    const submitted = await submitTest(t, student, session.TestSessionID, test.task.id);
    expect(submitted.json().body).toMatchObject({ total: 8, scored: 3 });

    // The feedback report: the student's order and the key's, with the items to render them.
    const url = `/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${session.TestSessionID}`;
    const report = await t.call({ method: 'GET', url, headers: student.headers });
    expect(report.statusCode, report.body).toBe(200);
    const items = report.json().body.QuestionsWithAnswer as { answerID: unknown; correctAnswerData: unknown; status: string; marksAwarded: number; answer: { answerID: number }[] }[];
    expect(items[0]).toMatchObject({ answerID: [1, 2, 3, 4], correctAnswerData: { order: [1, 2, 3, 4] }, status: 'correct', marksAwarded: 4 });
    expect(items[1]).toMatchObject({ answerID: [1, 2, 4, 3], status: 'wrong', marksAwarded: -1 });
    expect(items[0]!.answer.map((o) => o.answerID).sort()).toEqual([1, 2, 3, 4]);
  });

  it('gives partial credit relative to the next item when the question allows it, and reveals the order in practice', async () => {
    const test = await orderingTest({ testType: 'practice', durationMinutes: null }, true);
    const session = await startAttempt(t, student, test);
    // 1→2 and 3→4 follow the key: 2 of the 3 pairs.
    await saveAnswers(t, student, session.TestSessionID, [order([3, 4, 1, 2], test.mapIds[0]!)]);
    const revealed = await post('/api/task/v1/revealAnswer', { TestSessionID: session.TestSessionID, questionTaskMapID: test.mapIds[0] });
    expect(revealed.json().body).toMatchObject({ correctAnswerID: null, correctAnswerData: { order: [1, 2, 3, 4] }, isCorrect: false, marksAwarded: 2.67 });
  });
});
