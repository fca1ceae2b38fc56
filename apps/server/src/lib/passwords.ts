import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * scrypt's cost as log2(N). 17 (N = 131072, r = 8, p = 1) is OWASP's current suggestion: about
 * 128 MiB and a few hundred milliseconds per hash. PASSWORD_HASH_COST lowers it for tests only.
 */
export const PASSWORD_HASH_COST = 17;
const MIN_COST = 1;
const MAX_COST = 20;

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that from N = 2^15.
  const maxmem = 256 * n * BLOCK_SIZE;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r: BLOCK_SIZE, p: PARALLELISM, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** N of a stored hash, or undefined when the text is not a hash this module wrote. */
function storedN(stored: string): number | undefined {
  const [scheme, nText] = stored.split('$');
  const n = Number(nText);
  if (scheme !== 'scrypt' || !Number.isInteger(n)) return undefined;
  const cost = Math.log2(n);
  return Number.isInteger(cost) && cost >= MIN_COST && cost <= MAX_COST ? n : undefined;
}

/** scrypt$N$salt$hash (salt and hash in base64; r = 8, p = 1). `cost` is log2(N). */
export async function hashPassword(password: string, cost: number = PASSWORD_HASH_COST): Promise<string> {
  const n = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(password, salt, n);
  return `scrypt$${n}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, , saltText, hashText] = stored.split('$');
  const n = storedN(stored);
  if (n === undefined || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const key = await derive(password, Buffer.from(saltText, 'base64'), n);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash is cheaper than `cost` (log2 N) and should be replaced at the next sign-in. */
export function needsRehash(stored: string, cost: number = PASSWORD_HASH_COST): boolean {
  const n = storedN(stored);
  return n === undefined || n < 2 ** cost;
}
