import { bookmarksRoutes, notesRoutes, searchRoutes, todoRoutes, type SearchResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'SchoolStudent' });
  teacher = await t.createUser({ role: 'Teacher' });
  const seed = async (user: TestUser, def: (typeof notesRoutes)['createNotes'] | (typeof bookmarksRoutes)['createBookmark'] | (typeof todoRoutes)['create'], body: object) => {
    const res = await callAs(t, user, def, { body });
    expect(res.statusCode, res.body).toBe(200);
  };
  await seed(alice, notesRoutes.createNotes, { title: 'Photosynthesis', description: 'Light and dark reactions' });
  await seed(alice, notesRoutes.createNotes, { title: 'Checklist only', checklist: [{ text: 'Read PHOTOSYNTHESIS chapter' }] });
  await seed(alice, notesRoutes.createNotes, { title: '100% revision', description: 'percent sign' });
  await seed(alice, notesRoutes.createNotes, { title: 'a_b underscore', archive: true });
  await seed(alice, bookmarksRoutes.createBookmark, { title: 'NCERT Biology', link: 'https://ncert.nic.in/photosynthesis' });
  await seed(alice, todoRoutes.create, { title: 'Revise photosynthesis', notes: 'Calvin cycle' });
  await seed(bob, notesRoutes.createNotes, { title: 'Bob photosynthesis notes' });
});
afterAll(() => t.close());

async function search(user: TestUser, q: string): Promise<SearchResult[]> {
  const res = await callAs(t, user, searchRoutes.query, { query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}

describe('search', () => {
  it('401 without a token, 403 for a teacher', async () => {
    expect((await callAs(t, null, searchRoutes.query, { query: { q: 'x' } })).statusCode).toBe(401);
    expect((await callAs(t, teacher, searchRoutes.query, { query: { q: 'x' } })).statusCode).toBe(403);
  });

  it('matches titles and text case-insensitively across notes, bookmarks and to-dos, only the owner’s', async () => {
    const results = await search(alice, 'pHoToSyNtHeSiS');
    expect(results.map((r) => `${r.type}:${r.title}`)).toEqual([
      'note:Checklist only',
      'note:Photosynthesis',
      'bookmark:NCERT Biology',
      'todo:Revise photosynthesis',
    ]);
    expect(results.find((r) => r.title === 'Checklist only')?.snippet).toBe('Read PHOTOSYNTHESIS chapter');
    const bookmark = results.find((r) => r.type === 'bookmark')!;
    expect(bookmark.route).toBe(`/bookmark/${bookmark.id}`);
    const todo = results.find((r) => r.type === 'todo')!;
    expect(todo.route).toBe(`/todo/all/${todo.id}`);
    expect((await search(bob, 'photosynthesis')).map((r) => r.title)).toEqual(['Bob photosynthesis notes']);
  });

  it('matches text in descriptions and to-do notes', async () => {
    expect((await search(alice, 'CALVIN')).map((r) => r.title)).toEqual(['Revise photosynthesis']);
    expect((await search(alice, 'dark react')).map((r) => r.title)).toEqual(['Photosynthesis']);
  });

  it('takes % and _ literally', async () => {
    expect((await search(alice, '%')).map((r) => r.title)).toEqual(['100% revision']);
    const underscore = await search(alice, '_');
    expect(underscore.map((r) => r.title)).toEqual(['a_b underscore']);
    expect(underscore[0]!.archived).toBe(true);
  });

  it('says "No results.." when nothing matches', async () => {
    const res = await callAs(t, alice, searchRoutes.query, { query: { q: 'zzzz' } });
    expect(res.json()).toEqual({ status: true, message: 'No results..', body: [] });
    const tamil = await callAs(t, alice, searchRoutes.query, { query: { q: 'zzzz' } }, { language: 'tn' });
    expect(tamil.json().message).toBe('முடிவுகள் இல்லை..');
  });

  it('refuses an empty or too long query with 400', async () => {
    const empty = await callAs(t, alice, searchRoutes.query, { query: { q: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please type something to search for.');
    expect((await callAs(t, alice, searchRoutes.query)).statusCode).toBe(400);
    expect((await callAs(t, alice, searchRoutes.query, { query: { q: 'x'.repeat(101) } })).statusCode).toBe(400);
  });
});
