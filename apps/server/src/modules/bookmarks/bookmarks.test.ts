import { bookmarksRoutes, type Bookmark, type Label } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { JPEG_DATA_URL, PNG_DATA_URL, TEXT_AS_JPEG_DATA_URL, callAs, oversizedPngDataUrl } from '../../../test/workspace-fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let parent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ role: 'SchoolStudent' });
  bob = await t.createUser({ role: 'Student' });
  parent = await t.createUser({ role: 'Parent' });
});
afterAll(() => t.close());

const list = async (user: TestUser) => (await callAs(t, user, bookmarksRoutes.bookmarkList)).json<{ body: Bookmark[] }>().body;
const labels = async (user: TestUser) => (await callAs(t, user, bookmarksRoutes.getLabelList)).json<{ body: Label[] }>().body;
async function createLabel(user: TestUser, title: string): Promise<Label> {
  const res = await callAs(t, user, bookmarksRoutes.createLabel, { body: { title } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}
async function createBookmark(user: TestUser, body: Record<string, unknown>): Promise<Bookmark> {
  const res = await callAs(t, user, bookmarksRoutes.createBookmark, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}

describe('access', () => {
  const sample: Record<string, { body?: unknown; query?: Record<string, number> }> = {
    createLabel: { body: { title: 'x' } },
    editLabel: { body: { labelId: 1, title: 'x' } },
    deleteLabel: { query: { labelId: 1 } },
    createBookmark: { body: { link: 'https://example.com' } },
    editBookmark: { body: { id: 1, title: 'x' } },
    deleteBookmark: { query: { id: 1 } },
  };
  for (const [name, def] of Object.entries(bookmarksRoutes)) {
    it(`${name}: 401 without a token, 403 for a parent`, async () => {
      expect((await callAs(t, null, def, sample[name])).statusCode).toBe(401);
      expect((await callAs(t, parent, def, sample[name])).statusCode).toBe(403);
    });
  }
});

describe('bookmark labels', () => {
  it('creates, lists per owner, refuses duplicates and empty titles', async () => {
    const res = await callAs(t, alice, bookmarksRoutes.createLabel, { body: { title: 'NEET Papers' } });
    expect(res.json()).toMatchObject({ status: true, message: 'Label created', body: { name: 'NEET Papers', handle: 'neet-papers' } });
    expect((await callAs(t, alice, bookmarksRoutes.createLabel, { body: { title: 'neet papers' } })).statusCode).toBe(409);
    const empty = await callAs(t, alice, bookmarksRoutes.createLabel, { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('You must enter a label title');
    expect((await labels(alice)).map((l) => l.name)).toEqual(['NEET Papers']);
    expect(await labels(bob)).toEqual([]);
  });

  it('labels are per kind: a note label of the same name does not clash', async () => {
    const res = await t.call({ method: 'POST', url: '/api/notes/v1/createLabel', headers: alice.headers, payload: { title: 'NEET Papers' } });
    expect(res.statusCode).toBe(200);
    expect((await labels(alice)).map((l) => l.name)).toEqual(['NEET Papers']);
  });

  it('edits with POST {labelId, title}; 404 for another student; 400 for bad input', async () => {
    const label = await createLabel(alice, 'Videos');
    const res = await callAs(t, alice, bookmarksRoutes.editLabel, { body: { labelId: label.id, title: 'Lecture videos' } });
    expect(res.json()).toMatchObject({ message: 'Label updated', body: { name: 'Lecture videos', handle: 'lecture-videos' } });
    expect((await callAs(t, bob, bookmarksRoutes.editLabel, { body: { labelId: label.id, title: 'x' } })).statusCode).toBe(404);
    expect((await callAs(t, alice, bookmarksRoutes.editLabel, { body: { labelId: label.id } })).statusCode).toBe(400);
    expect((await labels(alice)).find((l) => l.id === label.id)?.name).toBe('Lecture videos');
  });

  it('deleteLabel?labelId= removes it from bookmarks, never the bookmarks; 404 for another student', async () => {
    const label = await createLabel(alice, 'Temporary');
    const bookmark = await createBookmark(alice, { link: 'https://ncert.nic.in', labels: [label.id] });
    expect((await callAs(t, bob, bookmarksRoutes.deleteLabel, { query: { labelId: label.id } })).statusCode).toBe(404);
    expect((await callAs(t, alice, bookmarksRoutes.deleteLabel, { query: {} })).statusCode).toBe(400);
    const res = await callAs(t, alice, bookmarksRoutes.deleteLabel, { query: { labelId: label.id } });
    expect(res.json()).toMatchObject({ status: true, message: 'Label deleted', body: { id: label.id } });
    const after = (await list(alice)).find((b) => b.id === bookmark.id);
    expect(after).toBeDefined();
    expect(after!.labels).toEqual([]);
  });
});

describe('bookmarks', () => {
  it('creates a bookmark: description set to the link, archive false by default, labels kept', async () => {
    const label = await createLabel(alice, 'Biology');
    const res = await callAs(t, alice, bookmarksRoutes.createBookmark, {
      body: { title: 'Khan Academy', link: 'https://www.khanacademy.org/science/biology', labels: [label.id], image: JPEG_DATA_URL },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Bookmark created',
      body: {
        title: 'Khan Academy',
        link: 'https://www.khanacademy.org/science/biology',
        description: 'https://www.khanacademy.org/science/biology',
        archive: false,
        labels: [label.id],
        image: JPEG_DATA_URL,
        time: t.clock.now().toISOString(),
      },
    });
  });

  it('accepts ftp links and archived creation', async () => {
    const b = await createBookmark(alice, { link: 'ftp://files.example.org/papers', archive: true });
    expect(b.archive).toBe(true);
  });

  it('refuses links that are not http, https or ftp with "Enter a valid url", and writes nothing', async () => {
    const before = (await list(alice)).length;
    for (const link of ['mailto:someone@example.com', 'javascript:alert(1)', 'not a url', '', 'file:///etc/passwd', `https://x.org/${'a'.repeat(2100)}`]) {
      const res = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { title: 'bad', link } });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().message).toBe('Enter a valid url');
      expect(res.json().body.fields.link).toBe('Enter a valid url');
    }
    const missing = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { title: 'no link' } });
    expect(missing.statusCode).toBe(400);
    const tamil = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { link: 'mailto:x@y.z' } }, { language: 'tn' });
    expect(tamil.json().message).toBe('சரியான இணைய முகவரியை உள்ளிடவும்');
    expect((await list(alice)).length).toBe(before);
  });

  it('checks the image by content (422) and size (413), writing nothing', async () => {
    const before = (await list(alice)).length;
    const wrong = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { link: 'https://a.org', image: TEXT_AS_JPEG_DATA_URL } });
    expect(wrong.statusCode).toBe(422);
    const big = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { link: 'https://a.org', image: oversizedPngDataUrl() } });
    expect(big.statusCode).toBe(413);
    expect((await list(alice)).length).toBe(before);
  });

  it('never attaches another student’s label', async () => {
    const bobs = await createLabel(bob, 'Bob’s');
    const before = (await list(alice)).length;
    const res = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { link: 'https://a.org', labels: [bobs.id] } });
    expect(res.statusCode).toBe(400);
    expect((await list(alice)).length).toBe(before);
  });

  it('never attaches the owner’s note label to a bookmark (labels are per kind)', async () => {
    const noteLabel = (await t.call({ method: 'POST', url: '/api/notes/v1/createLabel', headers: alice.headers, payload: { title: 'Note only' } })).json().body;
    const res = await callAs(t, alice, bookmarksRoutes.createBookmark, { body: { link: 'https://a.org', labels: [noteLabel.id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.code).toBe('WORKSPACE_LABEL_INVALID');
  });

  it('lists only the owner’s bookmarks, newest first', async () => {
    await createBookmark(bob, { title: 'Bob’s link', link: 'https://bob.example' });
    t.clock.advance(1_000);
    const newest = await createBookmark(alice, { title: 'Newest', link: 'https://new.example' });
    const mine = await list(alice);
    expect(mine[0]!.id).toBe(newest.id);
    expect(mine.some((b) => b.title === 'Bob’s link')).toBe(false);
    expect((await list(bob)).map((b) => b.title)).toEqual(['Bob’s link']);
  });

  it('edits the fields sent (POST editBookmark), re-checks link and image', async () => {
    const b = await createBookmark(alice, { title: 'Edit me', link: 'https://old.example' });
    const res = await callAs(t, alice, bookmarksRoutes.editBookmark, { body: { id: b.id, title: 'Edited', link: 'https://new.example/path', image: PNG_DATA_URL, archive: true } });
    expect(res.json()).toMatchObject({ status: true, message: 'Bookmark updated', body: { id: b.id, title: 'Edited', link: 'https://new.example/path', archive: true, image: PNG_DATA_URL, description: 'https://old.example' } });
    const bad = await callAs(t, alice, bookmarksRoutes.editBookmark, { body: { id: b.id, title: 'Again', link: 'mailto:a@b.c' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid url');
    expect((await list(alice)).find((x) => x.id === b.id)?.title).toBe('Edited');
  });

  it('edit and delete: 404 for another student’s bookmark, which stays untouched', async () => {
    const b = await createBookmark(alice, { title: 'Private', link: 'https://private.example' });
    const edit = await callAs(t, bob, bookmarksRoutes.editBookmark, { body: { id: b.id, title: 'Hijacked' } });
    expect(edit.statusCode).toBe(404);
    const del = await callAs(t, bob, bookmarksRoutes.deleteBookmark, { query: { id: b.id } });
    expect(del.statusCode).toBe(404);
    expect((await list(alice)).find((x) => x.id === b.id)?.title).toBe('Private');
  });

  it('deletes a bookmark with a message; a bad id is 400; a second delete is 404', async () => {
    const b = await createBookmark(alice, { link: 'https://gone.example' });
    expect((await callAs(t, alice, bookmarksRoutes.deleteBookmark, { query: { id: 'x' as unknown as number } })).statusCode).toBe(400);
    const res = await callAs(t, alice, bookmarksRoutes.deleteBookmark, { query: { id: b.id } });
    expect(res.json()).toMatchObject({ status: true, message: 'Bookmark deleted', body: { id: b.id } });
    expect((await list(alice)).some((x) => x.id === b.id)).toBe(false);
    expect((await callAs(t, alice, bookmarksRoutes.deleteBookmark, { query: { id: b.id } })).statusCode).toBe(404);
  });
});
