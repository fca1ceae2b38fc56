import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_KEY_MAX_LENGTH, FILES_ERRORS } from '@app/contracts';
import { AppError } from '../errors.js';

/** What a stored file is: its key, size in bytes and content type. */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

export interface FileContent extends StoredFile {
  stream: Readable;
}

export interface PutOptions {
  contentType: string;
}

/**
 * The one port for stored files (uploads, camera frames, exports). Keys are paths of safe
 * segments (`proctoring/<attempt>/<frame>.jpg`); `put` with `{ prefix }` makes a fresh key.
 * Backends: a local folder (DATA_DIR/uploads) or an S3-compatible bucket, chosen by FILE_STORE.
 */
export interface FileStore {
  readonly backend: 'local' | 's3';
  put(target: string | { prefix: string }, data: Uint8Array | Readable, options: PutOptions): Promise<StoredFile>;
  /** The file's bytes as a stream with its metadata, or null when there is no such file. */
  get(key: string): Promise<FileContent | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** A URL a browser can fetch without a token until it expires (expiresIn in seconds). */
  signedUrl(key: string, options: { expiresIn: number }): Promise<string>;
}

/** One segment: starts with a letter or digit (so never "." or ".."), then letters, digits, . _ - */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_DEPTH = 8;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > FILE_KEY_MAX_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= MAX_DEPTH && segments.every((segment) => SEGMENT.test(segment));
}

/** Refuses keys that could leave the store's root or name a hidden or odd file. */
export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new AppError(FILES_ERRORS.FILES_KEY_INVALID);
  return key;
}

/** The key `put` stores under: the given one, checked, or a fresh one below the prefix. */
export function resolveKey(target: string | { prefix: string }): string {
  if (typeof target === 'string') return assertValidKey(target);
  const prefix = target.prefix.replace(/\/+$/, '');
  return assertValidKey(prefix ? `${prefix}/${randomUUID()}` : randomUUID());
}

/** Content types are stored as given; a value with a line break could split a response header. */
export function assertContentType(contentType: string): string {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=[\w.+"-]+)*$/.test(contentType) || contentType.length > 200) {
    throw new AppError(FILES_ERRORS.FILES_TYPE_NOT_ALLOWED, { detail: `Invalid content type: ${contentType.slice(0, 50)}` });
  }
  return contentType;
}
