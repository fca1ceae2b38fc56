import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestTask } from '../../test/factories/academy.js';
import { rowsOf } from './raw-rows.js';
import { rowsFromArrays } from './rows-from-arrays.js';
import { numbersAsArrayText, rowsFromJson } from './rows-from-json.js';
import { campusDepartments, examAttempts, tasks } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('rowsFromJson', () => {
  it('updates many rows from one JSON parameter: arrays of different lengths, text that needs quoting, dates, JSON and nulls', async () => {
    const test = await createTestTask(t.deps.db);
    const users = await Promise.all([1, 2, 3].map(() => t.createUser({ role: 'Student' })));
    const startedAt = new Date('2026-06-01T10:00:00.123Z');
    const ids = users.map(() => randomUUID());
    const insert = rowsFromArrays(examAttempts, ['id', 'userId', 'taskId', 'courseId', 'testType', 'startedAt', 'deadlineAt', 'questionOrder']);
    await t.deps.db
      .insert(examAttempts)
      .select(insert.select)
      .execute(insert.params(users.map((user, i) => ({ id: ids[i]!, userId: user.id, taskId: test.task.id, courseId: test.course.id, testType: 'test', startedAt, deadlineAt: startedAt, questionOrder: [] }))));

    const awkward = 'quote " backslash \\ comma , braces {} tamil தமிழ் NULL';
    const rows = [
      { id: ids[0], status: 'submitted', submittedAt: new Date('2026-06-01T11:00:00.456Z'), submitReason: awkward, itemMapIds: [3, 1, 2], itemMarks: [4, -1, 0.25], itemStatuses: 'cwp', localState: { note: awkward } },
      { id: ids[1], status: 'submitted', submittedAt: null, submitReason: undefined, itemMapIds: [], itemMarks: [], itemStatuses: '', localState: null },
      { id: ids[2], status: 'open', submittedAt: startedAt, submitReason: 'timeout', itemMapIds: [7], itemMarks: [-0.5], itemStatuses: 'w', localState: [1, 'two'] },
    ];
    const keys = ['id', 'status', 'submittedAt', 'submitReason', 'itemMapIds', 'itemMarks', 'itemStatuses', 'localState'];
    const from = rowsFromJson(examAttempts, keys, rows);
    await t.deps.db.execute(sql`UPDATE ${examAttempts} SET ${from.assignments(['id'])} FROM ${from.source} WHERE ${examAttempts.id} = x.id`);

    const stored = await t.deps.db.select().from(examAttempts).where(inArray(examAttempts.id, ids));
    for (const row of rows) {
      expect(stored.find((s) => s.id === row.id)).toMatchObject({
        status: row.status,
        submittedAt: row.submittedAt,
        submitReason: row.submitReason ?? null,
        itemMapIds: row.itemMapIds,
        itemMarks: row.itemMarks,
        itemStatuses: row.itemStatuses,
        localState: row.localState,
        // Not carried: as it was.
        startedAt,
        testType: 'test',
      });
    }

    // The rows read back as a SELECT's values.
    const copy = rowsFromJson(tasks, ['name'], [{ name: awkward }]);
    const [named] = rowsOf<{ name: string }>(await t.deps.db.execute(sql`SELECT ${copy.values} FROM ${copy.source}`));
    expect(named?.name).toBe(awkward);

    // Arrays of text that needs quoting, empty, with a null element, and a null array.
    const lists = [[awkward, '', 'NULL', 'two words'], [], ['one', null], null];
    const degrees = rowsFromJson(campusDepartments, ['degrees'], lists.map((list) => ({ degrees: list })));
    // Read back as JSON text: PGlite's client reads a NULL element of a text array as the word.
    const read = rowsOf<{ degrees: string }>(await t.deps.db.execute(sql`SELECT to_json(${degrees.values})::text AS degrees FROM ${degrees.source}`));
    expect(read.map((row) => JSON.parse(row.degrees) as unknown)).toEqual(lists);
  });

  it('writes finite numbers as array text itself, and leaves anything else to drizzle', () => {
    expect(numbersAsArrayText([4, -1, 0.25, 1e21, 0])).toBe('{4,-1,0.25,1e+21,0}');
    expect(numbersAsArrayText([])).toBe('{}');
    for (const other of [[1, Number.NaN], [Number.POSITIVE_INFINITY], [1, null], ['1'], [[1, 2]]]) expect(numbersAsArrayText(other)).toBeUndefined();
  });

  it('refuses a name that is not a column of the table', () => {
    expect(() => rowsFromJson(tasks, ['id', 'nope'], [])).toThrow(/not a column/);
  });
});
