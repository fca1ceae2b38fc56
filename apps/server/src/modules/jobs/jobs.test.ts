import { jobsRoutes, type Job, type JobList } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { jobItemErrors, jobs, users } from '../../db/schema/index.js';

let t: TestApp;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await t.createUser({ role: 'Teacher' });
  otherTeacher = await t.createUser({ role: 'Teacher' });
  student = await t.createUser({ role: 'Student' });
  await t.deps.db.update(users).set({ instituteId: 7 }).where(eq(users.id, teacher.id));
  // The app's own queue, driven by hand as a screen's import would be.
  t.app.services.jobs.queue.registerHandler<{ rows: string[] }, { imported: number }>('test-import', async (job, ctx) => {
    ctx.progress(0, job.payload.rows.length);
    let imported = 0;
    for (const [index, value] of job.payload.rows.entries()) {
      if (value === '') ctx.itemError(`row ${index + 1}`, 'The name is empty.');
      else imported += 1;
      ctx.progress(index + 1);
    }
    return { imported };
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.execute(sql`TRUNCATE ${jobItemErrors}, ${jobs}`);
});

const queue = () => t.app.services.jobs.queue;
const getJob = (user: TestUser | null, id: string) => callAs(t, user, jobsRoutes.get, { query: { id } });

describe('GET /jobs/v1/get', () => {
  it('shows the requester the state, progress, kept item errors and result as the job moves', async () => {
    const id = await queue().enqueue('test-import', { rows: ['Kaveri', '', 'Malar', ''] }, { requestedBy: teacher.id });
    const queued = await getJob(teacher, id);
    expect(queued.statusCode).toBe(200);
    expect(queued.json<{ body: Job }>().body).toMatchObject({
      id,
      kind: 'test-import',
      state: 'queued',
      progress: { done: 0, total: null },
      errorCount: 0,
      errors: [],
      result: null,
      attempts: 0,
      maxAttempts: 3,
      startedAt: null,
      finishedAt: null,
    });
    await queue().runOnce();
    const done = (await getJob(teacher, id)).json<{ body: Job }>().body;
    expect(done).toMatchObject({
      state: 'succeeded',
      progress: { done: 4, total: 4 },
      errorCount: 2,
      errors: [
        { item: 'row 2', message: 'The name is empty.' },
        { item: 'row 4', message: 'The name is empty.' },
      ],
      result: { imported: 2 },
      attempts: 1,
      failure: null,
    });
    expect(done.finishedAt).toBe(t.clock.now().toISOString());
    // The requester's institute was recorded for scoping.
    const [stored] = await t.deps.db.select({ instituteId: jobs.instituteId }).from(jobs).where(eq(jobs.id, id));
    expect(stored?.instituteId).toBe(7);
  });

  it('answers 404 for another user’s job, a system job and an unknown id; 401 without a token; 400 for a bad id', async () => {
    const id = await queue().enqueue('test-import', { rows: ['a'] }, { requestedBy: teacher.id });
    const systemJob = await queue().enqueue('test-import', { rows: ['a'] });
    for (const [user, jobId] of [
      [otherTeacher, id],
      [student, id],
      [teacher, systemJob],
      [teacher, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await getJob(user, jobId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'JOBS_NOT_FOUND' } });
    }
    expect((await getJob(null, id)).statusCode).toBe(401);
    for (const bad of ['12', 'not-a-uuid', '']) {
      const res = await getJob(teacher, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
  });
});

describe('GET /jobs/v1/list', () => {
  it('lists only the caller’s jobs, newest first, filtered and paged', async () => {
    const first = await queue().enqueue('test-import', { rows: ['a'] }, { requestedBy: teacher.id });
    t.clock.advance(1000);
    const second = await queue().enqueue('test-import', { rows: ['b'] }, { requestedBy: teacher.id });
    t.clock.advance(1000);
    await queue().enqueue('test-import', { rows: ['c'] }, { requestedBy: otherTeacher.id });
    await queue().runOnce();
    t.clock.advance(1000);
    const third = await queue().enqueue('test-import', { rows: ['d'] }, { requestedBy: teacher.id });

    const all = (await callAs(t, teacher, jobsRoutes.list)).json<{ body: JobList }>().body;
    expect(all.total).toBe(3);
    expect(all.items.map((j) => j.id)).toEqual([third, second, first]);
    expect(all.items[0]).not.toHaveProperty('payload');

    const queued = (await callAs(t, teacher, jobsRoutes.list, { query: { state: 'queued' } })).json<{ body: JobList }>().body;
    expect(queued.items.map((j) => j.id)).toEqual([third]);
    const page = (await callAs(t, teacher, jobsRoutes.list, { query: { limit: 1, offset: 1 } })).json<{ body: JobList }>().body;
    expect([page.total, page.items.map((j) => j.id)]).toEqual([3, [second]]);
    expect((await callAs(t, student, jobsRoutes.list)).json<{ body: JobList }>().body).toEqual({ items: [], total: 0 });

    expect((await callAs(t, null, jobsRoutes.list)).statusCode).toBe(401);
    for (const query of [{ state: 'done' }, { limit: 0 }, { limit: 101 }, { offset: -1 }] as Array<Record<string, string | number>>) {
      expect((await callAs(t, teacher, jobsRoutes.list, { query })).statusCode).toBe(400);
    }
  });
});

describe('POST /jobs/v1/cancel', () => {
  it('cancels the requester’s queued job; a finished one answers 409; others 404; bad input 400; no token 401', async () => {
    const id = await queue().enqueue('test-import', { rows: ['a'] }, { requestedBy: teacher.id, delayMs: 60_000 });
    expect((await callAs(t, otherTeacher, jobsRoutes.cancel, { body: { id } })).statusCode).toBe(404);
    expect((await callAs(t, null, jobsRoutes.cancel, { body: { id } })).statusCode).toBe(401);
    expect((await callAs(t, teacher, jobsRoutes.cancel, { body: { id: 'x' } })).statusCode).toBe(400);
    expect((await callAs(t, teacher, jobsRoutes.cancel, { body: {} })).statusCode).toBe(400);
    expect((await getJob(teacher, id)).json<{ body: Job }>().body.state).toBe('queued');

    const res = await callAs(t, teacher, jobsRoutes.cancel, { body: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ body: Job }>().body).toMatchObject({ id, state: 'cancelled', cancelRequested: true });
    t.clock.advance(120_000);
    expect(await queue().runOnce()).toBe(0);

    const again = await callAs(t, teacher, jobsRoutes.cancel, { body: { id } });
    expect([again.statusCode, again.json().body.code]).toEqual([409, 'JOBS_ALREADY_FINISHED']);
  });
});
