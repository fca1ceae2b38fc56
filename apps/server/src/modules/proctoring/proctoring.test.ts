import fs from 'node:fs';
import path from 'node:path';
import { proctoringRoutes } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, startAttempt } from '../../../test/factories/academy.js';
import { createExamTestApp, expectAccessMatrix, jsonCalls } from '../../../test/exam-fixtures.js';
import { tinyPdf, tinyPng } from '../../../test/fixtures/files.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

describe('POST /api/task/v1/capturePhoto and staff frames', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0xff, 0xd9]);
  const dataURL = `data:image/jpeg;base64,${jpeg.toString('base64')}`;

  it('stores a JPEG frame with its time and attempt; staff can list and view it', async () => {
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const res = await post('/api/task/v1/capturePhoto', me, { dataURL, taskID: test.task.id, user: me.email, testSessionID: s.TestSessionID, courseID: test.course.id });
    expect(res.statusCode).toBe(200);
    const { frameId, capturedAt } = res.json().body;
    expect(capturedAt).toBe(t.clock.now().toISOString());
    // Through the file store: one private JPEG file under the attempt's folder.
    const dir = path.join(t.deps.uploadsDir, 'proctoring', s.TestSessionID);
    const frames = fs.readdirSync(dir).filter((name) => name.endsWith('.jpg'));
    expect(frames).toHaveLength(1);
    expect(fs.statSync(path.join(dir, frames[0]!)).mode & 0o777).toBe(0o600);
    const stored = await t.deps.fileStore.get(`proctoring/${s.TestSessionID}/${frames[0]}`);
    expect([stored?.contentType, stored?.size]).toEqual(['image/jpeg', jpeg.length]);
    stored?.stream.destroy();
    const list = await get(`/api/task/v1/attemptPhotos?attemptId=${s.TestSessionID}`, teacher);
    expect(list.json().body.frames).toEqual([{ frameId, capturedAt, bytes: jpeg.length }]);
    expect([list.json().body.tabChangeWarnings, list.json().body.screenInactive]).toEqual([0, null]);
    const one = await get(`/api/task/v1/attemptPhoto?frameId=${frameId}`, teacher);
    expect(one.json().body.dataURL).toBe(dataURL);
    expect((await get(`/api/task/v1/attemptPhotos?attemptId=${s.TestSessionID}`, me)).statusCode).toBe(403);
    expect((await get(`/api/task/v1/attemptPhoto?frameId=${frameId}`, me)).statusCode).toBe(403);
    expect((await get(`/api/task/v1/attemptPhotos?attemptId=nope`, teacher)).statusCode).toBe(404);
  });

  it('shows staff the tab-away record the player sent with its saves', async () => {
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const away = [{ start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T10:00:40.000Z' }];
    const saved = await post('/api/task/v1/saveSessionDetails', me, { TestSessionID: s.TestSessionID, tabChangeWarnings: 1 });
    expect(saved.statusCode).toBe(200);
    const data = [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 }];
    const answered = await post('/api/task/v1/saveAnswer', me, { TestSessionID: s.TestSessionID, data, screenInactive: away });
    expect(answered.statusCode).toBe(200);
    const review = (await get(`/api/task/v1/attemptPhotos?attemptId=${s.TestSessionID}`, teacher)).json().body;
    expect([review.tabChangeWarnings, review.screenInactive]).toEqual([1, away]);
    // Another student's attempt is not the student's to review.
    expect((await get(`/api/task/v1/attemptPhotos?attemptId=${s.TestSessionID}`, me)).statusCode).toBe(403);
  });

  it('still shows frames stored before the file store, and answers 404 when a frame’s file is gone', async () => {
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const res = await post('/api/task/v1/capturePhoto', me, { dataURL, taskID: test.task.id, testSessionID: s.TestSessionID });
    const { frameId } = res.json().body;
    const dir = path.join(t.deps.uploadsDir, 'proctoring', s.TestSessionID);
    // An older frame: the bytes alone, without the store's metadata file.
    for (const name of fs.readdirSync(dir)) if (name.endsWith('~meta.json')) fs.rmSync(path.join(dir, name));
    expect((await get(`/api/task/v1/attemptPhoto?frameId=${frameId}`, teacher)).json().body.dataURL).toBe(dataURL);
    for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name));
    const gone = await get(`/api/task/v1/attemptPhoto?frameId=${frameId}`, teacher);
    expect([gone.statusCode, gone.json().status]).toEqual([404, false]);
  });

  it('refuses a frame that is a PNG or PDF inside a JPEG data URL, and writes nothing', async () => {
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const s = await startAttempt(t, student, test);
    for (const bytes of [tinyPng(), tinyPdf()]) {
      const res = await post('/api/task/v1/capturePhoto', student, { dataURL: `data:image/jpeg;base64,${bytes.toString('base64')}`, taskID: test.task.id, testSessionID: s.TestSessionID });
      expect([res.statusCode, res.json().body.code]).toEqual([422, 'EXAM_PHOTO_INVALID']);
    }
    expect(fs.existsSync(path.join(t.deps.uploadsDir, 'proctoring', s.TestSessionID))).toBe(false);
    expect((await get(`/api/task/v1/attemptPhotos?attemptId=${s.TestSessionID}`, teacher)).json().body.frames).toEqual([]);
  });

  it('checks the content, the camera flag and the owner', async () => {
    const me = await t.createUser({ role: 'Student' });
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const s = await startAttempt(t, me, test);
    const fake = `data:image/jpeg;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    const notJpeg = await post('/api/task/v1/capturePhoto', me, { dataURL: fake, taskID: test.task.id, testSessionID: s.TestSessionID });
    expect(notJpeg.statusCode).toBe(422);
    expect((await post('/api/task/v1/capturePhoto', me, { dataURL: 'data:image/png;base64,AAAA', taskID: test.task.id, testSessionID: s.TestSessionID })).statusCode).toBe(400);
    expect((await post('/api/task/v1/capturePhoto', other, { dataURL, taskID: test.task.id, testSessionID: s.TestSessionID })).statusCode).toBe(404);
    expect((await post('/api/task/v1/capturePhoto', teacher, { dataURL, taskID: test.task.id, testSessionID: s.TestSessionID })).statusCode).toBe(403);
    expect((await post('/api/task/v1/capturePhoto', undefined, { dataURL, taskID: test.task.id, testSessionID: s.TestSessionID })).statusCode).toBe(401);
    const noCamera = await createTestTask(t.deps.db);
    // A second student: one graded test is in progress at a time.
    const classmate = await t.createUser({ role: 'Student' });
    const n = await startAttempt(t, classmate, noCamera);
    expect((await post('/api/task/v1/capturePhoto', classmate, { dataURL, taskID: noCamera.task.id, testSessionID: n.TestSessionID })).statusCode).toBe(422);
  });
});

describe('access matrix (every proctoring call)', () => {
  it('answers 401 without a token, 403 for the wrong role, 400 for missing input, 404 for unknown records', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    await expectAccessMatrix(t, proctoringRoutes, { student, teacher, parent }, {
      samples: {
        capturePhoto: { body: { dataURL: 'data:image/jpeg;base64,AAAA', taskID: 999999, testSessionID: 'x' } },
        listPhotos: { query: 'attemptId=x' },
        getPhoto: { query: 'frameId=999999' },
      },
    });
    expect((await get('/api/task/v1/attemptPhoto?frameId=999999', teacher)).statusCode).toBe(404);
  });
});
