import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '@app/contracts';
import { decodeEml, mailedCode } from '../../../test/mail-code.js';
import { createTestApp, lastMailTo, type TestApp } from '../../../test/test-app.js';
import { oneTimeCodes } from '../../db/schema/index.js';
import { EXPIRED_AUTH_RECORDS_KEPT_MS } from './auth.service.js';

let t: TestApp;
/** Mails a test holds back (see "does the same work…"): each waits until its gate is opened. */
const heldMail = { holding: false, gates: [] as Array<() => void> };
beforeAll(async () => {
  t = await createTestApp({
    wrapMailer: (mailer) => ({
      async send(message) {
        if (heldMail.holding) await new Promise<void>((resolve) => heldMail.gates.push(resolve));
        await mailer.send(message);
      },
    }),
  });
});
afterAll(async () => t.close());

/** A call, then the mails it caused written (the reset code leaves after the answer). */
const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const res = await t.call({ method: 'POST', url: `/api/user/v1/${url}`, payload: payload as object, headers });
  await t.app.services.auth.mailsSent();
  return res;
};

describe('forgot password → verify → reset → login', () => {
  it('resets the password with the mailed code and ends every existing session', async () => {
    const user = await t.createUser({ email: 'reset.me@example.com', password: 'old-pass' });
    const other = await t.signIn(user.id);

    const forgot = await post('forgotPassword', { username: 'Reset.Me@example.com' });
    expect(forgot.statusCode).toBe(200);
    const { otpSecret } = forgot.json().body;
    const code = mailedCode(t.outboxDir, 'reset.me@example.com');
    expect(otpSecret).not.toContain(code);
    expect(decodeEml(lastMailTo(t.outboxDir, 'reset.me@example.com')!)).toContain('Reset your NEET Prep password');

    const verify = await post('validateEmailOtp', { passcode: code, secret: otpSecret });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ status: true, message: 'OTP verified.' });
    const { secret } = verify.json().body;
    expect(secret).not.toBe(otpSecret);

    // The code is single use.
    expect((await post('validateEmailOtp', { passcode: code, secret: otpSecret })).statusCode).toBe(400);

    const reset = await post('resetPassword', { password: 'new-pass', confirmPassword: 'new-pass', secret });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ status: true, message: 'Your password has been changed. Please sign in.' });

    // Both earlier sessions stop working.
    for (const headers of [user.headers, other.headers]) {
      const res = await t.call({ method: 'GET', url: '/api/user/v1/getUserInfo', headers });
      expect(res.statusCode).toBe(401);
    }
    expect((await post('login', { username: 'reset.me@example.com', password: 'old-pass' })).statusCode).toBe(401);
    expect((await post('login', { username: 'reset.me@example.com', password: 'new-pass' })).statusCode).toBe(200);

    // The reset secret is single use too.
    const again = await post('resetPassword', { password: 'third-pass', secret });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset request has expired. Please start again.');
  });

  it('does the same work for a registered and an unknown address: the mail leaves after the answer', async () => {
    await t.createUser({ email: 'known@example.com' });
    heldMail.holding = true;
    try {
      // With the mail held, a registered address is answered all the same: the answer waits for
      // nothing that an unknown address does not (a lookup and a stored code, both alike).
      const known = await t.call({ method: 'POST', url: '/api/user/v1/forgotPassword', payload: { username: 'known@example.com' } });
      const unknown = await t.call({ method: 'POST', url: '/api/user/v1/forgotPassword', payload: { username: 'unknown@example.com' } });
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json().message).toBe(unknown.json().message);
      expect(Object.keys(known.json().body)).toEqual(Object.keys(unknown.json().body));
      expect(heldMail.gates).toHaveLength(1);
      expect(lastMailTo(t.outboxDir, 'known@example.com')).toBeUndefined();
    } finally {
      heldMail.holding = false;
      for (const open of heldMail.gates.splice(0)) open();
    }
    await t.app.services.auth.mailsSent();
    expect(decodeEml(lastMailTo(t.outboxDir, 'known@example.com')!)).toContain('Reset your NEET Prep password');
    expect(lastMailTo(t.outboxDir, 'unknown@example.com')).toBeUndefined();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await post('forgotPassword', { username: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If the address can receive mail, a code has been sent to it.');
    expect(typeof res.json().body.otpSecret).toBe('string');
    expect(lastMailTo(t.outboxDir, 'nobody@example.com')).toBeUndefined();
    const verify = await post('validateEmailOtp', { passcode: '123456', secret: res.json().body.otpSecret });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().body.code).toBe('AUTH_OTP_INVALID');
  });

  it('refuses an expired code and a reset secret that has run out', async () => {
    await t.createUser({ email: 'slow@example.com' });
    const forgot = await post('forgotPassword', { username: 'slow@example.com' });
    const code = mailedCode(t.outboxDir, 'slow@example.com');
    t.clock.advance(OTP_TTL_MS + 1);
    const late = await post('validateEmailOtp', { passcode: code, secret: forgot.json().body.otpSecret });
    expect(late.statusCode).toBe(400);

    const second = await post('forgotPassword', { username: 'slow@example.com' });
    const verify = await post('validateEmailOtp', { passcode: mailedCode(t.outboxDir, 'slow@example.com'), secret: second.json().body.otpSecret });
    expect(verify.statusCode).toBe(200);
    t.clock.advance(OTP_TTL_MS + 1);
    const reset = await post('resetPassword', { password: 'new-pass', secret: verify.json().body.secret });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().body.code).toBe('AUTH_RESET_SECRET_INVALID');
  });

  it('rejects bad input with the spec messages, in Tamil too, and changes nothing', async () => {
    const user = await t.createUser({ email: 'keep@example.com', password: 'keep-pass' });
    const bad = await post('forgotPassword', { username: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('You must enter a valid email');
    const short = await post('resetPassword', { password: 'abc', secret: 'x.y' });
    expect(short.json().body.fields.password).toBe('Password is too short - should be 4 chars minimum.');
    const mismatch = await post('resetPassword', { password: 'abcd', confirmPassword: 'abce', secret: 'x.y' }, { language: 'tn' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().body.fields.confirmPassword).toBe('கடவுச்சொற்கள் பொருந்த வேண்டும்');
    const otp = await post('validateEmailOtp', { passcode: '12', secret: 'abc' });
    expect(otp.json().body.fields.passcode).toBe('Must be exactly 6 digits');
    const forged = await post('resetPassword', { password: 'abcd', secret: '00000000-0000-0000-0000-000000000000.forged' });
    expect(forged.statusCode).toBe(400);
    expect((await post('login', { username: user.username, password: 'keep-pass' })).statusCode).toBe(200);
  });
});

describe('housekeeping of expired codes', () => {
  const codesFor = async (target: string) =>
    (await t.deps.db.select().from(oneTimeCodes)).filter((row) => row.target === target).length;

  it('keeps a code for a day after it expired (its rate window included), then deletes it', async () => {
    await t.createUser({ email: 'purge.me@example.com' });
    expect((await post('forgotPassword', { username: 'purge.me@example.com' })).statusCode).toBe(200);
    expect(await codesFor('purge.me@example.com')).toBe(1);

    // Expired, but not for long: kept.
    t.clock.advance(OTP_TTL_MS + 60_000);
    await t.app.services.auth.purgeExpired();
    expect(await codesFor('purge.me@example.com')).toBe(1);

    // A day after it expired: gone. A code sent now is kept.
    t.clock.advance(EXPIRED_AUTH_RECORDS_KEPT_MS);
    expect((await post('forgotPassword', { username: 'purge.me@example.com' })).statusCode).toBe(200);
    const purged = await t.app.services.auth.purgeExpired();
    expect(purged.codes).toBeGreaterThanOrEqual(1);
    expect(await codesFor('purge.me@example.com')).toBe(1);
  });
});
