import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import { AppError } from '../errors.js';
import { plainZip, tinyCsv, tinyJpeg, tinyMp4, tinyOgg, tinyOoxml, tinyPdf, tinyPng, tinyWebm, tinyWebp } from '../../../test/fixtures/files.js';
import { detectFileType } from './file-store.sniffing.js';
import {
  acceptUpload,
  CAMERA_FRAME_POLICY,
  CHALLENGE_IMAGE_POLICY,
  DOCUMENT_UPLOAD_POLICY,
  IMAGE_UPLOAD_POLICY,
  SPREADSHEET_UPLOAD_POLICY,
  VIDEO_UPLOAD_POLICY,
} from './file-store.uploads.js';

describe('detectFileType', () => {
  it.each([
    ['jpeg', tinyJpeg(), 'image/jpeg'],
    ['png', tinyPng(), 'image/png'],
    ['webp', tinyWebp(), 'image/webp'],
    ['pdf', tinyPdf(), 'application/pdf'],
    ['xlsx', tinyOoxml('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['docx', tinyOoxml('docx'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pptx', tinyOoxml('pptx'), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['csv', tinyCsv(), 'text/csv; charset=utf-8'],
    ['webm', tinyWebm(), 'video/webm'],
    ['ogg', tinyOgg(), 'video/ogg'],
    ['mp4', tinyMp4(), 'video/mp4'],
  ] as const)('recognises a real %s file by its bytes', async (kind, bytes, mime) => {
    expect(await detectFileType(bytes)).toMatchObject({ kind, mime });
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['a zip that is not an office document', plainZip()],
    ['a zip whose [Content_Types].xml declares no office main part', tinyOoxml('xlsx', { declareMainPart: false })],
    ['a truncated zip', tinyOoxml('docx').subarray(0, 40)],
    ['text with a NUL byte', Buffer.from('a,b\n1,\u00002\n')],
    ['text with an escape character', Buffer.from('a,b\n\u001b[31m,2\n')],
    ['bytes that are not UTF-8', Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])],
    ['a Windows program', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')])],
    ['a GIF image (not accepted anywhere)', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
  ])('refuses %s', async (_label, bytes) => {
    expect(await detectFileType(bytes)).toBeNull();
  });
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('acceptUpload', () => {
  it('accepts each policy’s kinds and returns what the file is', async () => {
    expect((await acceptUpload(tinyPng(), IMAGE_UPLOAD_POLICY)).kind).toBe('png');
    expect((await acceptUpload(tinyJpeg(), CAMERA_FRAME_POLICY)).kind).toBe('jpeg');
    expect((await acceptUpload(tinyWebp(), CHALLENGE_IMAGE_POLICY)).kind).toBe('webp');
    // WebP is a challenge's picture only: an editor image stays JPEG or PNG.
    expect((await refusal(acceptUpload(tinyWebp(), IMAGE_UPLOAD_POLICY))).code).toBe('FILES_TYPE_NOT_ALLOWED');
    expect((await acceptUpload(tinyWebm(), VIDEO_UPLOAD_POLICY)).kind).toBe('webm');
    expect((await acceptUpload(tinyCsv(), SPREADSHEET_UPLOAD_POLICY)).kind).toBe('csv');
    expect((await acceptUpload(tinyOoxml('xlsx'), SPREADSHEET_UPLOAD_POLICY)).kind).toBe('xlsx');
    expect((await acceptUpload(tinyOoxml('pptx'), DOCUMENT_UPLOAD_POLICY)).kind).toBe('pptx');
  });

  it('checks the content, not the name: a renamed file is refused with 400 naming the allowed kinds', async () => {
    // A PDF sent as "photo.jpg", HTML sent as an image, a PNG as a camera frame, a zip as a sheet.
    for (const [bytes, policy] of [
      [tinyPdf(), IMAGE_UPLOAD_POLICY],
      [Buffer.from('<html><script>alert(1)</script></html>'), IMAGE_UPLOAD_POLICY],
      [tinyPng(), CAMERA_FRAME_POLICY],
      [plainZip(), SPREADSHEET_UPLOAD_POLICY],
      [tinyMp4(), IMAGE_UPLOAD_POLICY],
    ] as const) {
      const error = await refusal(acceptUpload(bytes, policy));
      expect(error.code).toBe('FILES_TYPE_NOT_ALLOWED');
      expect(error.statusCode).toBe(400);
    }
    const error = await refusal(acceptUpload(tinyPdf(), IMAGE_UPLOAD_POLICY));
    expect(error.detail).toMatchObject({ en: expect.stringContaining('allowed: JPEG, PNG'), tn: expect.stringContaining('JPEG, PNG') });
  });

  it('refuses files over the policy’s size with 413 and the limit in both languages, and empty files with 400', async () => {
    const big = Buffer.concat([tinyJpeg(), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const tooBig = await refusal(acceptUpload(big, IMAGE_UPLOAD_POLICY));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.code).toBe('FILES_TOO_LARGE');
    expect(tooBig.detail).toEqual({ en: expect.stringContaining('at most 5 MB'), tn: expect.stringContaining('அதிகபட்சம் 5 MB') });
    // Exactly at the limit is allowed.
    const atLimit = Buffer.concat([tinyMp4(), Buffer.alloc(VIDEO_UPLOAD_MAX_BYTES - tinyMp4().length)]);
    expect((await acceptUpload(atLimit, VIDEO_UPLOAD_POLICY)).kind).toBe('mp4');
    const overLimit = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect((await refusal(acceptUpload(overLimit, VIDEO_UPLOAD_POLICY))).statusCode).toBe(413);
    const empty = await refusal(acceptUpload(Buffer.alloc(0), IMAGE_UPLOAD_POLICY));
    expect([empty.statusCode, empty.code]).toEqual([400, 'FILES_EMPTY']);
  });
});
