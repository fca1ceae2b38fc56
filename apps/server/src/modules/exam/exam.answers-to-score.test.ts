import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import { createTestTask, saveAnswers, startAttempt } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createExamAnswersRepository } from './exam.answers.repository.js';

/**
 * A close reads its attempts' answers as raw rows built in the repository (not through the ORM):
 * every column it reads must come back as the ORM gives it, on both databases.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the answers a close scores', () => {
  it('come back per attempt exactly as the ORM reads them: JSON strings stay strings, fractions stay numbers', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}] }] });
    const [a, b] = [await t.createUser({ role: 'Student' }), await t.createUser({ role: 'Student' })];
    const [sa, sb] = [await startAttempt(t, a, test), await startAttempt(t, b, test)];
    const save = (mapId: number, answerID: number, seq: number) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, seq });
    // Changed once, so the first answer and the change count are set.
    expect((await saveAnswers(t, a, sa.TestSessionID, [save(test.mapIds[0]!, 1, 1), save(test.mapIds[1]!, 2, 1)])).statusCode).toBe(200);
    expect((await saveAnswers(t, a, sa.TestSessionID, [save(test.mapIds[0]!, 3, 2)])).statusCode).toBe(200);
    // A typed value (a JSON string that reads like a number), an evaluation's fraction and a teacher's mark.
    await t.deps.db
      .update(examAnswers)
      .set({ answerData: '42', evaluatedFraction: 0.375, teacherMarks: 2.5, timeSpentSeconds: 17 })
      .where(and(eq(examAnswers.attemptId, sa.TestSessionID), eq(examAnswers.questionTaskMapId, test.mapIds[1]!)));

    const ids = [sa.TestSessionID, sb.TestSessionID, 'no-such-attempt'];
    const read = await createExamAnswersRepository(t.deps.db).listAnswersToScore(ids, t.deps.db);

    expect([...read.keys()]).toEqual(ids);
    expect(read.get(sb.TestSessionID)).toEqual([]);
    expect(read.get('no-such-attempt')).toEqual([]);
    const orm = await t.deps.db.select().from(examAnswers).where(inArray(examAnswers.attemptId, ids));
    const expected = orm.map((row) => ({
      questionTaskMapId: row.questionTaskMapId,
      answerId: row.answerId,
      answerData: row.answerData,
      timeSpentSeconds: row.timeSpentSeconds,
      firstAnswer: row.firstAnswer,
      changeCount: row.changeCount,
      evaluatedFraction: row.evaluatedFraction,
      teacherMarks: row.teacherMarks,
    }));
    const byMap = (x: { questionTaskMapId: number }, y: { questionTaskMapId: number }) => x.questionTaskMapId - y.questionTaskMapId;
    expect([...read.get(sa.TestSessionID)!].sort(byMap)).toEqual(expected.sort(byMap));
    const typed = read.get(sa.TestSessionID)!.find((answer) => answer.questionTaskMapId === test.mapIds[1]);
    expect(typed).toMatchObject({ answerId: 2, answerData: '42', evaluatedFraction: 0.375, teacherMarks: 2.5, timeSpentSeconds: 17 });
    const changed = read.get(sa.TestSessionID)!.find((answer) => answer.questionTaskMapId === test.mapIds[0]);
    expect(changed).toMatchObject({ answerId: 3, changeCount: 1, firstAnswer: { id: 1 } });
  });
});
