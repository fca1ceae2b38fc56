import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';

const SECRET = 'unit-test-secret-unit-test-secret-000000';
const start = new Date('2026-06-01T10:00:00Z');
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const issuedAt = Math.floor(start.getTime() / 1000);

/** A token made by jose (another standard library), valid for a minute from `start`. */
function joseToken(claims: Record<string, unknown>, options: { alg?: string; typ?: string; sub?: string } = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', ...(options.typ ? { typ: options.typ } : {}) })
    .setSubject(options.sub ?? '1')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 60)
    .sign(new TextEncoder().encode(SECRET));
}

describe('token signer', () => {
  it('verifies its own token, and again from memory with the same payload', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 7, sessionId: 's-1', role: 'Student', now: start });
    const first = await signer.verify(token, later(1));
    const second = await signer.verify(token, later(2));
    expect(first).toEqual({ ok: true, payload: expect.objectContaining({ sub: '7', sid: 's-1', role: 'Student' }) });
    expect(second).toEqual(first);
  });

  it('refuses a remembered token once its exp has passed', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 7, sessionId: 's-1', role: 'Student', now: start });
    expect((await signer.verify(token, later(59))).ok).toBe(true);
    expect(await signer.verify(token, later(60))).toEqual({ ok: false, reason: 'expired' });
    // And stays refused (not re-admitted by a second look-up).
    expect(await signer.verify(token, later(61))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose payload or signature was changed, even after the original was remembered', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const token = await signer.sign({ userId: 7, sessionId: 's-1', role: 'Student', now: start });
    expect((await signer.verify(token, later(1))).ok).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged.role = 'Admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await signer.verify(tampered, later(1))).toEqual({ ok: false, reason: 'invalid' });
    const badSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`;
    expect(await signer.verify(badSignature, later(1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenSigner('another-secret-another-secret-0000000000', 60);
    const token = await other.sign({ userId: 7, sessionId: 's-1', role: 'Student', now: start });
    expect(await createTokenSigner(SECRET, 60).verify(token, later(1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps at most the configured number of tokens in memory, dropping the oldest', async () => {
    const signer = createTokenSigner(SECRET, 60, 2);
    const tokens = await Promise.all([1, 2, 3].map((id) => signer.sign({ userId: id, sessionId: `s-${id}`, role: 'Student', now: start })));
    for (const token of tokens) expect((await signer.verify(token, later(1))).ok).toBe(true);
    // The evicted token is simply verified again; all three still pass.
    for (const token of tokens) expect((await signer.verify(token, later(2))).ok).toBe(true);
  });

  it('accepts an HS256 token made by another standard library with the same secret (tokens issued before an upgrade)', async () => {
    const token = await joseToken({ sid: 's-9', role: 'Teacher' }, { typ: 'JWT', sub: '9' });
    expect(await createTokenSigner(SECRET, 60).verify(token, later(1))).toEqual({
      ok: true,
      payload: { sub: '9', sid: 's-9', role: 'Teacher', iat: issuedAt, exp: issuedAt + 60 },
    });
  });

  it('refuses an unsigned token, another algorithm, a payload missing a claim, and garbage', async () => {
    const signer = createTokenSigner(SECRET, 60);
    const claims = { sid: 's-1', role: 'Admin', sub: '1', iat: issuedAt, exp: issuedAt + 60 };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect(await signer.verify(unsigned, later(1))).toEqual({ ok: false, reason: 'invalid' });
    const hs512 = await joseToken({ sid: 's-1', role: 'Admin' }, { alg: 'HS512' });
    expect(await signer.verify(hs512, later(1))).toEqual({ ok: false, reason: 'invalid' });
    const noSession = await joseToken({ role: 'Admin' });
    expect(await signer.verify(noSession, later(1))).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', 'abc', 'a.b.c', `${encode({ alg: 'HS256' })}.not-json.sig`]) {
      expect(await signer.verify(junk, later(1))).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
