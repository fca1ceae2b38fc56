import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';

const SECRET = 'unit-test-secret-unit-test-secret-000000';
const start = new Date('2026-06-01T10:00:00Z');
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);

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
});
