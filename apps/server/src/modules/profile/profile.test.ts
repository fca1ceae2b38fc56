import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '@app/contracts';
import { auditLog, classes, courses, institutes, languages, sections, states, teacherPermissions, users } from '../../db/schema/index.js';
import { seedLookups } from '../../db/seed/seed-lookups.js';
import { lastSmsTo } from '../../lib/sms.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
const ids = { tn: 0, kerala: 0, en: 0, ta: 0, sunrise: 0, kaveri: 0, sunrise12: 0, sunrise12A: 0, kaveri11: 0, kaveri11A: 0, course: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.deps);
  const db = t.deps.db;
  const byCode = async (code: string) => (await db.select().from(states).where(eq(states.code, code)))[0]!.id;
  ids.tn = await byCode('TN');
  ids.kerala = await byCode('KL');
  const langs = await db.select().from(languages);
  ids.en = langs.find((l) => l.code === 'en')!.id;
  ids.ta = langs.find((l) => l.code === 'tn')!.id;
  const inst = await db.select().from(institutes);
  ids.sunrise = inst.find((i) => i.name === 'Sunrise Academy')!.id;
  ids.kaveri = inst.find((i) => i.name === 'Kaveri Higher Secondary School')!.id;
  const cls = await db.select().from(classes);
  ids.sunrise12 = cls.find((c) => c.instituteId === ids.sunrise && c.name === '12')!.id;
  ids.kaveri11 = cls.find((c) => c.instituteId === ids.kaveri && c.name === '11')!.id;
  const secs = await db.select().from(sections);
  ids.sunrise12A = secs.find((s) => s.classId === ids.sunrise12 && s.name === 'A')!.id;
  ids.kaveri11A = secs.find((s) => s.classId === ids.kaveri11 && s.name === 'A')!.id;
  ids.course = (await db.insert(courses).values({ name: 'NEET Chemistry' }).returning())[0]!.id;
});
afterAll(async () => t.close());

const form = (user: TestUser, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nila',
  middleName: '',
  lastName: 'Murugan',
  DOB: '05-03-2008',
  email: user.email,
  mobile: '98' + String(user.id).padStart(8, '0'),
  city: 'Coimbatore',
  address: '3 Gandhi Street, Coimbatore',
  state: ids.tn,
  languageId: ids.ta,
  interestedCourse: [ids.course],
  instituteID: ids.sunrise,
  classID: ids.sunrise12,
  sectionID: ids.sunrise12A,
  ...overrides,
});

const smsDir = () => path.join(t.deps.config.dataDir, 'outbox', 'sms');
const smsCode = async (phone: string) => /\b(\d{6})\b/.exec((await lastSmsTo(smsDir(), phone)) ?? '')?.[1];
const userRow = async (id: number) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/user/v1/updateUserInfo and GET /api/user/v1/getUserInfo', () => {
  it('saves the profile and reads it back with DOB as DD-MM-YYYY', async () => {
    const student = await t.createUser();
    const res = await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: student.headers, payload: form(student) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile saved.');
    const info = await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: student.headers });
    expect(info.json().body).toMatchObject({
      id: student.id,
      firstName: 'Nila',
      middleName: null,
      DOB: '05-03-2008',
      state: ids.tn,
      languageId: ids.ta,
      interestedCourse: [ids.course],
      instituteID: ids.sunrise,
      classID: ids.sunrise12,
      sectionID: ids.sunrise12A,
      city: 'Coimbatore',
    });
    expect((await userRow(student.id)).dob).toBe('2008-03-05');
  });

  it('rejects bad input with the spec messages and writes nothing', async () => {
    const student = await t.createUser();
    const before = await userRow(student.id);
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/v1/updateUserInfo',
      headers: student.headers,
      payload: form(student, { firstName: '', DOB: '', address: '', mobile: '12ab', email: 'nope', languageId: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields).toMatchObject({
      firstName: 'Please enter your name.',
      DOB: 'Please select your date of birth.',
      address: 'Please enter Address.',
      mobile: 'Phone number is not valid',
      email: 'You must enter a valid email',
      languageId: 'Please select medium of instruction.',
    });
    const tamil = await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: { ...student.headers, language: 'tn' }, payload: form(student, { address: '' }) });
    expect(tamil.json().message).toBe('முகவரியை உள்ளிடவும்.');
    expect(await userRow(student.id)).toEqual(before);
  });

  it('checks the date and every reference against the lookups', async () => {
    const student = await t.createUser();
    const before = await userRow(student.id);
    const put = (overrides: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: student.headers, payload: form(student, overrides) });

    expect((await put({ DOB: '30-02-2008' })).json().body.fields.DOB).toBe('Please enter a valid date of birth (DD-MM-YYYY).');
    expect((await put({ DOB: '2008-03-05' })).json().body.fields.DOB).toBe('Please enter a valid date of birth (DD-MM-YYYY).');
    expect((await put({ DOB: '01-01-2999' })).json().body.fields.DOB).toBe('The date of birth must be in the past.');
    expect((await put({ state: 99999 })).json().body.fields.state).toBe('Please select state.');
    expect((await put({ languageId: 99999 })).json().body.fields.languageId).toBe('Please select medium of instruction.');
    expect((await put({ city: 'Madurai' })).json().body.fields.city).toBe('Please select city.');
    expect((await put({ interestedCourse: [ids.course, 99999] })).json().body.fields.interestedCourse).toBe('Please select courses from the list.');
    expect((await put({ instituteID: 99999 })).json().body.fields.instituteID).toBe('Please select an institute from the list.');
    // A class of another institute, and a section of another class.
    expect((await put({ classID: ids.kaveri11, sectionID: ids.kaveri11A })).json().body.fields).toMatchObject({
      classID: 'Please select a class of the chosen institute.',
      sectionID: 'Please select a section of the chosen class.',
    });
    expect((await put({ sectionID: ids.kaveri11A })).json().body.fields.sectionID).toBe('Please select a section of the chosen class.');
    const other = await t.createUser({ email: 'someone.else@example.com' });
    const locked = await put({ email: other.email });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().body.fields.email).toBe('The e-mail address cannot be changed here.');
    expect(await userRow(student.id)).toEqual(before);
  });

  it('changes only the caller: another student stays as they were', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const bBefore = await userRow(b.id);
    await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: a.headers, payload: form(a, { firstName: 'Changed' }) });
    expect(await userRow(b.id)).toEqual(bBefore);
    // Taking another user's phone number is refused.
    const taken = await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: a.headers, payload: form(a, { mobile: bBefore.phone }) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().body.fields.mobile).toBe('This mobile number is already registered.');
  });

  it('needs a token, and a student role to update', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo' })).statusCode).toBe(401);
    const student = await t.createUser();
    expect((await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', payload: form(student) })).statusCode).toBe(401);
    const teacher = await t.createUser({ role: 'SchoolTeacher' });
    const res = await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: teacher.headers, payload: form(teacher) });
    expect(res.statusCode).toBe(403);
    const info = await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers: teacher.headers });
    expect(info.json().body.userTypeName).toBe('SchoolTeacher');
  });
});

describe('where a student belongs: institute, class and section', () => {
  const audits = (userId: number) => t.deps.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId));
  const save = (user: TestUser, overrides: Record<string, unknown>, url = '/api/user/v1/updateUserInfo') =>
    t.call({ method: url.endsWith('register') ? 'POST' : 'PUT', url, headers: user.headers, payload: form(user, overrides) });

  it('a student placed by staff keeps its placement: each changed field is refused, nothing is written', async () => {
    const placed = await t.createUser({ instituteId: ids.sunrise, classId: ids.sunrise12, sectionId: ids.sunrise12A });
    const moves = [
      { instituteID: ids.kaveri, classID: ids.kaveri11, sectionID: ids.kaveri11A },
      { instituteID: null, classID: null, sectionID: null },
      { sectionID: null },
    ];
    for (const move of moves) {
      for (const url of ['/api/user/v1/updateUserInfo', '/api/user/v1/register']) {
        const res = await save(placed, move, url);
        expect(res.statusCode, `${url} ${JSON.stringify(move)}`).toBe(400);
        for (const field of Object.keys(move)) expect(res.json().body.fields[field]).toBe('Your institute, class and section are set by your institute. Please ask your institute to change them.');
      }
    }
    const tamil = await t.call({ method: 'PUT', url: '/api/user/v1/updateUserInfo', headers: { ...placed.headers, language: 'tn' }, payload: form(placed, { instituteID: ids.kaveri, classID: null, sectionID: null }) });
    expect(tamil.json().body.fields.instituteID).toContain('நிறுவனம்');
    expect(await userRow(placed.id)).toMatchObject({ instituteId: ids.sunrise, classId: ids.sunrise12, sectionId: ids.sunrise12A, city: null });
    expect(await audits(placed.id)).toEqual([]);
    // The rest of the form is still the student's, with the placement as it is.
    expect((await save(placed, {})).statusCode).toBe(200);
    expect(await audits(placed.id)).toEqual([]);
  });

  it('a self-registered student chooses an institute of its own client once, audited', async () => {
    const foreign = (await t.deps.db.insert(institutes).values({ name: 'Elsewhere College', clientId: 'otherclient' }).returning())[0]!;
    const fresh = await t.createUser();
    const refused = await save(fresh, { instituteID: foreign.id, classID: null, sectionID: null }, '/api/user/v1/register');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().body.fields).toHaveProperty('instituteID');
    expect(await userRow(fresh.id)).toMatchObject({ instituteId: null, registeredAt: null });

    expect((await save(fresh, {}, '/api/user/v1/register')).statusCode).toBe(200);
    expect(await userRow(fresh.id)).toMatchObject({ instituteId: ids.sunrise, classId: ids.sunrise12, sectionId: ids.sunrise12A });
    expect(await audits(fresh.id)).toEqual([
      expect.objectContaining({
        action: 'profile.choosePlacement',
        actorUserId: fresh.id,
        instituteId: ids.sunrise,
        before: { instituteId: null, classId: null, sectionId: null },
        after: { instituteId: ids.sunrise, classId: ids.sunrise12, sectionId: ids.sunrise12A },
      }),
    ]);
    // Once chosen, it is the institute's to change.
    expect((await save(fresh, { instituteID: ids.kaveri, classID: ids.kaveri11, sectionID: ids.kaveri11A })).statusCode).toBe(400);
    expect((await userRow(fresh.id)).instituteId).toBe(ids.sunrise);
    expect(await audits(fresh.id)).toHaveLength(1);
  });
});

describe('POST /api/user/v1/register', () => {
  it('completes the Students Info step and returns body.body.id', async () => {
    const student = await t.createUser({ role: 'SchoolStudent' });
    const res = await t.call({ method: 'POST', url: '/api/user/v1/register', headers: student.headers, payload: form(student, { middleName: 'K' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({ body: { id: student.id } });
    const row = await userRow(student.id);
    expect(row.registeredAt).not.toBeNull();
    expect(row.middleName).toBe('K');
  });

  it('validates like the profile and needs a student', async () => {
    const student = await t.createUser();
    const bad = await t.call({ method: 'POST', url: '/api/user/v1/register', headers: student.headers, payload: form(student, { city: '' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select city.');
    expect((await userRow(student.id)).registeredAt).toBeNull();
    const parent = await t.createUser({ role: 'Parent' });
    expect((await t.call({ method: 'POST', url: '/api/user/v1/register', headers: parent.headers, payload: form(parent) })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/register', payload: form(student) })).statusCode).toBe(401);
  });
});

describe('parent info: generateOtp2, updateParentInfo, getParentInfo', () => {
  const parentForm = (otp: string, overrides: Record<string, unknown> = {}) => ({
    parentName: 'Selvi Murugan',
    guardian1: 'Murugan K',
    guardian2: '',
    email: 'selvi@example.com',
    phone: '9444400001',
    otp,
    ...overrides,
  });

  it('texts a code to the parent phone and saves the details with it, linking a parent account', async () => {
    const student = await t.createUser();
    const empty = await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo', headers: student.headers });
    expect(empty.json().body).toEqual({ parentName: null, guardian1: null, guardian2: null, email: null, phone: null, phoneVerified: false });

    const sent = await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', headers: student.headers, payload: { mobile: '9444400001' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('OTP has been sent.');
    const code = await smsCode('9444400001');
    expect(code).toMatch(/^\d{6}$/);

    const saved = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: student.headers, payload: parentForm(code!) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().body).toMatchObject({ parentName: 'Selvi Murugan', guardian2: null, phoneVerified: true });
    const read = await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo', headers: student.headers });
    expect(read.json().body).toMatchObject({ email: 'selvi@example.com', phone: '9444400001', phoneVerified: true });

    const parent = await t.deps.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, 'selvi@example.com') });
    expect(parent?.role).toBe('Parent');
    const link = await t.deps.db.query.parentLinks.findFirst({ where: (l, { eq: is }) => is(l.studentUserId, student.id) });
    expect(link?.parentUserId).toBe(parent!.id);

    // The code was used.
    const again = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: student.headers, payload: parentForm(code!, { parentName: 'Other' }) });
    expect(again.statusCode).toBe(400);
  });

  it('writes the text in Tamil when asked', async () => {
    const student = await t.createUser();
    await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', headers: { ...student.headers, language: 'tn' }, payload: { mobile: '9444400002' } });
    expect(await lastSmsTo(smsDir(), '9444400002')).toContain('உறுதிப்படுத்த');
  });

  it("refuses a wrong, expired or another student's code and writes nothing", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', headers: a.headers, payload: { mobile: '9444400003' } });
    const code = (await smsCode('9444400003'))!;
    const asB = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: b.headers, payload: parentForm(code, { phone: '9444400003' }) });
    expect(asB.statusCode).toBe(400);
    expect(asB.json().message).toBe('The OTP is not valid or has expired.');
    const wrong = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: a.headers, payload: parentForm(code === '000000' ? '111111' : '000000', { phone: '9444400003' }) });
    expect(wrong.statusCode).toBe(400);
    const otherPhone = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: a.headers, payload: parentForm(code, { phone: '9444400004' }) });
    expect(otherPhone.statusCode).toBe(400);
    t.clock.advance(OTP_TTL_MS + 1);
    const late = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: a.headers, payload: parentForm(code, { phone: '9444400003' }) });
    expect(late.statusCode).toBe(400);
    for (const user of [a, b]) {
      const read = await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo', headers: user.headers });
      expect(read.json().body.parentName).toBeNull();
    }
  });

  it('validates with the spec messages', async () => {
    const student = await t.createUser();
    const res = await t.call({
      method: 'POST',
      url: '/api/user/v1/updateParentInfo',
      headers: student.headers,
      payload: { parentName: '', guardian1: '', email: '', phone: 'abc', otp: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields).toMatchObject({
      parentName: 'Please enter parent name.',
      guardian1: 'Please enter guardian name.',
      email: 'You must enter a email',
      phone: 'Phone number is not valid',
      otp: 'Please enter OTP.',
    });
    const short = await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: student.headers, payload: parentForm('123') });
    expect(short.json().body.fields.otp).toBe('Must be exactly 6 digits');
    const badMobile = await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', headers: student.headers, payload: { mobile: '' } });
    expect(badMobile.json().message).toBe('Please enter mobile number.');
  });

  it('is for signed-in students only', async () => {
    const teacher = await t.createUser({ role: 'SchoolTeacher' });
    expect((await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', payload: { mobile: '9444400005' } })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/v1/getParentInfo', headers: teacher.headers })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/generateOtp2', headers: teacher.headers, payload: { mobile: '9444400005' } })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/updateParentInfo', headers: teacher.headers, payload: parentForm('123456') })).statusCode).toBe(403);
  });
});

describe('GET /api/profile/v1/getInfo', () => {
  it("gives the institution's logo and its welcome message with scripts and handlers removed", async () => {
    await t.deps.db
      .update(institutes)
      .set({ welcomeMessage: '<p onclick="steal()">Hello <b>class</b></p><script>alert(1)</script><img src="javascript:x">' })
      .where(eq(institutes.id, ids.kaveri));
    const student = await t.createUser({ role: 'SchoolStudent' });
    await t.deps.db.update(users).set({ instituteId: ids.kaveri, photoUrl: '/uploads/me.png' }).where(eq(users.id, student.id));
    const res = await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers: student.headers });
    expect(res.statusCode).toBe(200);
    const details = res.json().body.Details;
    expect(details.InstitutionWelComeMsg).toBe('<p>Hello <b>class</b></p><img />');
    expect(details.InstitutionLogo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(details.ProfilePicture).toBe('/uploads/me.png');
    expect(details.permissions).toEqual([]);
  });

  it('gives nulls without an institution, and staff their permission tabs', async () => {
    const student = await t.createUser();
    const plain = await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers: student.headers });
    expect(plain.json().body.Details).toEqual({ ProfilePicture: null, InstitutionLogo: null, InstitutionWelComeMsg: null, permissions: [] });
    const teacher = await t.createUser({ role: 'SchoolTeacher' });
    await t.deps.db.insert(teacherPermissions).values({ userId: teacher.id, tabName: 'Dashboard', url: '/dashboard' });
    const staff = await t.call({ method: 'GET', url: '/api/profile/v1/getInfo', headers: teacher.headers });
    expect(staff.json().body.Details.permissions).toEqual([{ TabName: 'Dashboard', url: '/dashboard' }]);
  });

  it('needs a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/profile/v1/getInfo' })).statusCode).toBe(401);
  });
});
