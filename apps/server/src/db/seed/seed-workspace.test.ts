import { bookmarksRoutes, calendarRoutes, notesRoutes, todoRoutes } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { users } from '../schema/index.js';
import { seedAccounts } from './seed-accounts.js';
import { seedWorkspace } from './seed-workspace.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds the demo students’ workspace once; a second run changes nothing', async () => {
  await seedAccounts(t.deps);
  await seedWorkspace(t.deps);
  await seedWorkspace(t.deps);
  const [student] = await t.deps.db.select().from(users).where(eq(users.username, 'student'));
  const session = await t.signIn(student!.id);
  const user = { ...session, id: student!.id, username: 'student', email: '', role: 'Student' as const, password: '' };

  const notes = (await callAs(t, user, notesRoutes.listNotes)).json().body;
  expect(notes).toHaveLength(3);
  expect(notes[0]).toMatchObject({ title: 'Cell division', pinned: true });
  expect((await callAs(t, user, notesRoutes.listLabels)).json().body.map((l: { handle: string }) => l.handle)).toEqual(['biology', 'physics']);
  expect((await callAs(t, user, bookmarksRoutes.bookmarkList)).json().body).toHaveLength(3);
  expect((await callAs(t, user, todoRoutes.list, { query: { folder: 'today' } })).json().body.map((x: { title: string }) => x.title)).toEqual([
    'Revise human physiology',
  ]);
  const now = t.clock.now();
  const events = (
    await callAs(t, user, calendarRoutes.listEvents, {
      query: { from: new Date(now.getTime() - 7 * 86_400_000).toISOString(), to: new Date(now.getTime() + 14 * 86_400_000).toISOString() },
    })
  ).json().body as { source: string }[];
  expect(new Set(events.map((e) => e.source))).toEqual(new Set(['event', 'todo', 'note']));
});
