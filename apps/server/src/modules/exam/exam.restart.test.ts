import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExamSession } from '@app/contracts';
import { buildApp } from '../../app.js';
import { readConfig } from '../../config/env.js';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { ManualClock } from '../../lib/clock.js';
import { createMailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTokenSigner } from '../../lib/tokens.js';
import { createFileDeps } from '../../lib/file-store/index.js';
import { createTestTask } from '../../../test/factories/academy.js';
import { TEST_PASSWORD_HASH_MEMORY_KIB } from '../../../test/test-app.js';

/**
 * A real stop and start: the embedded database is closed and opened again from its folder, and a
 * new app is built on it, as when the server process restarts mid-test.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const clock = new ManualClock(new Date('2026-03-01T09:00:00Z'));
const SECRET = 'restart-secret-restart-secret-restart-0';

async function boot() {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const config = readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') }),
    tokens: createTokenSigner(SECRET, 3600 * 12),
    uploadsDir: path.join(dataDir, 'uploads'),
    ...createFileDeps(config, { secret: SECRET, clock }),
  };
  const app = await buildApp(deps);
  await app.ready();
  return { app, deps, stop: async () => (await app.close(), await database.close()) };
}

describe('server restart mid-attempt', () => {
  it('keeps every confirmed answer and the remaining time', async () => {
    const first = await boot();
    const [user] = await first.deps.db
      .insert(users)
      .values({ username: 'restart1', email: 'restart1@example.com', role: 'Student', passwordHash: await hashPassword('secret123', TEST_PASSWORD_HASH_MEMORY_KIB), emailVerified: true })
      .returning();
    const login = await first.app.services.auth.startSession(user!, undefined);
    const headers = { authorization: `Bearer ${login.token}` };
    const test = await createTestTask(first.deps.db, { task: { durationMinutes: 90 }, sections: [{ questions: [{}, {}, {}] }] });
    const start = await first.app.inject({ method: 'POST', url: '/api/task/v1/practise', headers, payload: { taskID: test.task.id, courseID: test.course.id } });
    const session = JSON.parse(start.body).body as ExamSession;
    clock.advance(20 * 60_000);
    const saved = await first.app.inject({
      method: 'POST',
      url: '/api/task/v1/saveAnswer',
      headers,
      payload: {
        TestSessionID: session.TestSessionID,
        data: [
          { questionTaskMapID: test.mapIds[0], questionType: 'singleChoice', answerID: 2, seq: 4, timeSpent: 90 },
          { questionTaskMapID: test.mapIds[2], questionType: 'singleChoice', answerID: 3, seq: 2, timeSpent: 30 },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    await first.stop();

    clock.advance(5 * 60_000);
    const second = await boot();
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/task/v1/getSessionDetails',
        headers,
        payload: { TestSessionID: session.TestSessionID, taskID: test.task.id },
      });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body).body as ExamSession;
      expect(body.RemainingTime).toBe(65 * 60);
      expect(body.section[0]!.question.map((q) => [q.answerID, q.seq, q.timeSpent])).toEqual([
        [2, 4, 90],
        [null, 0, 0],
        [3, 2, 30],
      ]);
      const submitted = await second.app.inject({ method: 'POST', url: '/api/task/v1/submitTest', headers, payload: { TestSessionID: session.TestSessionID, TaskID: test.task.id } });
      expect(JSON.parse(submitted.body).body).toMatchObject({ scored: 3, total: 12 });
    } finally {
      await second.stop();
    }
    // Two embedded databases are opened from disk; slow on a busy machine.
  }, 180_000);
});
