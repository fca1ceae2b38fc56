import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hashRaw, type Algorithm } from '@node-rs/argon2';
import { CENTRE_CODE_ALPHABET, CENTRE_CODE_LENGTH } from '@app/contracts';
import { base64url, compactDecrypt, CompactEncrypt, decodeProtectedHeader, flattenedDecrypt, FlattenedEncrypt, type FlattenedJWE } from 'jose';

/**
 * The centre's envelopes (decision 043): JWE (RFC 7516) through `jose` on Node's crypto.
 * - The paper: a compact JWE, `dir` + A256GCM under the exam's 32-byte data key, the exam's id in
 *   the authenticated header.
 * - An invigilator code's wrap of the data key: a flattened JWE, A256KW + A256GCM under a key
 *   derived from the code with argon2id (parameters and salt in the authenticated header), with
 *   `centre:<id>;exam:<id>` as additional authenticated data that is never stored with it: the
 *   unwrapping side supplies its own centre and exam, so a wrap moved to another exam or centre
 *   opens nothing.
 */

const ARGON2ID = 2 as Algorithm;
/** RFC 9106's second recommended option (64 MiB, 3 passes); p = 1 keeps one thread per unlock. */
export const CODE_KDF = { memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;
/** What an unwrap accepts from a header, so a tampered wrap cannot ask for gigabytes. */
const KDF_LIMITS = { memoryCost: [19_456, 262_144], timeCost: [1, 10], parallelism: [1, 4] } as const;
const PAPER_TYPE = 'neetprep-centre-paper+json';
const WRAP_TYPE = 'neetprep-centre-key-wrap';

export class EnvelopeRefused extends Error {}

export interface ExamBinding {
  centreId: number;
  scheduleId: number;
}

/** A new 256-bit data key, base64url. */
export function newDataKey(): string {
  return base64url.encode(randomBytes(32));
}

function keyBytes(dataKey: string): Uint8Array {
  const bytes = base64url.decode(dataKey);
  if (bytes.length !== 32) throw new EnvelopeRefused('a data key has 32 bytes');
  return bytes;
}

/** A random code of the centre alphabet (pairing and invigilator codes). */
export function newCentreCode(): string {
  let code = '';
  for (let i = 0; i < CENTRE_CODE_LENGTH; i += 1) code += CENTRE_CODE_ALPHABET[randomInt(CENTRE_CODE_ALPHABET.length)];
  return code;
}

/** A random secret (the centre's credential), base64url. */
export function newSecret(): string {
  return base64url.encode(randomBytes(32));
}

/** SHA-256 hex: what is kept of high-entropy secrets (pairing codes, centre credentials). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Encrypts the paper of one exam under its data key. */
export async function sealPaper(paper: unknown, dataKey: string, scheduleId: number): Promise<string> {
  const plaintext = new TextEncoder().encode(JSON.stringify(paper));
  return new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: PAPER_TYPE, exam: scheduleId }).encrypt(keyBytes(dataKey));
}

/** Decrypts a paper; refuses another exam's paper, a wrong key and any altered byte. */
export async function openPaper<T = unknown>(jwe: string, dataKey: string, scheduleId: number): Promise<T> {
  let plaintext: Uint8Array;
  try {
    const result = await compactDecrypt(jwe, keyBytes(dataKey), { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    if (result.protectedHeader.cty !== PAPER_TYPE || result.protectedHeader.exam !== scheduleId) throw new EnvelopeRefused('the paper belongs to another exam');
    plaintext = result.plaintext;
  } catch (error) {
    if (error instanceof EnvelopeRefused) throw error;
    throw new EnvelopeRefused('the paper does not open with this key');
  }
  return JSON.parse(new TextDecoder().decode(plaintext)) as T;
}

function bindingAad(binding: ExamBinding): Uint8Array {
  return new TextEncoder().encode(`centre:${binding.centreId};exam:${binding.scheduleId}`);
}

interface KdfParams {
  alg: 'argon2id';
  m: number;
  t: number;
  p: number;
  salt: string;
}

async function deriveKek(code: string, params: KdfParams): Promise<Uint8Array> {
  const raw = await hashRaw(code, {
    algorithm: ARGON2ID,
    memoryCost: params.m,
    timeCost: params.t,
    parallelism: params.p,
    salt: base64url.decode(params.salt),
    outputLen: 32,
  });
  return new Uint8Array(raw);
}

/** The exam's data key wrapped under an invigilator code, bound to one centre and exam. */
export async function wrapKeyForCode(dataKey: string, code: string, binding: ExamBinding): Promise<FlattenedJWE> {
  const kdf: KdfParams = { alg: 'argon2id', m: CODE_KDF.memoryCost, t: CODE_KDF.timeCost, p: CODE_KDF.parallelism, salt: base64url.encode(randomBytes(16)) };
  const kek = await deriveKek(code, kdf);
  const jwe = await new FlattenedEncrypt(keyBytes(dataKey))
    .setProtectedHeader({ alg: 'A256KW', enc: 'A256GCM', typ: WRAP_TYPE, kdf: { ...kdf } })
    .setAdditionalAuthenticatedData(bindingAad(binding))
    .encrypt(kek);
  // The binding is supplied by whoever unwraps, never read from the wrap.
  const { aad: _aad, ...stored } = jwe;
  return stored;
}

function kdfOf(wrap: FlattenedJWE): KdfParams {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(wrap) as Record<string, unknown>;
  } catch {
    throw new EnvelopeRefused('the wrap is not a JWE');
  }
  const kdf = header.kdf as Partial<KdfParams> | undefined;
  const within = (value: unknown, [low, high]: readonly [number, number]) => Number.isInteger(value) && (value as number) >= low && (value as number) <= high;
  if (
    header.alg !== 'A256KW' ||
    header.enc !== 'A256GCM' ||
    header.typ !== WRAP_TYPE ||
    kdf?.alg !== 'argon2id' ||
    !within(kdf.m, KDF_LIMITS.memoryCost) ||
    !within(kdf.t, KDF_LIMITS.timeCost) ||
    !within(kdf.p, KDF_LIMITS.parallelism) ||
    typeof kdf.salt !== 'string' ||
    base64url.decode(kdf.salt).length < 16
  ) {
    throw new EnvelopeRefused('the wrap is not an invigilator-code wrap');
  }
  return kdf as KdfParams;
}

/** The data key under an invigilator code, or EnvelopeRefused for a wrong code, exam or centre. */
export async function unwrapKeyWithCode(wrap: FlattenedJWE, code: string, binding: ExamBinding): Promise<string> {
  const kek = await deriveKek(code, kdfOf(wrap));
  try {
    const { plaintext } = await flattenedDecrypt({ ...wrap, aad: base64url.encode(bindingAad(binding)) }, kek, {
      keyManagementAlgorithms: ['A256KW'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (plaintext.length !== 32) throw new EnvelopeRefused('the wrap does not hold a data key');
    return base64url.encode(plaintext);
  } catch {
    throw new EnvelopeRefused('the code does not unlock this exam at this centre');
  }
}

/** Whether one of the wraps opens under the code; the data key when it does. */
export async function unwrapAnyWithCode(wraps: readonly FlattenedJWE[], code: string, binding: ExamBinding): Promise<string | null> {
  for (const wrap of wraps) {
    try {
      return await unwrapKeyWithCode(wrap, code, binding);
    } catch (error) {
      if (!(error instanceof EnvelopeRefused)) throw error;
    }
  }
  return null;
}
