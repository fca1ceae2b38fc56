import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTask, startAttempt } from '../../test/factories/academy.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDeps } from '../bootstrap.js';
import { readConfig } from '../config/env.js';
import type { AppDeps } from '../deps.js';
import { createMailer } from './mailer.js';
import { createSmsSender } from './sms.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const filesIn = (dir: string) => fs.readdirSync(dir).map((name) => path.join(dir, name));

let savedUmask: number;
beforeAll(() => {
  // The usual umask: without explicit modes, folders would be 0755 and files 0644.
  savedUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(savedUmask);
});

describe('the data folder is private to the server user', () => {
  let root: string;
  let deps: AppDeps;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-modes-'));
    // An older install left a world-readable data folder behind.
    fs.mkdirSync(path.join(root, 'data'), { mode: 0o755 });
    fs.chmodSync(path.join(root, 'data'), 0o755);
    deps = await createDeps(readConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' }));
  }, 180_000); // Creating an embedded database on disk takes a while on a busy machine.
  afterAll(async () => {
    await deps.database.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps the folder, the database folder, uploads and the token secret private', () => {
    const dataDir = path.join(root, 'data');
    expect(modeOf(dataDir)).toBe(0o700);
    // PGlite's initdb sets its own folder to 0750 (group, as PostgreSQL allows); others get nothing.
    expect(modeOf(path.join(dataDir, 'pglite')) & 0o007).toBe(0);
    expect(modeOf(deps.uploadsDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
  });

  it('writes mailed codes as private .eml files in a private outbox', async () => {
    await deps.mailer.send({ to: 'someone@example.com', subject: 'Your code', text: 'Code 123456' });
    const outbox = path.join(root, 'data', 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    const [eml] = filesIn(outbox).filter((file) => file.endsWith('.eml'));
    expect(eml).toBeDefined();
    expect(modeOf(eml!)).toBe(0o600);
  });

  it('writes texts as private files in a private SMS outbox', async () => {
    const outboxDir = path.join(root, 'data', 'outbox', 'sms');
    await createSmsSender({ outboxDir }).send({ to: '9876543210', text: 'Code 654321' });
    expect(modeOf(outboxDir)).toBe(0o700);
    const [text] = filesIn(outboxDir);
    expect(modeOf(text!)).toBe(0o600);
  });

  it('creates a missing outbox with private parents', async () => {
    const outboxDir = path.join(root, 'fresh', 'outbox');
    await createMailer({ from: 'x@example.com', outboxDir }).send({ to: 'a@example.com', subject: 's', text: 't' });
    expect(modeOf(path.join(root, 'fresh'))).toBe(0o700);
    expect(modeOf(outboxDir)).toBe(0o700);
  });
});

describe('uploaded files are private', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores a proctoring frame as a private file in a private folder', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0xff, 0xd9]);
    const test = await createTestTask(t.deps.db, { task: { isCameraAllowed: true } });
    const student = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, student, test);
    const res = await t.call({
      method: 'POST',
      url: '/api/task/v1/capturePhoto',
      headers: student.headers,
      payload: { dataURL: `data:image/jpeg;base64,${jpeg.toString('base64')}`, taskID: test.task.id, testSessionID: session.TestSessionID },
    });
    expect(res.statusCode).toBe(200);
    const dir = path.join(t.deps.uploadsDir, 'proctoring', session.TestSessionID);
    expect(modeOf(path.join(t.deps.uploadsDir, 'proctoring'))).toBe(0o700);
    expect(modeOf(dir)).toBe(0o700);
    // The frame and the local store's metadata beside it.
    expect(filesIn(dir).map(modeOf)).toEqual([0o600, 0o600]);
  });
});
