import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_HASH_COST, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('hash with scrypt N = 2^17, r = 8, p = 1 by default, within the memory ceiling', async () => {
    expect(PASSWORD_HASH_COST).toBe(17);
    const stored = await hashPassword('correct horse');
    expect(stored.split('$').slice(0, 2)).toEqual(['scrypt', '131072']);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verify a hash made at the old cost (N = 2^14) and mark it for rehashing', async () => {
    const old = await hashPassword('old secret', 14);
    expect(old.split('$')[1]).toBe('16384');
    expect(await verifyPassword('old secret', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, 14)).toBe(false);
  });

  it('refuse stored text that is not a hash of this module, without throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$abc$c2FsdA==$aGFzaA==', 'scrypt$1000$c2FsdA==$aGFzaA==', 'scrypt$2147483648$c2FsdA==$aGFzaA==', 'bcrypt$16384$c2FsdA==$aGFzaA==']) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});
