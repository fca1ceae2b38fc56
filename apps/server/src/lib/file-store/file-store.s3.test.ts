import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config/env.js';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { tinyPng } from '../../../test/fixtures/files.js';
import { systemClock } from '../clock.js';
import { AppError } from '../errors.js';
import type { FileStore } from './file-store.js';
import { createFileStore } from './file-store.factory.js';
import { createUrlSigner } from './file-store.signing.js';

const BUCKET = 'neetprep-files';
let s3: FakeS3;
let store: FileStore;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: BUCKET, accessKeyId: 'AKIAFAKEFAKE' });
  // Built from configuration, as the server builds it.
  const config = readConfig({
    NODE_ENV: 'test',
    FILE_STORE: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'ap-south-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'AKIAFAKEFAKE',
    S3_SECRET_ACCESS_KEY: 'fake-secret-key',
    S3_FORCE_PATH_STYLE: 'true',
  });
  store = createFileStore(config, { signer: createUrlSigner('unused-secret-unused-secret-unused-01'), clock: systemClock });
});
afterAll(() => s3.close());

describe('S3 file store (against an in-process S3-compatible server)', () => {
  it('round-trips bytes and a stream with their content type, signed with the configured key', async () => {
    const png = tinyPng();
    expect(store.backend).toBe('s3');
    expect(await store.put('editor/images/a.png', png, { contentType: 'image/png' })).toEqual({
      key: 'editor/images/a.png',
      size: png.length,
      contentType: 'image/png',
    });
    expect(s3.objects.get('editor/images/a.png')).toEqual({ body: png, contentType: 'image/png' });
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/${BUCKET}/editor/images/a.png`);
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKEFAKE\/\d{8}\/ap-south-1\/s3\/aws4_request/);

    const file = await store.get('editor/images/a.png');
    expect([file!.size, file!.contentType]).toEqual([png.length, 'image/png']);
    expect(await buffer(file!.stream)).toEqual(png);

    const streamed = await store.put({ prefix: 'imports' }, Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), { contentType: 'text/csv' });
    expect(streamed.key).toMatch(/^imports\/[0-9a-f-]{36}$/);
    expect(s3.objects.get(streamed.key)!.body.toString()).toBe('a,b\n1,2\n');
  });

  it('get answers null for a missing object; delete removes it and is idempotent', async () => {
    expect(await store.get('missing/file.pdf')).toBeNull();
    await store.put('tmp/x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    await store.delete('tmp/x.txt');
    await store.delete('tmp/x.txt');
    expect(s3.objects.has('tmp/x.txt')).toBe(false);
    expect(await store.get('tmp/x.txt')).toBeNull();
  });

  it('gives a presigned GET the bucket serves until it expires', async () => {
    await store.put('reports/r.pdf', Buffer.from('%PDF-1.4 report'), { contentType: 'application/pdf' });
    const url = new URL(await store.signedUrl('reports/r.pdf', { expiresIn: 120 }));
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/reports/r.pdf`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 report');

    // Backdate the signature by more than its life: the service refuses it.
    url.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(url)).status).toBe(403);
  });

  it('refuses unsafe keys before any request is made', async () => {
    const before = s3.requests.length;
    await expect(store.put('../escape', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(AppError);
    await expect(store.delete('a/../../b')).rejects.toBeInstanceOf(AppError);
    expect(await store.get('../escape')).toBeNull();
    expect(s3.requests.length).toBe(before);
  });
});

describe('file store configuration', () => {
  it('asks for the bucket and region with FILE_STORE=s3, and for both halves of a key pair', () => {
    expect(() => readConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: required when FILE_STORE=s3[\s\S]*S3_REGION/);
    expect(() => readConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(readConfig({}).FILE_STORE).toBe('local');
  });
});
