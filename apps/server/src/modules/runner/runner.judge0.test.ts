import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runnerRoutes, type RunDetails } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { createJudge0Executor, resolveJudge0Languages } from './runner.judge0.js';

/**
 * A fake Judge0 CE on 127.0.0.1 speaking its HTTP API: /languages, batch submissions, batch
 * polling with base64 fields. Each submission is "In Queue" on its first poll. The program text
 * picks the outcome: ECHO prints the input back (with trailing spaces), COMPILE fails to
 * compile, SLOW times out, CRASH exits non-zero, BIG hits SIGXFSZ.
 */
interface FakeSubmission {
  source: string;
  stdin: string;
  languageId: number;
  polls: number;
  cpuLimit: number;
  memoryLimit: number;
}

const fake = { submissions: new Map<string, FakeSubmission>(), batches: 0, polls: 0, authHeaders: [] as string[] };
let server: http.Server;
let baseUrl: string;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

function outcome(sub: FakeSubmission) {
  if (sub.polls <= 1) return { status: { id: 1, description: 'In Queue' } };
  if (sub.source.includes('COMPILE')) return { status: { id: 6, description: 'Compilation Error' }, compile_output: b64('main.c:1: error: expected ;') };
  if (sub.source.includes('SLOW')) return { status: { id: 5, description: 'Time Limit Exceeded' }, time: String(sub.cpuLimit) };
  if (sub.source.includes('CRASH')) return { status: { id: 11, description: 'Runtime Error (NZEC)' }, stderr: b64('Traceback: boom'), memory: 9000 };
  if (sub.source.includes('BIG')) return { status: { id: 8, description: 'Runtime Error (SIGXFSZ)' } };
  // Trailing spaces and blank lines: the shared comparison must ignore them.
  return { status: { id: 3, description: 'Accepted' }, stdout: b64(`${sub.stdin.trim()}   \n\n`), time: '0.012', memory: 3400 };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.authHeaders.push(String(req.headers['x-auth-token'] ?? ''));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/languages') {
      return send(200, [
        { id: 48, name: 'C (GCC 7.4.0)' },
        { id: 50, name: 'C (GCC 9.2.0)' },
        { id: 54, name: 'C++ (GCC 9.2.0)' },
        { id: 62, name: 'Java (OpenJDK 13.0.1)' },
        { id: 70, name: 'Python (2.7.17)' },
        { id: 71, name: 'Python (3.8.1)' },
        { id: 72, name: 'Ruby (2.7.0)' },
        { id: 73, name: 'Rust (1.40.0)' },
      ]);
    }
    if (req.method === 'POST' && url.pathname === '/submissions/batch') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        fake.batches += 1;
        const body = JSON.parse(raw) as { submissions: Array<Record<string, unknown>> };
        if (url.searchParams.get('base64_encoded') !== 'true') return send(400, { error: 'expected base64' });
        const tokens = body.submissions.map((item) => {
          const token = `tok-${fake.submissions.size + 1}`;
          fake.submissions.set(token, {
            source: unb64(String(item.source_code)),
            stdin: unb64(String(item.stdin ?? '')),
            languageId: Number(item.language_id),
            polls: 0,
            cpuLimit: Number(item.cpu_time_limit),
            memoryLimit: Number(item.memory_limit),
          });
          return { token };
        });
        send(201, tokens);
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/submissions/batch') {
      fake.polls += 1;
      const tokens = (url.searchParams.get('tokens') ?? '').split(',');
      return send(200, {
        submissions: tokens.map((token) => {
          const sub = fake.submissions.get(token);
          if (!sub) return { token, status: { id: 13, description: 'Internal Error' } };
          sub.polls += 1;
          return { token, ...outcome(sub) };
        }),
      });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Judge0 adapter', () => {
  it('resolves our languages from /languages, newest version first', () => {
    expect(resolveJudge0Languages([{ id: 48, name: 'C (GCC 7.4.0)' }, { id: 50, name: 'C (GCC 9.2.0)' }, { id: 70, name: 'Python (2.7.17)' }, { id: 71, name: 'Python (3.8.1)' }])).toEqual({
      C: 50,
      Python: 71,
    });
  });

  it('submits a batch, polls until done and maps every status', async () => {
    const executor = createJudge0Executor({ url: baseUrl, capacity: 2, pollMs: 10, authToken: 'judge-token' });
    await executor.start();
    expect(executor.languages().sort()).toEqual(['C', 'C++', 'Java', 'Python', 'Ruby']);
    const job = (source: string, cases: Array<{ input: string; expected: string | null }> = [{ input: 'hello\n', expected: 'hello\n' }]) =>
      executor.execute({ language: 'Python', sourceCode: source, cases, timeLimitMs: 1500, memoryLimitMb: 64, stopOnFailure: false });

    const accepted = await job('ECHO', [
      { input: 'hello\n', expected: 'hello\n' },
      { input: 'world', expected: 'other' },
    ]);
    expect(accepted.verdict).toBe('WA');
    expect(accepted.cases.map((c) => c.verdict)).toEqual(['AC', 'WA']);
    expect(accepted.cases[0]).toMatchObject({ passed: true, timeMs: 12, memoryKb: 3400 });
    const sent = [...fake.submissions.values()].at(-1)!;
    expect(sent).toMatchObject({ languageId: 71, cpuLimit: 1.5, memoryLimit: 64 * 1024 });
    expect(fake.authHeaders).toContain('judge-token');

    const compile = await job('COMPILE');
    expect(compile.verdict).toBe('CE');
    expect(compile.compileOutput).toContain('expected ;');
    expect((await job('SLOW')).verdict).toBe('TLE');
    const crash = await job('CRASH');
    expect(crash.verdict).toBe('RE');
    expect(crash.cases[0]!.stderr).toContain('boom');
    expect((await job('BIG')).verdict).toBe('OLE');
    expect((await job('ECHO', [{ input: 'free', expected: null }])).cases[0]).toMatchObject({ verdict: 'AC', passed: null, stdout: 'free   \n\n' });
  });

  it('ends in IE when Judge0 is unreachable, and refuses to start without it', async () => {
    const dead = createJudge0Executor({ url: 'http://127.0.0.1:9', capacity: 1 });
    await expect(dead.start()).rejects.toThrow();
  });
});

describe('the API on Judge0 (JUDGE0_URL)', () => {
  let t: TestApp;
  let student: TestUser;
  let test: BuiltTest;

  beforeAll(async () => {
    t = await createTestApp({ env: { JUDGE0_URL: baseUrl } });
    student = await t.createUser({ role: 'Student' });
    test = await createTestTask(t.deps.db, {
      sections: [
        {
          questions: [
            {
              questionType: 'programming',
              options: [],
              correctAnswerId: null,
              programming: { codeStubs: {}, allowedLanguages: ['*'], inputFormat: '', outputFormat: '', constraints: '', timeLimitMs: 1000, memoryLimitMb: 64 },
              sampleCases: [{ input: 'abc\n', output: 'abc\n' }],
              hiddenCases: [{ input: 'x\n', output: 'x\n' }],
            },
          ],
        },
      ],
    });
  }, 60_000);
  afterAll(() => t.close());

  it('runs through Judge0 and reports the same verdicts', async () => {
    const health = await t.call({ method: 'GET', url: '/api/runner/v1/health' });
    expect(health.json().body).toMatchObject({ backend: 'judge0', state: 'ready' });
    const questionID = test.sections[0]!.questions[0]!.question.id;
    const res = await callAs(t, student, runnerRoutes.run, {
      body: { taskID: test.task.id, questionID, languageID: 'Ruby', sourceCode: 'ECHO', type: 'run' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const runID = res.json().body.runID;
    let details: RunDetails | null = null;
    for (let i = 0; i < 200; i += 1) {
      details = (await callAs(t, student, runnerRoutes.getRunDetails, { query: { runID } })).json().body;
      if (details!.statusCode !== 'PE') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(details).toMatchObject({ statusCode: 'AC', resultDesc: { verdict: 'AC', passed: 1, total: 1 } });
    expect([...fake.submissions.values()].at(-1)!.languageId).toBe(72);
  }, 30_000);
});
