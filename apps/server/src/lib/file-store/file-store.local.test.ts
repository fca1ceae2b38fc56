import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { AppError } from '../errors.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './file-store.local.js';
import { createUrlSigner } from './file-store.signing.js';

let root: string;
let store: FileStore;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 10, 0, 0));
const signer = createUrlSigner('local-store-secret-local-store-secret-01');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-files-'));
  store = createLocalFileStore({ root, signer, clock });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('local file store', () => {
  it('round-trips bytes with their content type; files are 0600 and folders 0700', async () => {
    const stored = await store.put('proctoring/attempt-1/frame.jpg', Buffer.from('frame bytes'), { contentType: 'image/jpeg' });
    expect(stored).toEqual({ key: 'proctoring/attempt-1/frame.jpg', size: 11, contentType: 'image/jpeg' });
    const file = await store.get('proctoring/attempt-1/frame.jpg');
    expect(file).toMatchObject({ size: 11, contentType: 'image/jpeg' });
    expect(await text(file!.stream)).toBe('frame bytes');
    const onDisk = path.join(root, 'proctoring', 'attempt-1', 'frame.jpg');
    expect(modeOf(onDisk)).toBe(0o600);
    expect(modeOf(path.dirname(onDisk))).toBe(0o700);
    expect(modeOf(path.join(root, 'proctoring'))).toBe(0o700);
  });

  it('stores a stream, makes a fresh key under a prefix, and replaces a file whole', async () => {
    const stored = await store.put({ prefix: 'imports/roster' }, Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), {
      contentType: 'text/csv',
    });
    expect(stored.key).toMatch(/^imports\/roster\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(8);
    expect(await text((await store.get(stored.key))!.stream)).toBe('a,b\n1,2\n');
    await store.put(stored.key, Buffer.from('new'), { contentType: 'text/plain' });
    const replaced = await store.get(stored.key);
    expect([replaced!.size, replaced!.contentType, await text(replaced!.stream)]).toEqual([3, 'text/plain', 'new']);
    // No temporary file is left behind.
    expect(fs.readdirSync(path.join(root, 'imports', 'roster')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('a failed stream leaves neither a half file nor a temporary one', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('uploads/broken.bin', failing, { contentType: 'application/octet-stream' })).rejects.toThrow('client went away');
    expect(await store.get('uploads/broken.bin')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'uploads'))).toEqual([]);
  });

  it('get answers null for a missing file and delete is idempotent', async () => {
    expect(await store.get('nothing/here.png')).toBeNull();
    await store.put('a/b.txt', Buffer.from('x'), { contentType: 'text/plain' });
    await store.delete('a/b.txt');
    await store.delete('a/b.txt');
    expect(await store.get('a/b.txt')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'a'))).toEqual([]);
  });

  it.each([
    '../outside.txt',
    'a/../../outside.txt',
    '/etc/passwd',
    'a//b',
    '.hidden',
    'a/.git/config',
    'a\\..\\b',
    'name~meta.json',
    'a/b/',
    '',
    'a/b c',
    'x'.repeat(600),
    'a/b/c/d/e/f/g/h/i',
  ])('refuses the key %j: no file is written outside the store', async (key) => {
    const error = await store.put(key, Buffer.from('x'), { contentType: 'text/plain' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FILES_KEY_INVALID');
    expect(await store.get(key)).toBeNull();
    await expect(store.signedUrl(key, { expiresIn: 60 })).rejects.toBeInstanceOf(AppError);
    expect(fs.existsSync(path.join(root, '..', 'outside.txt'))).toBe(false);
  });

  it('refuses a content type that could split a header', async () => {
    await expect(store.put('a.txt', Buffer.from('x'), { contentType: 'text/plain\r\nSet-Cookie: a=b' })).rejects.toBeInstanceOf(AppError);
  });

  it('signs a link that expires: the signature covers the key and the expiry', async () => {
    const url = new URL(await store.signedUrl('reports/r1.pdf', { expiresIn: 300 }), 'http://localhost');
    expect(url.pathname).toBe('/api/files/v1/get');
    const key = url.searchParams.get('key')!;
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    expect([key, exp]).toEqual(['reports/r1.pdf', clock.now().getTime() / 1000 + 300]);
    expect(signer.verify(key, exp, sig, clock.now())).toBe('ok');
    expect(signer.verify('reports/r2.pdf', exp, sig, clock.now())).toBe('invalid');
    expect(signer.verify(key, exp + 3600, sig, clock.now())).toBe('invalid');
    expect(signer.verify(key, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, clock.now())).toBe('invalid');
    expect(signer.verify(key, exp, sig, new Date(exp * 1000))).toBe('expired');
    // Another secret's signature is worthless here.
    expect(createUrlSigner('another-secret-another-secret-another-01').verify(key, exp, sig, clock.now())).toBe('invalid');
  });
});
