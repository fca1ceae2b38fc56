import { describe, expect, it } from 'vitest';
import { heldCalls } from '../../test/held-calls.js';
import {
  createPasswordHasher,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_MEMORY_KIB,
  PASSWORD_HASH_PARALLELISM,
  PASSWORD_HASH_TIME_COST,
  verifyPassword,
} from './passwords.js';

/** Hashes written by the scrypt version of this module (N = 2^17 and 2^10, r = 8, p = 1). */
const SCRYPT_2_17 = 'scrypt$131072$ktoWL61fSTEFPgcM7bOVVw==$CO03S2wqctnysnN6muuTLsWWZJ5ND/jiKCd9iLKLswXQeT59wQO/y+yG0+8uMF2vK1i80xglchcCpQB9eYy79w==';
const SCRYPT_2_10 = 'scrypt$1024$Pp0QVG/wqwDZakiVNMDCPQ==$OHatznaTb+hYjNazIGzvsojPLHF/T3/HcZmdGkjXuFDQRlnB6h7l1fjyAVwGZdbitWtsMLxwJszkZ44YnEwN+A==';

describe('password hashes', () => {
  it('hash with argon2id at OWASP minimum (19 MiB, t = 2, p = 1) by default, with a salt of its own each time', async () => {
    expect([PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST, PASSWORD_HASH_PARALLELISM]).toEqual([19456, 2, 1]);
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    const again = await hashPassword('correct horse');
    expect(again.split('$')[4]).not.toBe(stored.split('$')[4]);
    expect(again).not.toBe(stored);
  });

  it('still verify the scrypt hashes written before, and mark every one of them for replacement', async () => {
    expect(await verifyPassword('correct horse', SCRYPT_2_17)).toBe(true);
    expect(await verifyPassword('wrong horse', SCRYPT_2_17)).toBe(false);
    expect(await verifyPassword('old secret', SCRYPT_2_10)).toBe(true);
    expect(needsRehash(SCRYPT_2_17)).toBe(true);
    expect(needsRehash(SCRYPT_2_10, 64)).toBe(true);
  });

  it('mark an argon2id hash with less memory or fewer passes for replacement', async () => {
    const light = await hashPassword('x', 1024);
    expect(light).toContain('$m=1024,t=2,p=1$');
    expect(needsRehash(light)).toBe(true);
    expect(needsRehash(light, 1024)).toBe(false);
    expect(needsRehash(light.replace('t=2', 't=1'), 1024)).toBe(true);
    await expect(hashPassword('x', 8)).rejects.toThrow(RangeError);
  });

  it('refuse stored text that is not a hash of this module, without throwing', async () => {
    const argon = await hashPassword('x', 64);
    for (const stored of [
      '',
      'plain',
      'scrypt$abc$c2FsdA==$aGFzaA==',
      'scrypt$1000$c2FsdA==$aGFzaA==',
      'scrypt$2147483648$c2FsdA==$aGFzaA==',
      'bcrypt$16384$c2FsdA==$aGFzaA==',
      argon.replace('argon2id', 'argon2i'),
      argon.replace('m=64', 'm=9999999'),
      argon.replace(/\$[^$]+$/, '$'),
      `${argon}$`,
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(needsRehash(stored, 64)).toBe(true);
    }
  });
});

describe('the process hasher', () => {
  it('hashes with its memory and checks old and new hashes', async () => {
    const hasher = createPasswordHasher({ memoryKiB: 256, concurrency: 2 });
    const stored = await hasher.hash('secret');
    expect(stored).toContain('$m=256,t=2,p=1$');
    expect(await hasher.verify('secret', stored)).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(hasher.needsRehash(SCRYPT_2_10)).toBe(true);
  });

  it('computes at most `concurrency` hashes and checks at once, the rest in arrival order', async () => {
    const held = heldCalls<string>();
    const hasher = createPasswordHasher({
      memoryKiB: 64,
      concurrency: 2,
      compute: {
        hash: async (password) => (await held.enter(`hash:${password}`), `hashed:${password}`),
        verify: async (password) => (await held.enter(`verify:${password}`), password === 'good'),
      },
    });
    const calls = [hasher.verify('good', 'h'), hasher.hash('a'), hasher.verify('bad', 'h'), hasher.hash('b'), hasher.verify('good', 'h')];
    const settled = Promise.all(calls);
    await held.turn();
    expect(held.state.entered).toEqual(['verify:good', 'hash:a']);
    expect(hasher.waiting()).toBe(3);
    await held.releaseAll();
    expect(await settled).toEqual([true, 'hashed:a', false, 'hashed:b', true]);
    expect(held.state.entered).toEqual(['verify:good', 'hash:a', 'verify:bad', 'hash:b', 'verify:good']);
    expect(held.state.most).toBe(2);
    expect(hasher.waiting()).toBe(0);
  });
});
