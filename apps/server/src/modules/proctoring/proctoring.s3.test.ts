import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { createTestTask, startAttempt } from '../../../test/factories/academy.js';
import { tinyJpeg } from '../../../test/fixtures/files.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let s3: FakeS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'frames', accessKeyId: 'AKIAFRAMES' });
  t = await createTestApp({
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: 'frames',
      S3_REGION: 'ap-south-1',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'AKIAFRAMES',
      S3_SECRET_ACCESS_KEY: 'frames-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('camera frames with FILE_STORE=s3', () => {
  it('stores the frame in the bucket and shows it to staff from there', async () => {
    const student = await t.createUser({ role: 'Student' });
    // Staff see frames of students in their scope: the client's admin reaches every student of the client.
    const teacher = await t.createUser({ role: 'ClientAdmin' });
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const s = await startAttempt(t, student, test);
    const dataURL = `data:image/jpeg;base64,${tinyJpeg().toString('base64')}`;
    const res = await t.call({
      method: 'POST',
      url: '/api/task/v1/capturePhoto',
      headers: student.headers,
      payload: { dataURL, taskID: test.task.id, testSessionID: s.TestSessionID },
    });
    expect(res.statusCode).toBe(200);
    const keys = [...s3.objects.keys()];
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^proctoring/${s.TestSessionID}/\\d+-[0-9a-f]{8}\\.jpg$`))]);
    expect(s3.objects.get(keys[0]!)).toEqual({ body: tinyJpeg(), contentType: 'image/jpeg' });

    const one = await t.call({ method: 'GET', url: `/api/task/v1/attemptPhoto?frameId=${res.json().body.frameId}`, headers: teacher.headers });
    expect(one.json().body.dataURL).toBe(dataURL);
  });
});
