import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamSession } from '@app/contracts';
import { createTestTask } from '../../test/factories/academy.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The value of one sample line (`name{labels} value`) of a Prometheus text page, or undefined. */
function sample(page: string, name: string, labels = ''): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(labels ? `${name}{` : `${name} `) && l.includes(labels));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.call({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts requests by route pattern, method and status, with latency', async () => {
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/no/such/call' });
    const page = await scrape();
    expect(sample(page, 'http_requests_total', 'route="/api/health",status_code="200"')).toBe(2);
    expect(sample(page, 'http_requests_total', 'route="unmatched",status_code="404"')).toBe(1);
    expect(sample(page, 'http_request_duration_seconds_count', 'route="/api/health",status_code="200"')).toBe(2);
    expect(page).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/health",status_code="200"}');
  });

  it('counts exam starts, saves and submits that succeeded, not refused ones', async () => {
    const student = await t.createUser();
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 60 }, sections: [{ questions: [{}, {}] }] });
    const before = await scrape();
    const start = await t.call({ method: 'POST', url: '/api/task/v1/practise', headers: student.headers, payload: { taskID: test.task.id, courseID: test.course.id } });
    expect(start.statusCode).toBe(200);
    const session = start.json<{ body: ExamSession }>().body;
    const answer = (seq: number) => ({ questionTaskMapID: test.mapIds[0], questionType: 'singleChoice', answerID: 2, seq, timeSpent: 10 });
    for (const seq of [1, 2]) {
      const saved = await t.call({ method: 'POST', url: '/api/task/v1/saveAnswer', headers: student.headers, payload: { TestSessionID: session.TestSessionID, data: [answer(seq)] } });
      expect(saved.statusCode).toBe(200);
    }
    const refused = await t.call({ method: 'POST', url: '/api/task/v1/saveAnswer', payload: { TestSessionID: session.TestSessionID, data: [answer(3)] } });
    expect(refused.statusCode).toBe(401);
    const submitted = await t.call({ method: 'POST', url: '/api/task/v1/submitTest', headers: student.headers, payload: { TestSessionID: session.TestSessionID, TaskID: test.task.id } });
    expect(submitted.statusCode).toBe(200);
    const after = await scrape();
    const delta = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(delta('exam_attempt_starts_total')).toBe(1);
    expect(delta('exam_answer_saves_total')).toBe(2);
    expect(delta('exam_attempt_submits_total')).toBe(1);
  });

  it('reports the runner and start queues, the database pool (PostgreSQL only) and the process', async () => {
    const page = await scrape();
    expect(sample(page, 'queue_depth', 'queue="runner"')).toBe(0);
    expect(sample(page, 'queue_depth', 'queue="starts"')).toBe(0);
    expect(sample(page, 'queue_depth', 'queue="submits"')).toBe(0);
    await t.app.services.jobs.queue.enqueue('metrics-probe', { n: 1 });
    expect(sample(await scrape(), 'queue_depth', 'queue="jobs"')).toBe(1);
    if (t.deps.database.driver === 'postgres') {
      expect(sample(page, 'db_pool_connections', 'state="max"')).toBe(10);
      expect(sample(page, 'db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(page, 'db_pool_connections', 'state="max"')).toBeUndefined();
    }
    expect(sample(page, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(page, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(sample(page, 'app_draining')).toBe(0);
  });

  it('shows a queue that another module registers, and skips one that cannot be read', async () => {
    t.app.metrics.addQueue('imports', () => 7);
    t.app.metrics.addQueue('broken', () => Promise.reject(new Error('table missing')));
    const page = await scrape();
    expect(sample(page, 'queue_depth', 'queue="imports"')).toBe(7);
    expect(page).not.toContain('queue="broken"');
  });

  it('answers loopback callers only, never one behind a forwarded loopback address', async () => {
    const remote = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    const spoofed = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(403);
    const v6 = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('refuses a loopback caller that is a proxy passing a request on (any forwarding header)', async () => {
    // A load balancer on the same machine connects from loopback; what it forwards came from outside.
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
    ]) {
      const res = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    // Encoded spellings of the path reach the same route and the same refusal.
    for (const url of ['/%6detrics', '/metric%73']) {
      const res = await t.call({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain('http_requests_total');
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('needs the token, from anywhere, loopback included', async () => {
    expect((await t.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(403);
    const remote = await t.call({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('http_requests_total');
  });

  it('refuses a token that is too short to be safe at start', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(/METRICS_TOKEN/);
  });
});
