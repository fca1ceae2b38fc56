import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@app/contracts';
import { decodeEml, mailedCode } from '../../../test/mail-code.js';
import { createTestApp, lastMailTo, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  Name: 'Kavya Sundaram',
  Email: 'kavya@example.com',
  DOB: '14-06-2007',
  Mobile: '9123456780',
  CampusName: 'Coimbatore Campus',
  DepartmentName: 'Life Sciences',
  DegreeName: 'B.Sc. Zoology',
  YearOfPassing: 2025,
  Section: 'A',
  RollNo: '17',
  parent1Email: 'sundaram.parent@example.com',
  password: 'kavya-pass',
  ...overrides,
});

async function sendCode(email: string, headers: Record<string, string> = {}) {
  const res = await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', headers, payload: { Email: email } });
  expect(res.statusCode).toBe(200);
  return { sessionId: res.json().body.sessionId as string, code: mailedCode(t.outboxDir, email.toLowerCase()), res };
}

async function countUsers(): Promise<number> {
  return (await t.deps.db.query.users.findMany()).length;
}

describe('student signup: POST /api/user/v1/sendMailforOtp then /api/user/v1/CreateStudent', () => {
  it('mails a six-digit code and creates a verified Student account that can sign in', async () => {
    const { sessionId, code, res } = await sendCode('Kavya@Example.com');
    expect(res.json().message).toBe('OTP has been sent.');
    expect(sessionId).not.toContain(code);
    const mail = decodeEml(lastMailTo(t.outboxDir, 'kavya@example.com')!);
    expect(mail).toContain('Your NEET Prep verification code');

    const created = await t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: { ...signupBody(), otp: code, sessionId } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: true, body: { userName: 'kavya@example.com' } });
    const user = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, created.json().body.id) });
    expect(user).toMatchObject({ role: 'Student', emailVerified: true, firstName: 'Kavya', lastName: 'Sundaram', dob: '2007-06-14', phone: '9123456780' });
    expect(user!.passwordHash).not.toContain('kavya-pass');

    // The parent named at signup gets a Parent account linked to the student.
    const parent = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'sundaram.parent@example.com') });
    expect(parent?.role).toBe('Parent');
    const links = await t.deps.db.query.parentLinks.findMany({ where: (l, { eq }) => eq(l.studentUserId, user!.id) });
    expect(links.map((l) => l.parentUserId)).toEqual([parent!.id]);

    const login = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'kavya@example.com', password: 'kavya-pass' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().body.userTypeName).toBe('Student');

    // The code is used: a second signup with it fails.
    const reuse = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Email: 'kavya@example.com', Mobile: '9123456781' }), otp: code, sessionId },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('The OTP is not valid or has expired.');
  });

  it('sends the mail in Tamil when the language header says tn', async () => {
    await sendCode('tamil.mail@example.com', { language: 'tn' });
    const mail = decodeEml(lastMailTo(t.outboxDir, 'tamil.mail@example.com')!);
    expect(mail).toContain('உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்த');
  });

  it('rejects bad input with the spec messages and writes nothing', async () => {
    const before = await countUsers();
    const bad = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Name: '', Email: 'not-mail', DOB: '31-02-2007', Mobile: '12' }), otp: '12', sessionId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().body.fields;
    expect(fields).toMatchObject({
      Name: 'Please enter your name.',
      Email: 'You must enter a valid email',
      DOB: 'Please enter a valid date of birth (DD-MM-YYYY).',
      Mobile: 'Phone number is not valid',
      otp: 'Must be exactly 6 digits',
    });
    const noMail = await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', payload: { Email: '' } });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().message).toBe('You must enter a email');
    const tamil = await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', headers: { language: 'tn' }, payload: { Email: 'x' } });
    expect(tamil.json().message).toBe('சரியான மின்னஞ்சலை உள்ளிட வேண்டும்');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a future date of birth, a wrong code and an expired code', async () => {
    const before = await countUsers();
    const future = await sendCode('future@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Email: 'future@example.com', Mobile: '9123400001', DOB: '01-01-2999' }), otp: future.code, sessionId: future.sessionId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields.DOB).toBe('The date of birth must be in the past.');

    const wrong = future.code === '000000' ? '111111' : '000000';
    const bad = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Email: 'future@example.com', Mobile: '9123400001' }), otp: wrong, sessionId: future.sessionId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().body.code).toBe('AUTH_OTP_INVALID');

    const expiring = await sendCode('late@example.com');
    t.clock.advance(OTP_TTL_MS + 1000);
    const late = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Email: 'late@example.com', Mobile: '9123400002' }), otp: expiring.code, sessionId: expiring.sessionId },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('The OTP is not valid or has expired.');
    expect(await countUsers()).toBe(before);
  });

  it('allows at most five tries per code, then refuses even the right one', async () => {
    const { sessionId, code } = await sendCode('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const payload = (otp: string) => ({ ...signupBody({ Email: 'tries@example.com', Mobile: '9123400003' }), otp, sessionId });
    const statuses: number[] = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      statuses.push((await t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: payload(wrong) })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: payload(code) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong codes. Please request a new OTP.');
  });

  it('limits how many codes one address is sent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.call({ method: 'POST', url: '/api/user/v1/sendMailforOtp', payload: { Email: 'flood@example.com' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const files = fs.readdirSync(t.outboxDir).filter((f) => f.includes('flood@example.com'));
    expect(files).toHaveLength(5);
  });

  it('tells the owner of an address that already has an account, only after the code', async () => {
    const existing = await t.createUser({ email: 'taken@example.com' });
    const { sessionId, code } = await sendCode(existing.email);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/v1/CreateStudent',
      payload: { ...signupBody({ Email: existing.email, Mobile: '9123400004' }), otp: code, sessionId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this e-mail already exists. Please sign in.');
  });

  it('does not tell whether a mobile number is registered: the same answer either way, the taken number left off the new account', async () => {
    const owner = await t.createUser({ phone: '9555500001' });
    const signUp = async (Email: string, Mobile: string) => {
      const { sessionId, code } = await sendCode(Email);
      return t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: { ...signupBody({ Email, Mobile }), otp: code, sessionId } });
    };
    const taken = await signUp('prober@example.com', '9555500001');
    const free = await signUp('honest@example.com', '9555500003');
    const answerOf = (res: typeof taken) => {
      const { id: _id, userName: _name, ...rest } = res.json().body;
      return [res.statusCode, res.json().status, res.json().message, Object.keys(res.json().body).sort(), rest];
    };
    expect(answerOf(taken)).toEqual(answerOf(free));
    expect(taken.statusCode).toBe(200);
    const prober = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'prober@example.com') });
    const honest = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'honest@example.com') });
    // The number stays its owner's; the new account has none until its student gives one on the
    // profile, where the number is checked for a signed-in, verified student.
    expect(prober).toMatchObject({ role: 'Student', phone: null });
    expect(honest).toMatchObject({ role: 'Student', phone: '9555500003' });
    expect((await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, owner.id) }))!.phone).toBe('9555500001');
    // The new account signs in with its e-mail; the number still signs its owner in.
    expect((await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: 'prober@example.com', password: 'kavya-pass' } })).statusCode).toBe(200);
    const byNumber = await t.call({ method: 'POST', url: '/api/user/v1/login', payload: { username: '9555500001', password: owner.password } });
    expect(byNumber.json().body.userName).toBe(owner.username);
  });

  it('uses up the code on an e-mail that is taken as well', async () => {
    const existing = await t.createUser({ email: 'taken2@example.com' });
    const { sessionId, code } = await sendCode(existing.email);
    const body = { ...signupBody({ Email: existing.email, Mobile: '9123400005' }), otp: code, sessionId };
    expect((await t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: body })).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: '/api/user/v1/CreateStudent', payload: body })).json().body.code).toBe('AUTH_OTP_INVALID');
  });
});
