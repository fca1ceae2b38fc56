import { notesRoutes, type Label, type Note } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import {
  GIF_AS_PNG_DATA_URL,
  PNG_AS_JPEG_DATA_URL,
  PNG_DATA_URL,
  TEXT_AS_JPEG_DATA_URL,
  callAs,
  oversizedPngDataUrl,
} from '../../../test/workspace-fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'SchoolStudent' });
  teacher = await t.createUser({ role: 'Teacher' });
});
afterAll(() => t.close());

const listNotes = async (user: TestUser) => (await callAs(t, user, notesRoutes.listNotes)).json<{ body: Note[] }>().body;
const listLabels = async (user: TestUser) => (await callAs(t, user, notesRoutes.listLabels)).json<{ body: Label[] }>().body;
async function createLabel(user: TestUser, title: string): Promise<Label> {
  const res = await callAs(t, user, notesRoutes.createLabel, { body: { title } });
  expect(res.statusCode).toBe(200);
  return res.json().body;
}
async function createNote(user: TestUser, body: Record<string, unknown>): Promise<Note> {
  const res = await callAs(t, user, notesRoutes.createNotes, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}

describe('access', () => {
  const sample: Record<string, { body?: unknown; query?: Record<string, number> }> = {
    createLabel: { body: { title: 'x' } },
    editLabel: { body: { labelId: 1, title: 'x' } },
    deleteLabel: { query: { id: 1 } },
    createNotes: { body: { title: 'x' } },
    editNotes: { body: { id: 1, title: 'x' } },
    deleteNotes: { query: { id: 1 } },
  };
  for (const [name, def] of Object.entries(notesRoutes)) {
    it(`${name}: 401 without a token, 403 for a teacher`, async () => {
      const anonymous = await callAs(t, null, def, sample[name]);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().status).toBe(false);
      const staff = await callAs(t, teacher, def, sample[name]);
      expect(staff.statusCode).toBe(403);
    });
  }
});

describe('note labels', () => {
  it('creates a label with a handle, says so, and lists only the owner’s labels', async () => {
    const res = await callAs(t, alice, notesRoutes.createLabel, { body: { title: '  Organic Chemistry ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Label created', body: { name: 'Organic Chemistry', handle: 'organic-chemistry' } });
    await createLabel(bob, 'Physics');
    expect((await listLabels(alice)).map((l) => l.name)).toEqual(['Organic Chemistry']);
    expect((await listLabels(bob)).map((l) => l.name)).toEqual(['Physics']);
  });

  it('keeps Tamil names readable in the handle and answers in Tamil', async () => {
    const res = await callAs(t, alice, notesRoutes.createLabel, { body: { title: 'உயிரியல் பாடம்' } }, { language: 'tn' });
    expect(res.json().body.handle).toBe('உயிரியல்-பாடம்');
    expect(res.json().message).toBe('லேபிள் உருவாக்கப்பட்டது');
  });

  it('refuses a duplicate name (case-insensitive) with 409; another student may use it', async () => {
    const res = await callAs(t, alice, notesRoutes.createLabel, { body: { title: 'organic chemistry' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A label with this name already exists.');
    await createLabel(bob, 'Organic Chemistry');
  });

  it('gives a distinct handle when two names slug alike', async () => {
    const a = await createLabel(alice, 'Bio!');
    const b = await createLabel(alice, 'Bio?');
    expect(a.handle).toBe('bio');
    expect(b.handle).toBe('bio-2');
  });

  it('refuses an empty or too long title with 400 and writes nothing', async () => {
    const before = await listLabels(alice);
    const empty = await callAs(t, alice, notesRoutes.createLabel, { body: { title: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('You must enter a label title');
    const long = await callAs(t, alice, notesRoutes.createLabel, { body: { title: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
    expect(await listLabels(alice)).toEqual(before);
  });

  it('renames a label, keeps the old name free of duplicates, 404 for another student’s label', async () => {
    const label = await createLabel(alice, 'Zoology');
    const res = await callAs(t, alice, notesRoutes.editLabel, { body: { labelId: label.id, title: 'Zoology notes' } });
    expect(res.json()).toMatchObject({ message: 'Label updated', body: { id: label.id, name: 'Zoology notes', handle: 'zoology-notes' } });
    const clash = await callAs(t, alice, notesRoutes.editLabel, { body: { labelId: label.id, title: 'ORGANIC CHEMISTRY' } });
    expect(clash.statusCode).toBe(409);
    const bad = await callAs(t, alice, notesRoutes.editLabel, { body: { labelId: label.id, title: '' } });
    expect(bad.statusCode).toBe(400);
    const foreign = await callAs(t, bob, notesRoutes.editLabel, { body: { labelId: label.id, title: 'Mine now' } });
    expect(foreign.statusCode).toBe(404);
    expect((await listLabels(alice)).find((l) => l.id === label.id)?.name).toBe('Zoology notes');
  });

  it('deleting a label removes it from notes and keeps the notes; 404 for another student', async () => {
    const keep = await createLabel(alice, 'Keep me');
    const drop = await createLabel(alice, 'Drop me');
    const note = await createNote(alice, { title: 'Labelled', labels: [keep.id, drop.id] });
    expect(note.labels).toEqual([keep.id, drop.id].sort((a, b) => a - b));
    const foreign = await callAs(t, bob, notesRoutes.deleteLabel, { query: { id: drop.id } });
    expect(foreign.statusCode).toBe(404);
    const res = await callAs(t, alice, notesRoutes.deleteLabel, { query: { id: drop.id } });
    expect(res.json()).toMatchObject({ status: true, message: 'Label deleted', body: { id: drop.id } });
    const after = (await listNotes(alice)).find((n) => n.id === note.id);
    expect(after?.labels).toEqual([keep.id]);
    expect((await listLabels(alice)).some((l) => l.id === drop.id)).toBe(false);
    const again = await callAs(t, alice, notesRoutes.deleteLabel, { query: { id: drop.id } });
    expect(again.statusCode).toBe(404);
    const badId = await callAs(t, alice, notesRoutes.deleteLabel, { query: { id: 'abc' as unknown as number } });
    expect(badId.statusCode).toBe(400);
  });
});

describe('notes', () => {
  it('creates a note with checklist, labels, reminder, pin and colour; time is the server’s', async () => {
    const label = await createLabel(alice, 'Revision');
    const res = await callAs(t, alice, notesRoutes.createNotes, {
      body: {
        title: 'Cell cycle',
        description: 'Mitosis vs meiosis',
        labels: [label.id],
        checklist: [{ text: 'Prophase' }, { id: 'c2', text: 'Metaphase', checked: true }],
        reminder: '2030-01-02T10:00:00+05:30',
        pinned: true,
        color: '#fff475',
        time: '1999-01-01',
      },
    });
    expect(res.statusCode).toBe(200);
    const { message, body } = res.json<{ message: string; body: Note }>();
    expect(message).toBe('Note created');
    expect(body).toMatchObject({ title: 'Cell cycle', archive: false, labels: [label.id], pinned: true, color: '#fff475', image: null });
    expect(body.reminder).toBe('2030-01-02T04:30:00.000Z');
    expect(body.time).toBe(t.clock.now().toISOString());
    expect(body.checklist).toHaveLength(2);
    expect(body.checklist[0]!.id).toMatch(/.+/);
    expect(body.checklist[1]).toEqual({ id: 'c2', text: 'Metaphase', checked: true });
  });

  it('creates archived notes when asked (the /notes/archive form)', async () => {
    const note = await createNote(alice, { title: 'Old', archive: true });
    expect(note.archive).toBe(true);
  });

  it('lists only the owner’s notes, pinned first', async () => {
    await createNote(bob, { title: 'Bob’s secret' });
    const mine = await listNotes(alice);
    expect(mine.some((n) => n.title === 'Bob’s secret')).toBe(false);
    expect(mine[0]!.pinned).toBe(true);
    expect((await listNotes(bob)).map((n) => n.title)).toEqual(['Bob’s secret']);
  });

  it('refuses a checklist line without text with the spec’s message and writes nothing', async () => {
    const before = (await listNotes(alice)).length;
    const res = await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'x', checklist: [{ text: '  ' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message: 'You must enter a label title', body: { code: 'VALIDATION_FAILED' } });
    expect(res.json().body.fields['checklist.0.text']).toBe('You must enter a label title');
    const tamil = await callAs(t, alice, notesRoutes.createNotes, { body: { checklist: [{ text: '' }] } }, { language: 'tn' });
    expect(tamil.json().message).toBe('லேபிள் தலைப்பை உள்ளிட வேண்டும்');
    expect((await listNotes(alice)).length).toBe(before);
  });

  it('refuses bad reminder, colour and over-long fields with 400', async () => {
    const before = (await listNotes(alice)).length;
    for (const body of [{ reminder: 'tomorrow' }, { color: 'red' }, { title: 'x'.repeat(201) }, { labels: 'a' }, { pinned: 'yes' }]) {
      const res = await callAs(t, alice, notesRoutes.createNotes, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await listNotes(alice)).length).toBe(before);
  });

  it('never attaches another student’s label', async () => {
    const bobs = await createLabel(bob, 'Bob only');
    const before = (await listNotes(alice)).length;
    const res = await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'sneaky', labels: [bobs.id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose labels from your own list.');
    expect((await listNotes(alice)).length).toBe(before);
    const note = await createNote(alice, { title: 'plain' });
    const edit = await callAs(t, alice, notesRoutes.editNotes, { body: { id: note.id, labels: [bobs.id] } });
    expect(edit.statusCode).toBe(400);
    expect((await listNotes(alice)).find((n) => n.id === note.id)?.labels).toEqual([]);
  });

  it('checks images by content: PNG and JPEG pass, the real type is stored, others get 422, too large 413', async () => {
    const png = await createNote(alice, { title: 'png', image: PNG_DATA_URL });
    expect(png.image).toBe(PNG_DATA_URL);
    const relabelled = await createNote(alice, { title: 'png as jpeg', image: PNG_AS_JPEG_DATA_URL });
    expect(relabelled.image!.startsWith('data:image/png;base64,')).toBe(true);
    const before = (await listNotes(alice)).length;
    for (const image of [GIF_AS_PNG_DATA_URL, TEXT_AS_JPEG_DATA_URL]) {
      const res = await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'bad', image } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, message: 'Only JPEG and PNG images are allowed.', body: { code: 'WORKSPACE_IMAGE_TYPE' } });
    }
    const notData = await callAs(t, alice, notesRoutes.createNotes, { body: { image: 'https://example.com/a.png' } });
    expect(notData.statusCode).toBe(422);
    const gifDeclared = await callAs(t, alice, notesRoutes.createNotes, { body: { image: 'data:image/gif;base64,' + PNG_DATA_URL.split(',')[1] } });
    expect(gifDeclared.statusCode).toBe(422);
    const big = await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'big', image: oversizedPngDataUrl() } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'The image is too large (at most 5 MB).', body: { code: 'WORKSPACE_IMAGE_TOO_LARGE' } });
    expect((await listNotes(alice)).length).toBe(before);
  });

  it('edits only the fields sent; null clears image, reminder and colour', async () => {
    const label = await createLabel(alice, 'Edits');
    const note = await createNote(alice, { title: 'Draft', description: 'd', image: PNG_DATA_URL, reminder: '2030-01-01T00:00:00Z', color: '#aecbfa' });
    t.clock.advance(60_000);
    const res = await callAs(t, alice, notesRoutes.editNotes, {
      body: { id: note.id, title: 'Final', labels: [label.id], image: null, reminder: null, color: null, checklist: [{ text: 'one' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Note updated');
    expect(res.json().body).toMatchObject({ id: note.id, title: 'Final', description: 'd', labels: [label.id], image: null, reminder: null, color: null });
    expect(res.json().body.time).toBe(t.clock.now().toISOString());
    const archived = await callAs(t, alice, notesRoutes.editNotes, { body: { id: note.id, archive: true } });
    expect(archived.json().body).toMatchObject({ archive: true, title: 'Final' });
  });

  it('edit: 400 for bad input (nothing changes), 404 for another student’s note or a missing one', async () => {
    const note = await createNote(alice, { title: 'Mine', checklist: [{ text: 'a' }] });
    const bad = await callAs(t, alice, notesRoutes.editNotes, { body: { id: note.id, title: 'Changed', checklist: [{ text: '' }] } });
    expect(bad.statusCode).toBe(400);
    const noId = await callAs(t, alice, notesRoutes.editNotes, { body: { title: 'x' } });
    expect(noId.statusCode).toBe(400);
    const badImage = await callAs(t, alice, notesRoutes.editNotes, { body: { id: note.id, title: 'Changed', image: TEXT_AS_JPEG_DATA_URL } });
    expect(badImage.statusCode).toBe(422);
    const foreign = await callAs(t, bob, notesRoutes.editNotes, { body: { id: note.id, title: 'Hijacked' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Item not found.');
    const missing = await callAs(t, alice, notesRoutes.editNotes, { body: { id: 999999, title: 'x' } });
    expect(missing.statusCode).toBe(404);
    const stored = (await listNotes(alice)).find((n) => n.id === note.id);
    expect(stored).toMatchObject({ title: 'Mine', checklist: [{ text: 'a' }] });
  });

  it('delete: 404 for another student’s note (it stays), 400 for a bad id, then deletes', async () => {
    const note = await createNote(alice, { title: 'Temporary' });
    const foreign = await callAs(t, bob, notesRoutes.deleteNotes, { query: { id: note.id } });
    expect(foreign.statusCode).toBe(404);
    expect((await listNotes(alice)).some((n) => n.id === note.id)).toBe(true);
    const bad = await callAs(t, alice, notesRoutes.deleteNotes, { query: { id: -1 } });
    expect(bad.statusCode).toBe(400);
    const res = await callAs(t, alice, notesRoutes.deleteNotes, { query: { id: note.id } });
    expect(res.json()).toMatchObject({ status: true, message: 'Note deleted', body: { id: note.id } });
    expect((await listNotes(alice)).some((n) => n.id === note.id)).toBe(false);
    expect((await callAs(t, alice, notesRoutes.deleteNotes, { query: { id: note.id } })).statusCode).toBe(404);
  });
});
