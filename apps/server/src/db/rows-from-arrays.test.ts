import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestTask } from '../../test/factories/academy.js';
import { rowsFromArrays } from './rows-from-arrays.js';
import { examAttempts, tasks } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('rowsFromArrays', () => {
  it('inserts a batch from one array per column in one prepared statement: text and JSON that need quoting, nulls, and defaults for the columns not given', async () => {
    const test = await createTestTask(t.deps.db);
    const users = await Promise.all([1, 2, 3].map(() => t.createUser({ role: 'Student' })));
    const rows = rowsFromArrays(examAttempts, ['id', 'userId', 'taskId', 'courseId', 'testType', 'startedAt', 'deadlineAt', 'questionOrder', 'localState', 'submitReason', 'scored']);
    const insert = t.deps.db.insert(examAttempts).select(rows.select).returning().prepare('rows_from_arrays_test');
    const startedAt = new Date('2026-06-01T10:00:00.123Z');
    const awkward = 'quote " backslash \\ comma , braces {} tamil தமிழ் NULL';
    const batch = users.map((user, i) => ({
      id: randomUUID(),
      userId: user.id,
      taskId: test.task.id,
      courseId: test.course.id,
      testType: 'test',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + (i + 1) * 60_000),
      questionOrder: [[i, 2, 3], []],
      localState: i === 1 ? null : { note: awkward, list: [awkward, i] },
      submitReason: i === 2 ? undefined : awkward,
      scored: i === 0 ? 1.5 : null,
    }));
    const inserted = await insert.execute(rows.params(batch));
    expect(inserted).toHaveLength(3);
    const stored = await t.deps.db.select().from(examAttempts).where(inArray(examAttempts.id, batch.map((b) => b.id)));
    for (const row of batch) {
      const back = stored.find((s) => s.id === row.id)!;
      const returned = inserted.find((s) => s.id === row.id)!;
      expect(returned).toEqual(back);
      expect(back).toMatchObject({
        userId: row.userId,
        testType: 'test',
        startedAt,
        deadlineAt: row.deadlineAt,
        questionOrder: row.questionOrder,
        localState: row.localState,
        submitReason: row.submitReason ?? null,
        scored: row.scored,
        // Not given: the columns' defaults.
        status: 'open',
        sectionState: [],
        total: 0,
        negativeMarksLost: 0,
        pendingEvaluation: false,
        tabChangeWarnings: 0,
        submittedAt: null,
      });
      expect(back.createdAt).toBeInstanceOf(Date);
    }
    // A second batch of another size goes through the same prepared statement.
    const another = await t.createUser({ role: 'Student' });
    const one = { ...batch[0]!, id: randomUUID(), userId: another.id };
    expect(await insert.execute(rows.params([one]))).toHaveLength(1);
  });

  it('refuses a name that is not a column of the table', () => {
    expect(() => rowsFromArrays(tasks, ['id', 'nope' as never])).toThrow(/not a column/);
  });
});
