import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, languages, supportMessages, users } from '../../db/schema/index.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, lastMailTo, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let school: TestInstitute;
let otherSchool: TestInstitute;
let admin: TestUser;
let instituteAdmin: TestUser;
let otherInstituteAdmin: TestUser;
let teacher: TestUser;
let institution: TestUser;
let student: TestUser;
let otherClientAdmin: TestUser;

const post = (user: TestUser | null, url: string, payload: object) => t.call({ method: 'POST', url: `/api${url}`, headers: user?.headers ?? {}, payload });
const get = (user: TestUser | null, url: string) => t.call({ method: 'GET', url: `/api${url}`, headers: user?.headers ?? {} });
const messageCount = async () => (await t.deps.db.select().from(supportMessages)).length;
const VALID = { subject: 'Marks not showing', message: 'The marks of Test 4 do not show for class 12 A.', category: 'technical' };

beforeAll(async () => {
  t = await createTestApp();
  school = await createInstitute(t);
  otherSchool = await createInstitute(t);
  const otherClient = await createClient(t);
  const elsewhere = await createInstitute(t, { clientId: otherClient });
  admin = await t.createUser({ role: 'ClientAdmin', ...placeIn(school) });
  instituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(school) });
  otherInstituteAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(otherSchool) });
  teacher = await t.createUser({ role: 'SchoolTeacher', firstName: 'Kavitha', ...placeIn(school) });
  institution = await t.createUser({ role: 'Institution', ...placeIn(school) });
  student = await t.createUser({ role: 'Student', ...placeIn(school, 0) });
  otherClientAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(elsewhere) });
  const [tamil] = await t.deps.db.insert(languages).values({ code: 'tn', name: 'Tamil' }).onConflictDoNothing().returning();
  const tamilId = tamil?.id ?? (await t.deps.db.select().from(languages).where(eq(languages.code, 'tn')))[0]!.id;
  await t.deps.db.update(users).set({ languageId: tamilId }).where(eq(users.id, instituteAdmin.id));
});
afterAll(async () => t.close());

describe('support/v1/create and support/v1/mine', () => {
  it('stores the message and mails the institute’s admins, each in their language; the sender sees it as new', async () => {
    const res = await post(teacher, '/support/v1/create', VALID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ ...VALID, status: 'new', replyNote: null, senderUserId: teacher.id });
    expect(res.json().message).toMatch(/sent/);
    expect(lastMailTo(t.outboxDir, admin.email)).toContain('Marks not showing');
    expect(lastMailTo(t.outboxDir, admin.email)).toContain('Technical problem');
    const tamilMail = lastMailTo(t.outboxDir, instituteAdmin.email)!;
    expect(tamilMail).toBeDefined();
    expect(tamilMail).toMatch(/Subject: =\?UTF-8\?/);
    expect(tamilMail).not.toContain('sent a message');
    expect(lastMailTo(t.outboxDir, admin.email)).toContain('sent a message');
    // Another institute's admin is not told.
    expect(lastMailTo(t.outboxDir, otherInstituteAdmin.email)).toBeUndefined();
    const mine = (await get(teacher, '/support/v1/mine')).json().body;
    expect(mine.items.map((m: { subject: string }) => m.subject)).toEqual(['Marks not showing']);
    expect((await get(institution, '/support/v1/mine')).json().body.items).toEqual([]);
  });

  it('lets the Institution account write too', async () => {
    const res = await post(institution, '/support/v1/create', { subject: 'Report question', message: 'How is the rank computed?', category: 'question' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers bad input with 400 and a clear message in the request’s language, storing nothing', async () => {
    const count = await messageCount();
    for (const payload of [
      { ...VALID, subject: '   ' },
      { ...VALID, message: '' },
      { ...VALID, category: 'billing' },
      { ...VALID, subject: 'x'.repeat(201) },
      { ...VALID, message: 'x'.repeat(5001) },
      {},
    ]) {
      const res = await post(teacher, '/support/v1/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).not.toBe('');
    }
    expect((await post(teacher, '/support/v1/create', { ...VALID, subject: '' })).json().message).toBe('Please enter a subject.');
    const tn = await t.call({ method: 'POST', url: '/api/support/v1/create', headers: { ...teacher.headers, language: 'tn' }, payload: { ...VALID, subject: '' } });
    expect(tn.json().message).toBe('தலைப்பை உள்ளிடவும்.');
    expect(await messageCount()).toBe(count);
  });

  it('refuses without a token (401), a student (403), and a role whose permission was removed (403)', async () => {
    expect((await post(null, '/support/v1/create', VALID)).statusCode).toBe(401);
    expect((await post(student, '/support/v1/create', VALID)).statusCode).toBe(403);
    expect((await get(student, '/support/v1/mine')).statusCode).toBe(403);
    await t.app.services.roles.revoke('neetprep', 'Institution', ['support.contact']);
    try {
      expect((await post(institution, '/support/v1/create', VALID)).statusCode).toBe(403);
      expect((await get(institution, '/support/v1/mine')).statusCode).toBe(403);
    } finally {
      await t.app.services.roles.grant('neetprep', 'Institution', ['support.contact']);
    }
  });
});

describe('support/v1/inbox and support/v1/update', () => {
  it('shows admins their institute’s (client admin: client’s) messages, filtered by status', async () => {
    await post(await t.createUser({ role: 'Teacher', ...placeIn(otherSchool) }), '/support/v1/create', { ...VALID, subject: 'From the other school' });
    const instituteInbox = (await get(instituteAdmin, '/support/v1/inbox')).json().body;
    expect(instituteInbox.items.map((m: { subject: string }) => m.subject)).not.toContain('From the other school');
    expect(instituteInbox.items.map((m: { subject: string }) => m.subject)).toContain('Marks not showing');
    const clientInbox = (await get(admin, '/support/v1/inbox')).json().body;
    expect(clientInbox.items.map((m: { subject: string }) => m.subject)).toContain('From the other school');
    expect((await get(otherClientAdmin, '/support/v1/inbox')).json().body.items).toEqual([]);
    expect((await get(admin, '/support/v1/inbox?status=closed')).json().body.items).toEqual([]);
    expect((await get(admin, '/support/v1/inbox?status=done')).statusCode).toBe(400);
    expect((await get(admin, '/support/v1/inbox?pageSize=1')).json().body).toMatchObject({ total: clientInbox.total, items: [expect.anything()] });
  });

  it('sets status and reply note, which the sender then sees; audited', async () => {
    const [message] = (await get(teacher, '/support/v1/mine')).json().body.items;
    const res = await post(instituteAdmin, '/support/v1/update', { id: message.id, status: 'inProgress', replyNote: 'Looking into it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ status: 'inProgress', replyNote: 'Looking into it' });
    expect((await get(teacher, '/support/v1/mine')).json().body.items[0]).toMatchObject({ status: 'inProgress', replyNote: 'Looking into it' });
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'support.update'));
    expect(entry).toMatchObject({ actorUserId: instituteAdmin.id, targetUserId: teacher.id, before: { status: 'new', replyNote: null }, after: { status: 'inProgress', replyNote: 'Looking into it' } });
  });

  it('answers 404 for a message of another institute or client, changing nothing', async () => {
    const [message] = (await get(teacher, '/support/v1/mine')).json().body.items;
    for (const who of [otherInstituteAdmin, otherClientAdmin]) {
      const res = await post(who, '/support/v1/update', { id: message.id, status: 'closed' });
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe('SUPPORT_MESSAGE_NOT_FOUND');
    }
    expect((await post(admin, '/support/v1/update', { id: 999_999, status: 'closed' })).statusCode).toBe(404);
    expect((await get(teacher, '/support/v1/mine')).json().body.items[0].status).toBe('inProgress');
  });

  it('answers bad input with 400, changing nothing', async () => {
    const [message] = (await get(teacher, '/support/v1/mine')).json().body.items;
    for (const payload of [{ id: message.id, status: 'done' }, { id: 'x', status: 'closed' }, { id: message.id, status: 'closed', replyNote: 'x'.repeat(2001) }]) {
      expect((await post(admin, '/support/v1/update', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await get(teacher, '/support/v1/mine')).json().body.items[0].status).toBe('inProgress');
  });

  it('refuses without a token (401), a student or teacher (403), and an admin whose permission was removed (403)', async () => {
    const [message] = (await get(teacher, '/support/v1/mine')).json().body.items;
    expect((await get(null, '/support/v1/inbox')).statusCode).toBe(401);
    expect((await post(null, '/support/v1/update', { id: message.id, status: 'closed' })).statusCode).toBe(401);
    expect((await get(student, '/support/v1/inbox')).statusCode).toBe(403);
    expect((await get(teacher, '/support/v1/inbox')).statusCode).toBe(403);
    expect((await post(teacher, '/support/v1/update', { id: message.id, status: 'closed' })).statusCode).toBe(403);
    await t.app.services.roles.revoke('neetprep', 'InstituteAdmin', ['support.inbox']);
    try {
      expect((await get(instituteAdmin, '/support/v1/inbox')).statusCode).toBe(403);
      expect((await post(instituteAdmin, '/support/v1/update', { id: message.id, status: 'closed' })).statusCode).toBe(403);
    } finally {
      await t.app.services.roles.grant('neetprep', 'InstituteAdmin', ['support.inbox']);
    }
  });
});

describe('Contact Us and the inbox refuse families', () => {
  it('answers a parent and a student 403 on every support call (create, mine, inbox, update), changing nothing', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    const [message] = (await get(teacher, '/support/v1/mine')).json().body.items;
    const count = await messageCount();
    const [stored] = await t.deps.db.select().from(supportMessages).where(eq(supportMessages.id, message.id));
    for (const user of [parent, student]) {
      for (const res of [
        await post(user, '/support/v1/create', VALID),
        await get(user, '/support/v1/mine'),
        await get(user, '/support/v1/inbox'),
        await post(user, '/support/v1/update', { id: message.id, status: 'closed', replyNote: 'taken' }),
      ]) {
        expect(res.statusCode, `${user.role} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
      }
    }
    expect(await messageCount()).toBe(count);
    expect((await t.deps.db.select().from(supportMessages).where(eq(supportMessages.id, message.id)))[0]).toEqual(stored);
  });
});
