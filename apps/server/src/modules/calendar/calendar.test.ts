import { calendarRoutes, notesRoutes, todoRoutes, type CalendarEvent } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let parent: TestUser;

const MARCH = { from: '2026-03-01T00:00:00+05:30', to: '2026-04-01T00:00:00+05:30' };

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(new Date('2026-03-10T06:00:00Z')) });
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'SchoolStudent' });
  parent = await t.createUser({ role: 'Parent' });
});
afterAll(() => t.close());

async function listEvents(user: TestUser, query: Record<string, string> = MARCH): Promise<CalendarEvent[]> {
  const res = await callAs(t, user, calendarRoutes.listEvents, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}
async function createEvent(user: TestUser, body: Record<string, unknown>): Promise<CalendarEvent> {
  const res = await callAs(t, user, calendarRoutes.createEvent, { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
}

describe('access', () => {
  const sample: Record<string, { body?: unknown; query?: Record<string, string | number> }> = {
    listEvents: { query: MARCH },
    createEvent: { body: { title: 'x', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' } },
    updateEvent: { body: { id: 1, title: 'x' } },
    deleteEvent: { query: { id: 1 } },
  };
  for (const [name, def] of Object.entries(calendarRoutes)) {
    it(`${name}: 401 without a token, 403 for a parent`, async () => {
      expect((await callAs(t, null, def, sample[name])).statusCode).toBe(401);
      expect((await callAs(t, parent, def, sample[name])).statusCode).toBe(403);
    });
  }
});

describe('events', () => {
  it('creates an event with a message and lists it as editable', async () => {
    const res = await callAs(t, alice, calendarRoutes.createEvent, {
      body: { title: 'Physics class', description: 'Room 4', start: '2026-03-12T09:00:00+05:30', end: '2026-03-12T10:00:00+05:30', color: '#aecbfa' },
    });
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Event created',
      body: { title: 'Physics class', start: '2026-03-12T03:30:00.000Z', end: '2026-03-12T04:30:00.000Z', source: 'event', readOnly: false, allDay: false, color: '#aecbfa' },
    });
    const events = await listEvents(alice);
    expect(events.map((e) => e.title)).toEqual(['Physics class']);
    expect(await listEvents(bob)).toEqual([]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await listEvents(alice)).length;
    const cases = [
      { title: '', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' },
      { title: 'x', start: 'tomorrow', end: '2026-03-02T11:00:00Z' },
      { title: 'x', start: '2026-03-02T10:00:00Z', end: '2026-03-02T09:00:00Z' },
      { title: 'x', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z', color: 'blue' },
    ];
    for (const body of cases) {
      const res = await callAs(t, alice, calendarRoutes.createEvent, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(false);
    }
    const reversed = await callAs(t, alice, calendarRoutes.createEvent, { body: cases[2] });
    expect(reversed.json().message).toBe('The end must not be before the start.');
    expect((await listEvents(alice)).length).toBe(before);
  });

  it('lists only events overlapping the range; refuses bad ranges', async () => {
    await createEvent(alice, { title: 'April trip', start: '2026-04-05T00:00:00Z', end: '2026-04-06T00:00:00Z', allDay: true });
    await createEvent(alice, { title: 'Spans into March', start: '2026-02-28T10:00:00Z', end: '2026-03-01T10:00:00Z' });
    await createEvent(alice, { title: 'Ends as March begins', start: '2026-02-28T10:00:00+05:30', end: '2026-03-01T00:00:00+05:30' });
    await createEvent(alice, { title: 'Zero length', start: '2026-03-30T10:00:00Z', end: '2026-03-30T10:00:00Z' });
    expect((await listEvents(alice)).map((e) => e.title)).toEqual(['Spans into March', 'Physics class', 'Zero length']);
    for (const query of [{ from: MARCH.to, to: MARCH.from }, { from: 'x', to: MARCH.to }, { from: '2026-01-01T00:00:00Z', to: '2027-06-01T00:00:00Z' }, { to: MARCH.to }]) {
      expect((await callAs(t, alice, calendarRoutes.listEvents, { query: query as Record<string, string> })).statusCode).toBe(400);
    }
  });

  it('updates the fields sent, checks end ≥ start against the stored values, 404 for another student', async () => {
    const event = await createEvent(alice, { title: 'Mock test', start: '2026-03-20T09:00:00Z', end: '2026-03-20T12:00:00Z' });
    const res = await callAs(t, alice, calendarRoutes.updateEvent, { body: { id: event.id, title: 'Full mock test', end: '2026-03-20T13:00:00Z' } });
    expect(res.json()).toMatchObject({ message: 'Event updated', body: { id: event.id, title: 'Full mock test', start: '2026-03-20T09:00:00.000Z', end: '2026-03-20T13:00:00.000Z' } });
    const before = await callAs(t, alice, calendarRoutes.updateEvent, { body: { id: event.id, end: '2026-03-20T08:00:00Z' } });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('The end must not be before the start.');
    expect((await callAs(t, alice, calendarRoutes.updateEvent, { body: { id: event.id, title: '' } })).statusCode).toBe(400);
    expect((await callAs(t, bob, calendarRoutes.updateEvent, { body: { id: event.id, title: 'Hijacked' } })).statusCode).toBe(404);
    const stored = (await listEvents(alice)).find((e) => e.key === `event:${event.id}`);
    expect(stored).toMatchObject({ title: 'Full mock test', end: '2026-03-20T13:00:00.000Z' });
  });

  it('deletes an event; 404 for another student (it stays) and after deletion', async () => {
    const event = await createEvent(alice, { title: 'Cancelled', start: '2026-03-25T09:00:00Z', end: '2026-03-25T10:00:00Z' });
    expect((await callAs(t, bob, calendarRoutes.deleteEvent, { query: { id: event.id } })).statusCode).toBe(404);
    expect((await listEvents(alice)).some((e) => e.id === event.id && e.source === 'event')).toBe(true);
    expect((await callAs(t, alice, calendarRoutes.deleteEvent, { query: { id: 'x' as unknown as number } })).statusCode).toBe(400);
    const res = await callAs(t, alice, calendarRoutes.deleteEvent, { query: { id: event.id } });
    expect(res.json()).toMatchObject({ status: true, message: 'Event deleted', body: { id: event.id } });
    expect((await listEvents(alice)).some((e) => e.id === event.id && e.source === 'event')).toBe(false);
    expect((await callAs(t, alice, calendarRoutes.deleteEvent, { query: { id: event.id } })).statusCode).toBe(404);
  });
});

describe('merged entries', () => {
  it('shows to-do due dates as read-only all-day entries and note reminders, only the owner’s', async () => {
    const todo = (await callAs(t, alice, todoRoutes.create, { body: { title: 'Submit assignment', dueDate: '2026-03-15' } })).json().body;
    await callAs(t, alice, todoRoutes.create, { body: { title: 'Undated' } });
    const trashed = (await callAs(t, alice, todoRoutes.create, { body: { title: 'Trashed', dueDate: '2026-03-16' } })).json().body;
    await callAs(t, alice, todoRoutes.delete, { query: { id: trashed.id } });
    const note = (await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'Call mentor', reminder: '2026-03-18T16:00:00+05:30' } })).json().body;
    await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'No reminder' } });
    await callAs(t, alice, notesRoutes.createNotes, { body: { title: 'May reminder', reminder: '2026-05-01T10:00:00Z' } });
    await callAs(t, bob, todoRoutes.create, { body: { title: 'Bob due', dueDate: '2026-03-15' } });

    const events = await listEvents(alice);
    const todoEntry = events.find((e) => e.source === 'todo');
    expect(todoEntry).toEqual({
      key: `todo:${todo.id}`,
      id: todo.id,
      title: 'Submit assignment',
      description: '',
      start: '2026-03-15T00:00:00+05:30',
      end: '2026-03-16T00:00:00+05:30',
      allDay: true,
      color: null,
      source: 'todo',
      readOnly: true,
      route: `/todo/all/${todo.id}`,
    });
    const noteEntry = events.find((e) => e.source === 'note');
    expect(noteEntry).toMatchObject({ id: note.id, title: 'Call mentor', start: '2026-03-18T10:30:00.000Z', readOnly: true, route: `/notes/${note.id}` });
    expect(events.filter((e) => e.source !== 'event').map((e) => e.title)).toEqual(['Submit assignment', 'Call mentor']);
    expect((await listEvents(bob)).map((e) => e.title)).toEqual(['Bob due']);

    // The all-day entry follows the student's time zone.
    const utc = await listEvents(alice, { ...MARCH, tz: 'UTC' });
    expect(utc.find((e) => e.source === 'todo')?.start).toBe('2026-03-15T00:00:00+00:00');
    // A window that ends before the due date leaves it out.
    const early = await listEvents(alice, { from: '2026-03-01T00:00:00+05:30', to: '2026-03-15T00:00:00+05:30' });
    expect(early.some((e) => e.source === 'todo')).toBe(false);
  });

  it('takes entries from providers other domains add (scheduled tests)', async () => {
    t.app.services.calendar.addProvider(async (actor, range) =>
      actor.userId === alice.id && range.from < new Date('2026-03-22T00:00:00Z')
        ? [{ key: 'test:7', id: 7, title: 'Scheduled NEET mock', description: '', start: '2026-03-22T04:30:00.000Z', end: '2026-03-22T07:30:00.000Z', allDay: false, color: null, source: 'test', readOnly: true, route: '/test/test/7' }]
        : [],
    );
    expect((await listEvents(alice)).filter((e) => e.source === 'test').map((e) => e.title)).toEqual(['Scheduled NEET mock']);
    expect((await listEvents(bob)).some((e) => e.source === 'test')).toBe(false);
  });
});
