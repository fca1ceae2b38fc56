import { scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Password hashes are argon2id at OWASP's minimum: 19 MiB, two passes, one lane (about 30–60 ms of
 * one core per hash, where scrypt at N = 2^17 took about 0.9 s and 128 MiB). The memory is the one
 * knob (PASSWORD_HASH_MEMORY_KIB), lowered only in tests; passes and lanes are fixed.
 */
export const PASSWORD_HASH_MEMORY_KIB = 19 * 1024;
export const PASSWORD_HASH_TIME_COST = 2;
export const PASSWORD_HASH_PARALLELISM = 1;
/** The least memory a hash may be asked for (tests); argon2 itself needs 8 KiB per lane. */
export const MIN_PASSWORD_HASH_MEMORY_KIB = 64;
/** Stored argon2id parameters beyond these are refused rather than computed (a corrupt or planted row). */
const MAX_STORED_MEMORY_KIB = 1024 * 1024;
const MAX_STORED_TIME_COST = 16;
const ARGON2ID = 2 as Algorithm;

const ARGON2ID_PATTERN = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

function argon2Params(stored: string): { memoryKiB: number; timeCost: number; parallelism: number } | undefined {
  const match = ARGON2ID_PATTERN.exec(stored);
  if (!match) return undefined;
  const [memoryKiB, timeCost, parallelism] = match.slice(1).map(Number) as [number, number, number];
  if (memoryKiB < 8 * parallelism || memoryKiB > MAX_STORED_MEMORY_KIB || timeCost < 1 || timeCost > MAX_STORED_TIME_COST || parallelism < 1) {
    return undefined;
  }
  return { memoryKiB, timeCost, parallelism };
}

/* ---- scrypt: hashes written before argon2id (scrypt$N$salt$hash, r = 8, p = 1) still verify ---- */

const SCRYPT_KEY_LENGTH = 64;
const SCRYPT_BLOCK_SIZE = 8;
const SCRYPT_MAX_COST = 20;

function scryptN(stored: string): number | undefined {
  const [scheme, nText] = stored.split('$');
  const n = Number(nText);
  if (scheme !== 'scrypt' || !Number.isInteger(n)) return undefined;
  const cost = Math.log2(n);
  return Number.isInteger(cost) && cost >= 1 && cost <= SCRYPT_MAX_COST ? n : undefined;
}

async function verifyScrypt(password: string, stored: string, n: number): Promise<boolean> {
  const [, , saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that from N = 2^15.
  const maxmem = 256 * n * SCRYPT_BLOCK_SIZE;
  const key = await new Promise<Buffer>((resolve, reject) => {
    scrypt(password, Buffer.from(saltText, 'base64'), SCRYPT_KEY_LENGTH, { N: n, r: SCRYPT_BLOCK_SIZE, p: 1, maxmem }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/* ---- the hash functions (each runs in libuv's thread pool, off the event loop) ---- */

function checkMemory(memoryKiB: number): void {
  if (!Number.isInteger(memoryKiB) || memoryKiB < MIN_PASSWORD_HASH_MEMORY_KIB) {
    throw new RangeError(`password hash memory must be an integer of at least ${MIN_PASSWORD_HASH_MEMORY_KIB} KiB, not ${memoryKiB}`);
  }
}

/** An argon2id hash in the PHC format ($argon2id$v=19$m=…,t=2,p=1$salt$hash) with a fresh 16-byte salt. */
export async function hashPassword(password: string, memoryKiB: number = PASSWORD_HASH_MEMORY_KIB): Promise<string> {
  checkMemory(memoryKiB);
  return argon2Hash(password, { algorithm: ARGON2ID, memoryCost: memoryKiB, timeCost: PASSWORD_HASH_TIME_COST, parallelism: PASSWORD_HASH_PARALLELISM });
}

/** Whether `password` matches a stored argon2id or (older) scrypt hash; false for any other text. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (argon2Params(stored)) {
    try {
      return await argon2Verify(stored, password);
    } catch {
      return false;
    }
  }
  const n = scryptN(stored);
  return n === undefined ? false : verifyScrypt(password, stored, n);
}

/** Whether a stored hash is not argon2id at least as strong as `memoryKiB` and two passes: replaced at the next sign-in. */
export function needsRehash(stored: string, memoryKiB: number = PASSWORD_HASH_MEMORY_KIB): boolean {
  const params = argon2Params(stored);
  return !params || params.memoryKiB < memoryKiB || params.timeCost < PASSWORD_HASH_TIME_COST;
}

/* ---- the process's hasher: at most `concurrency` hashes at once, the rest in arrival order ---- */

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  needsRehash(stored: string): boolean;
  /** Hashes and checks waiting for their turn (the `password-hashes` queue on /metrics). */
  waiting(): number;
}

export interface PasswordHasherOptions {
  /** PASSWORD_HASH_MEMORY_KIB. */
  memoryKiB?: number;
  /** PASSWORD_HASH_CONCURRENCY: hashes and checks computed at once in this process. */
  concurrency: number;
  /** The functions that compute; the real ones unless a test holds them. */
  compute?: { hash: typeof hashPassword; verify: typeof verifyPassword };
}

/**
 * Every hash and check of the process goes through one small queue: at most `concurrency` run in
 * the thread pool at once (each holds a core and its memory while it runs), later ones wait in
 * arrival order. Without the bound a wave of sign-ins would fill libuv's pool (4 threads, shared
 * with file reads and compression) and put every hash's memory in use at once, while running more
 * hashes at a time than there are cores answers none of them sooner.
 */
export function createPasswordHasher(options: PasswordHasherOptions): PasswordHasher {
  const memoryKiB = options.memoryKiB ?? PASSWORD_HASH_MEMORY_KIB;
  checkMemory(memoryKiB);
  const compute = options.compute ?? { hash: hashPassword, verify: verifyPassword };
  const gate = pLimit(options.concurrency);
  return {
    hash: (password) => gate(() => compute.hash(password, memoryKiB)),
    verify: (password, stored) => gate(() => compute.verify(password, stored)),
    needsRehash: (stored) => needsRehash(stored, memoryKiB),
    waiting: () => gate.pendingCount,
  };
}

