import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { attemptSummaries, examAttempts } from '../../db/schema/index.js';
import { createTestApp, openSecondConnection, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt } from '../../../test/factories/academy.js';
import { jsonCalls, submitUntilScored } from '../../../test/exam-fixtures.js';

/*
 * A submit whose close is not made within SUBMIT_ANSWER_WITHIN (50 ms here; one close at a time, and
 * the queue's length never enough to accept): it is answered as accepted then, stamped at the
 * press, and scored in its turn, once. The first close is held by a row lock another connection
 * takes, as a long group would hold it; that submit is answered with its score once the lock goes,
 * since a close holding its row is nearly made. PostgreSQL only: PGlite has one connection, whose
 * lock would hold every query.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SUBMIT_ACCEPT_AFTER: '100000', SUBMIT_CONCURRENCY: '1', SUBMIT_GROUP: '1', SUBMIT_ANSWER_WITHIN: '50' } });
});
afterAll(async () => t.close());

const { post } = jsonCalls(() => t);

const untilScored = (user: TestUser, body: object) => submitUntilScored(() => t, user, body);

describe.runIf(process.env.TEST_DB === 'pg')('POST /api/task/v1/submitTest when its close is late', () => {
  it('answers the submits whose close is late as accepted at the press, and scores each once', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [{}, {}, {}, {}] }] });
    const students = await Promise.all(Array.from({ length: 4 }, () => t.createUser({ role: 'Student' })));
    const attempts: string[] = [];
    for (const student of students) {
      const s = await startAttempt(t, student, test);
      await saveAnswers(t, student, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 }]);
      attempts.push(s.TestSessionID);
    }
    const bodies = attempts.map((attemptId) => ({ TestSessionID: attemptId, TaskID: test.task.id }));
    const pressedAt = t.clock.now();
    const second = await openSecondConnection();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = second.database.db.transaction(async (tx) => {
      await tx.select().from(examAttempts).where(eq(examAttempts.id, attempts[0]!)).for('update');
      locked();
      await released;
    });
    try {
      await isLocked;
      const first = post('/api/task/v1/submitTest', students[0]!, bodies[0]!);
      // The others wait behind the held close, and are answered once their own wait is long.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const others = await Promise.all(students.slice(1).map((student, i) => post('/api/task/v1/submitTest', student, bodies[i + 1]!)));
      for (const answer of others) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json().body).toMatchObject({ isBeingScored: true, scored: null, total: 16, submitReason: 'student' });
      }
      const [held] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attempts[0]!));
      expect(held).toMatchObject({ status: 'open', submitRequestedAt: null });
      release();
      await holding;
      const firstAnswer = await first;
      expect(firstAnswer.json().body).toMatchObject({ scored: 4, total: 16, submitReason: 'student' });
      expect(firstAnswer.json().body.isBeingScored).toBeUndefined();
    } finally {
      release();
      await holding.catch(() => undefined);
      await second.close();
    }

    const results = await Promise.all(students.map((student, i) => untilScored(student, bodies[i]!)));
    for (const result of results) expect(result).toMatchObject({ scored: 4, total: 16, submitReason: 'student', submittedAt: pressedAt.toISOString() });
    const rows = await t.deps.db.select().from(examAttempts).where(inArray(examAttempts.id, attempts));
    expect(rows.map((row) => row.status)).toEqual(attempts.map(() => 'submitted'));
    const stamped = rows.filter((row) => row.submitRequestedAt !== null).map((row) => row.id);
    expect(stamped.sort()).toEqual(attempts.slice(1).sort());
    const summaries = await t.deps.db.select().from(attemptSummaries).where(inArray(attemptSummaries.attemptId, attempts));
    expect(summaries).toHaveLength(attempts.length);
  });
});
