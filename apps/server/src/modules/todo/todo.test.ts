import { todoRoutes, type Label, type Todo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let teacher: TestUser;

// 20:00 UTC on 10 March is already 01:30 on 11 March in India (the default time zone).
const NOW = new Date('2026-03-10T20:00:00Z');
const TODAY_IN_INDIA = '2026-03-11';

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(NOW) });
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'Student' });
  teacher = await t.createUser({ role: 'SchoolTeacher' });
});
afterAll(() => t.close());

async function list(user: TestUser, query: Record<string, string | number> = {}): Promise<Todo[]> {
  const res = await callAs(t, user, todoRoutes.list, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}
const titles = (items: Todo[]) => items.map((item) => item.title).sort();
async function create(user: TestUser, body: Record<string, unknown>): Promise<Todo> {
  const res = await callAs(t, user, todoRoutes.create, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}
async function createLabel(user: TestUser, title: string): Promise<Label> {
  const res = await callAs(t, user, todoRoutes.createLabel, { body: { title } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}

describe('access', () => {
  const sample: Record<string, { body?: unknown; query?: Record<string, number> }> = {
    create: { body: { title: 'x' } },
    update: { body: { id: 1, title: 'x' } },
    delete: { query: { id: 1 } },
    restore: { body: { id: 1 } },
    createLabel: { body: { title: 'x' } },
    editLabel: { body: { labelId: 1, title: 'x' } },
    deleteLabel: { query: { id: 1 } },
  };
  for (const [name, def] of Object.entries(todoRoutes)) {
    it(`${name}: 401 without a token, 403 for a teacher`, async () => {
      expect((await callAs(t, null, def, sample[name])).statusCode).toBe(401);
      expect((await callAs(t, teacher, def, sample[name])).statusCode).toBe(403);
    });
  }
});

describe('to-do items', () => {
  let physics: Label;
  let revise: Todo;

  it('creates an item with a message; timestamps from the server clock', async () => {
    physics = await createLabel(alice, 'Physics');
    const res = await callAs(t, alice, todoRoutes.create, {
      body: { title: 'Revise optics', notes: 'Ray diagrams', dueDate: TODAY_IN_INDIA, starred: true, labels: [physics.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'To-do created',
      body: { title: 'Revise optics', notes: 'Ray diagrams', dueDate: TODAY_IN_INDIA, starred: true, important: false, completed: false, deleted: false, labels: [physics.id] },
    });
    revise = res.json().body;
    expect(revise.createdAt).toBe(NOW.toISOString());
  });

  it('refuses bad input with 400 and a clear message, writing nothing', async () => {
    const before = (await list(alice)).length;
    const noTitle = await callAs(t, alice, todoRoutes.create, { body: { title: '  ' } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Please enter a title.');
    const badDate = await callAs(t, alice, todoRoutes.create, { body: { title: 'x', dueDate: '2026-02-30' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('Please pick a valid due date.');
    const long = await callAs(t, alice, todoRoutes.create, { body: { title: 'x', notes: 'n'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    const bobs = await createLabel(bob, 'Bob label');
    const foreignLabel = await callAs(t, alice, todoRoutes.create, { body: { title: 'x', labels: [bobs.id] } });
    expect(foreignLabel.statusCode).toBe(400);
    expect((await list(alice)).length).toBe(before);
  });

  it('sorts items into folders; "today" follows the server clock in the student’s time zone', async () => {
    await create(alice, { title: 'Important chemistry', important: true, dueDate: '2026-03-09' });
    await create(alice, { title: 'Done biology', completed: true, dueDate: '2026-03-01' });
    await create(alice, { title: 'Mock test next week', dueDate: '2026-03-16' });
    await create(alice, { title: 'Someday', labels: [physics.id] });
    await create(bob, { title: 'Bob today', dueDate: TODAY_IN_INDIA });

    expect(titles(await list(alice))).toEqual(['Done biology', 'Important chemistry', 'Mock test next week', 'Revise optics', 'Someday']);
    expect(titles(await list(alice, { folder: 'starred' }))).toEqual(['Revise optics']);
    expect(titles(await list(alice, { folder: 'important' }))).toEqual(['Important chemistry']);
    expect(titles(await list(alice, { folder: 'completed' }))).toEqual(['Done biology']);
    expect(titles(await list(alice, { folder: 'today' }))).toEqual(['Revise optics']);
    // In UTC it is still 10 March: nothing is due.
    expect(titles(await list(alice, { folder: 'today', tz: 'UTC' }))).toEqual([]);
    // Move the clock a day on (a fresh sign-in: tokens live 12 h): the item is no longer "today".
    t.clock.advance(24 * 3600_000);
    try {
      const later = { ...alice, ...(await t.signIn(alice.id)) };
      expect(titles(await list(later, { folder: 'today' }))).toEqual([]);
      expect(titles(await list(later, { due: 'overdue' }))).toEqual(['Important chemistry', 'Revise optics']);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('filters by label and by due date (overdue, today, week, none)', async () => {
    expect(titles(await list(alice, { labelId: physics.id }))).toEqual(['Revise optics', 'Someday']);
    expect(titles(await list(alice, { due: 'overdue' }))).toEqual(['Important chemistry']);
    expect(titles(await list(alice, { due: 'today' }))).toEqual(['Revise optics']);
    expect(titles(await list(alice, { due: 'week' }))).toEqual(['Mock test next week', 'Revise optics']);
    expect(titles(await list(alice, { due: 'none' }))).toEqual(['Someday']);
    expect(titles(await list(alice, { labelId: physics.id, due: 'none' }))).toEqual(['Someday']);
  });

  it('refuses unknown folders, filters and time zones (400) and another student’s label (404)', async () => {
    for (const query of [{ folder: 'inbox' }, { due: 'tomorrow' }, { tz: 'Mars/Olympus' }, { labelId: 'x' }] as Record<string, string>[]) {
      expect((await callAs(t, alice, todoRoutes.list, { query })).statusCode, JSON.stringify(query)).toBe(400);
    }
    const bobs = await createLabel(bob, 'Private');
    expect((await callAs(t, alice, todoRoutes.list, { query: { labelId: bobs.id } })).statusCode).toBe(404);
  });

  it('updates the fields sent; 400 for bad input (nothing changes); 404 for another student', async () => {
    const res = await callAs(t, alice, todoRoutes.update, { body: { id: revise.id, completed: true, dueDate: null, labels: [] } });
    expect(res.json()).toMatchObject({ status: true, message: 'To-do updated', body: { id: revise.id, title: 'Revise optics', completed: true, dueDate: null, labels: [] } });
    const bad = await callAs(t, alice, todoRoutes.update, { body: { id: revise.id, title: '' } });
    expect(bad.statusCode).toBe(400);
    const foreign = await callAs(t, bob, todoRoutes.update, { body: { id: revise.id, title: 'Hijacked' } });
    expect(foreign.statusCode).toBe(404);
    const bobs = await createLabel(bob, 'Bob’s other');
    const foreignLabel = await callAs(t, alice, todoRoutes.update, { body: { id: revise.id, labels: [bobs.id] } });
    expect(foreignLabel.statusCode).toBe(400);
    const stored = (await list(alice)).find((item) => item.id === revise.id)!;
    expect(stored).toMatchObject({ title: 'Revise optics', labels: [] });
  });

  it('delete moves to the trash, restore brings it back, delete from the trash removes it', async () => {
    const item = await create(alice, { title: 'Throw away' });
    expect((await callAs(t, bob, todoRoutes.delete, { query: { id: item.id } })).statusCode).toBe(404);
    expect((await callAs(t, alice, todoRoutes.delete, { query: { id: 0 } })).statusCode).toBe(400);

    const trash = await callAs(t, alice, todoRoutes.delete, { query: { id: item.id } });
    expect(trash.json()).toMatchObject({ status: true, message: 'To-do moved to trash', body: { id: item.id, permanent: false } });
    expect((await list(alice)).some((x) => x.id === item.id)).toBe(false);
    expect(titles(await list(alice, { folder: 'deleted' }))).toEqual(['Throw away']);

    expect((await callAs(t, bob, todoRoutes.restore, { body: { id: item.id } })).statusCode).toBe(404);
    expect((await callAs(t, alice, todoRoutes.restore, { body: {} })).statusCode).toBe(400);
    const restored = await callAs(t, alice, todoRoutes.restore, { body: { id: item.id } });
    expect(restored.json()).toMatchObject({ message: 'To-do restored', body: { id: item.id, deleted: false } });
    expect((await list(alice)).some((x) => x.id === item.id)).toBe(true);

    await callAs(t, alice, todoRoutes.delete, { query: { id: item.id } });
    const gone = await callAs(t, alice, todoRoutes.delete, { query: { id: item.id } });
    expect(gone.json()).toMatchObject({ message: 'To-do deleted', body: { id: item.id, permanent: true } });
    expect(await list(alice, { folder: 'deleted' })).toEqual([]);
    expect((await callAs(t, alice, todoRoutes.restore, { body: { id: item.id } })).statusCode).toBe(404);
  });
});

describe('to-do labels', () => {
  it('lists, edits and deletes labels; deleting keeps the items; others get 404', async () => {
    const label = await createLabel(alice, 'Exams');
    expect((await callAs(t, alice, todoRoutes.createLabel, { body: { title: 'EXAMS' } })).statusCode).toBe(409);
    expect((await callAs(t, alice, todoRoutes.createLabel, { body: { title: '' } })).statusCode).toBe(400);
    const item = await create(alice, { title: 'Labelled', labels: [label.id] });
    const listed = (await callAs(t, alice, todoRoutes.listLabels)).json().body as Label[];
    expect(listed.map((l) => l.name)).toContain('Exams');
    expect(((await callAs(t, bob, todoRoutes.listLabels)).json().body as Label[]).map((l) => l.name)).not.toContain('Exams');

    const edit = await callAs(t, alice, todoRoutes.editLabel, { body: { labelId: label.id, title: 'Board exams' } });
    expect(edit.json()).toMatchObject({ message: 'Label updated', body: { handle: 'board-exams' } });
    expect((await callAs(t, bob, todoRoutes.editLabel, { body: { labelId: label.id, title: 'x' } })).statusCode).toBe(404);
    expect((await callAs(t, alice, todoRoutes.editLabel, { body: { labelId: label.id, title: ' ' } })).statusCode).toBe(400);

    expect((await callAs(t, bob, todoRoutes.deleteLabel, { query: { id: label.id } })).statusCode).toBe(404);
    const del = await callAs(t, alice, todoRoutes.deleteLabel, { query: { id: label.id } });
    expect(del.json()).toMatchObject({ message: 'Label deleted', body: { id: label.id } });
    const after = (await list(alice)).find((x) => x.id === item.id);
    expect(after?.labels).toEqual([]);
  });
});
