import { questionBankRoutes, RUN_MAX_PENDING_PER_USER, RUN_RATE_PER_MINUTE, runnerRoutes, type RunDetails } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, runs } from '../../db/schema/index.js';
import { bareActor } from '../../lib/actor.js';
import { createTestTask, startAttempt, type BuiltTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import type { Executor } from './runner.executor.js';
import { createLocalExecutor } from './runner.local.js';
import { createRunnerRepository, STORED_NUL, storable } from './runner.repository.js';
import { createRunnerService } from './runner.service.js';

// API-level tests of the runner: real sandbox, real database, the exam engine's questions.

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let teacher: TestUser;
let test: BuiltTest;
let questionId: number;
let mapId: number;
/** The same problem, set to show a Submit's verdict per hidden case. */
let perCaseQuestionId: number;

const SUM_OK = 'a, b = map(int, input().split())\nprint(a + b)';
// Right on small numbers only: fails the hidden case with a large sum.
const SUM_PARTIAL = 'a, b = map(int, input().split())\nprint(a + b if a + b < 1000 else 0)';

beforeAll(async () => {
  t = await createTestApp({ env: { RUNNER_SLOTS: '2' } });
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'SchoolStudent' });
  teacher = await t.createUser({ role: 'Teacher' });
  test = await createTestTask(t.deps.db, {
    sections: [
      {
        questions: [
          {
            questionType: 'programming',
            options: [],
            correctAnswerId: null,
            programming: {
              codeStubs: {},
              allowedLanguages: ['Python', 'C'],
              inputFormat: 'two integers',
              outputFormat: 'their sum',
              constraints: '',
              timeLimitMs: 1000,
              memoryLimitMb: 128,
            },
            sampleCases: [
              { input: '2 3\n', output: '5\n' },
              { input: '10 20\n', output: '30\n' },
            ],
            hiddenCases: [
              { input: '1 1\n', output: '2\n' },
              { input: '100 200\n', output: '300\n' },
              { input: '999 999\n', output: '1998\n' },
            ],
          },
          {
            questionType: 'programming',
            options: [],
            correctAnswerId: null,
            programming: {
              codeStubs: {},
              allowedLanguages: ['Python'],
              inputFormat: 'two integers',
              outputFormat: 'their sum',
              constraints: '',
              timeLimitMs: 1000,
              memoryLimitMb: 128,
              hiddenCaseResults: 'perCase',
            },
            sampleCases: [{ input: '2 3\n', output: '5\n' }],
            hiddenCases: [
              { input: '1 1\n', output: '2\n' },
              { input: '999 999\n', output: '1998\n' },
              { input: '100 200\n', output: '300\n' },
            ],
          },
        ],
      },
    ],
  });
  questionId = test.sections[0]!.questions[0]!.question.id;
  perCaseQuestionId = test.sections[0]!.questions[1]!.question.id;
  mapId = test.sections[0]!.questions[0]!.mapId;
}, 120_000);
afterAll(() => t.close());

function runBody(overrides: Record<string, unknown> = {}) {
  return { taskID: test.task.id, questionID: questionId, languageID: 'Python', sourceCode: SUM_OK, type: 'run', userId: 'ignored', ...overrides };
}

async function startRun(user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await callAs(t, user, runnerRoutes.run, { body: runBody(overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body.runID;
}

async function waitForRun(user: TestUser, runID: string, timeoutMs = 60_000): Promise<RunDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await callAs(t, user, runnerRoutes.getRunDetails, { query: { runID } });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json().body as RunDetails;
    if (details.statusCode !== 'PE') return details;
    if (Date.now() > deadline) throw new Error(`run ${runID} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function runCount(): Promise<number> {
  const [row] = await t.deps.db.select({ n: count() }).from(runs);
  return row!.n;
}

describe('POST /task/v1/run and GET /task/v1/getRunDetails', () => {
  it('runs on the sample cases and shows output per case', async () => {
    const runID = await startRun(alice);
    const details = await waitForRun(alice, runID);
    expect(details).toMatchObject({ runID, statusCode: 'AC', type: 'run', languageID: 'Python', questionID: questionId, sourceCode: SUM_OK });
    expect(details.resultDesc).toMatchObject({ verdict: 'AC', passed: 2, total: 2 });
    expect(details.resultDesc!.cases[0]).toMatchObject({ passed: true, input: '2 3\n', expectedOutput: '5\n', stdout: '5\n', stderr: '' });
    expect(details.resultDesc!.cases[0]!.memoryKb).toBeGreaterThan(0);
  }, 60_000);

  it('answers PE while the run is pending', async () => {
    const runID = await startRun(alice, { sourceCode: 'import time\ntime.sleep(0.5)\nprint(5)' });
    const res = await callAs(t, alice, runnerRoutes.getRunDetails, { query: { runID } });
    expect(res.json().body).toMatchObject({ statusCode: 'PE', resultDesc: null });
    expect((await waitForRun(alice, runID)).statusCode).toBe('WA');
  }, 60_000);

  it('runs custom input and shows the output without judging it', async () => {
    const runID = await startRun(alice, { customInput: '7 8\n' });
    const details = await waitForRun(alice, runID);
    expect(details.statusCode).toBe('AC');
    expect(details.resultDesc!.cases).toHaveLength(1);
    expect(details.resultDesc!.cases[0]).toMatchObject({ passed: null, stdout: '15\n', input: '7 8\n' });
  }, 60_000);

  it('shows compile errors for a Run', async () => {
    const runID = await startRun(alice, { languageID: 'C', sourceCode: 'int main(void) { return nope; }' });
    const details = await waitForRun(alice, runID);
    expect(details.statusCode).toBe('CE');
    expect(details.resultDesc!.compileOutput).toMatch(/nope/);
  }, 60_000);

  it('a question set to show hidden cases per case gives each verdict on Submit, never their data', async () => {
    const session = await startAttempt(t, alice, test);
    const res = await callAs(t, alice, runnerRoutes.run, {
      body: runBody({ type: 'submit', questionID: perCaseQuestionId, TestSessionID: session.TestSessionID, sourceCode: SUM_PARTIAL, userId: undefined }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = await waitForRun(alice, res.json().body.runID);
    expect(details.resultDesc).toMatchObject({ verdict: 'WA', passed: 2, total: 3 });
    expect(details.resultDesc!.cases.map((c) => [c.index, c.verdict, c.passed])).toEqual([
      [0, 'AC', true],
      [1, 'WA', false],
      [2, 'AC', true],
    ]);
    for (const c of details.resultDesc!.cases) {
      expect(Object.keys(c).sort()).toEqual(['index', 'memoryKb', 'passed', 'timeMs', 'verdict']);
    }
    expect(JSON.stringify(details)).not.toContain('1998');
  }, 60_000);

  it('submits against the hidden cases, hides them, and records the score as the answer', async () => {
    const session = await startAttempt(t, alice, test);
    const res = await callAs(t, alice, runnerRoutes.run, {
      body: runBody({ type: 'submit', TestSessionID: session.TestSessionID, sourceCode: SUM_PARTIAL, userId: undefined }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = await waitForRun(alice, res.json().body.runID);
    expect(details.statusCode).toBe('WA');
    expect(details.resultDesc).toMatchObject({ verdict: 'WA', passed: 2, total: 3 });
    // By default a Submit tells only the total: which hidden case failed is not given away.
    expect(details.resultDesc!.cases).toEqual([]);
    expect(JSON.stringify(details)).not.toContain('1998');
    const [answer] = await t.deps.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.attemptId, session.TestSessionID!), eq(examAnswers.questionTaskMapId, mapId)));
    expect(answer).toBeDefined();
    expect(answer!.questionTaskMapId).toBe(mapId);
    expect(answer!.evaluatedFraction).toBeCloseTo(2 / 3, 5);
    expect(answer!.answerData).toMatchObject({ sourceCode: SUM_PARTIAL, programmingLanguageMasterID: 'Python', statusCode: 'WA', questionID: questionId });
    // The answer's stored result follows the same rule.
    expect(JSON.parse((answer!.answerData as { resultDesc: string }).resultDesc)).toMatchObject({ passed: 2, total: 3, cases: [] });
  }, 60_000);

  it('stores a verdict when the output holds NUL bytes, showing each as ␀', async () => {
    const shown = await waitForRun(alice, await startRun(alice, { sourceCode: 'import sys\nsys.stdout.write("a\\x00b")', customInput: '' }));
    expect(shown.statusCode).toBe('AC');
    expect(shown.resultDesc!.cases[0]!.stdout).toBe(`a${STORED_NUL}b`);
    // Judged on the bytes: "5\0" is not "5".
    const judged = await waitForRun(alice, await startRun(alice, { sourceCode: 'a, b = map(int, input().split())\nprint(str(a + b) + "\\x00")' }));
    expect(judged.statusCode).toBe('WA');
    expect(judged.resultDesc!.cases[0]).toMatchObject({ passed: false, stdout: `5${STORED_NUL}\n` });
    const [row] = await t.deps.db.select().from(runs).where(eq(runs.id, judged.runID));
    expect(row!.status).toBe('WA');
    expect(row!.finishedAt).not.toBeNull();
  }, 60_000);

  it('acts for the signed-in student whatever userId says', async () => {
    const runID = await startRun(alice, { userId: bob.id });
    const [row] = await t.deps.db.select().from(runs).where(eq(runs.id, runID));
    expect(row!.userId).toBe(alice.id);
    await waitForRun(alice, runID);
  }, 60_000);
});

describe('bad input changes nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an empty program', { sourceCode: '   ' }, 'Please write your program before running it.'],
    ['an unknown language', { languageID: 'Cobol' }, 'Please choose a language: C, C++, Java, Python or Ruby.'],
    ['an unknown type', { type: 'eval' }, 'The run type must be run or submit.'],
    ['a submission without a session', { type: 'submit' }, 'A submission needs the test session.'],
    ['a program too long', { sourceCode: 'x'.repeat(64_001) }, 'The program is too long (64000 characters at most).'],
    // Refused for every body by the input guard, which names the field.
    ['a NUL in the program', { sourceCode: 'print(1)\u0000' }, '"sourceCode":"Text may not contain the character U+0000 (NUL)."'],
    ['a NUL in the custom input', { customInput: 'a\u0000b' }, '"customInput":"Text may not contain the character U+0000 (NUL)."'],
  ];
  for (const [name, overrides, message] of cases) {
    it(`refuses ${name} with 400`, async () => {
      const before = await runCount();
      const res = await callAs(t, alice, runnerRoutes.run, { body: runBody(overrides) });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
      expect(await runCount()).toBe(before);
    });
  }

  it('refuses a language the question does not allow', async () => {
    const before = await runCount();
    const res = await callAs(t, alice, runnerRoutes.run, { body: runBody({ languageID: 'Java', sourceCode: 'class Main {}' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message: 'This language is not allowed for this question.', body: { code: 'RUNNER_LANGUAGE_NOT_ALLOWED' } });
    expect(await runCount()).toBe(before);
  });

  it('refuses a question that is not in the test', async () => {
    const res = await callAs(t, alice, runnerRoutes.run, { body: runBody({ questionID: 999_999 }) });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a run ID that is not a string', async () => {
    const res = await callAs(t, alice, runnerRoutes.getRunDetails, { query: { runID: '' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('needs a token (401)', async () => {
    expect((await callAs(t, null, runnerRoutes.run, { body: runBody() })).statusCode).toBe(401);
    expect((await callAs(t, null, runnerRoutes.getRunDetails, { query: { runID: 'x' } })).statusCode).toBe(401);
  });

  it('is for students only (403)', async () => {
    expect((await callAs(t, teacher, runnerRoutes.run, { body: runBody() })).statusCode).toBe(403);
    expect((await callAs(t, teacher, runnerRoutes.getRunDetails, { query: { runID: 'x' } })).statusCode).toBe(403);
  });

  it("another student's run is not found (404)", async () => {
    const runID = await startRun(alice);
    const res = await callAs(t, bob, runnerRoutes.getRunDetails, { query: { runID } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, message: 'This run does not exist.', body: { code: 'RUNNER_RUN_NOT_FOUND' } });
    expect((await callAs(t, bob, runnerRoutes.getRunDetails, { query: { runID: 'no-such-run' } })).statusCode).toBe(404);
    await waitForRun(alice, runID);
  }, 60_000);

  it("cannot submit into another student's test session (404)", async () => {
    const session = await startAttempt(t, alice, test);
    const before = await runCount();
    const res = await callAs(t, bob, runnerRoutes.run, { body: runBody({ type: 'submit', TestSessionID: session.TestSessionID }) });
    expect(res.statusCode).toBe(404);
    expect(await runCount()).toBe(before);
  });
});

describe('limits per student', () => {
  it(`refuses more than ${RUN_MAX_PENDING_PER_USER} pending runs (429)`, async () => {
    const student = await t.createUser({ role: 'Student' });
    const repo = createRunnerRepository(t.deps.db);
    // Pending rows claimed by a worker that is busy elsewhere: the queue leaves them alone.
    for (let i = 0; i < RUN_MAX_PENDING_PER_USER; i += 1) {
      await repo.insert({
        id: `held-${student.id}-${i}`,
        userId: student.id,
        userRole: 'Student',
        taskId: test.task.id,
        questionId,
        type: 'run',
        language: 'Python',
        sourceCode: 'print(1)',
        cases: [{ input: '', expected: null }],
        timeLimitMs: 1000,
        memoryLimitMb: 64,
        claimedBy: 'another-node',
        claimedAt: t.clock.now(),
        createdAt: t.clock.now(),
      });
    }
    const res = await callAs(t, student, runnerRoutes.run, { body: runBody() });
    expect(res.statusCode).toBe(429);
    expect(res.json().body.code).toBe('RUNNER_TOO_MANY_PENDING');
    expect((await callAs(t, alice, runnerRoutes.run, { body: runBody() })).statusCode).toBe(200);
    await t.deps.db.delete(runs).where(eq(runs.userId, student.id));
  }, 60_000);

  it('rate-limits starts per student', async () => {
    const student = await t.createUser({ role: 'Student' });
    const statuses: number[] = [];
    for (let i = 0; i < RUN_RATE_PER_MINUTE + 2; i += 1) {
      // An unknown task: refused after the rate check, so nothing is queued.
      const res = await callAs(t, student, runnerRoutes.run, { body: runBody({ taskID: 999_999 }) });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, RUN_RATE_PER_MINUTE).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(RUN_RATE_PER_MINUTE)).toEqual([429, 429]);
  });
});

describe('storing what programs print', () => {
  it('makes every string of a result storable and leaves other values alone', () => {
    const when = new Date();
    expect(storable({ a: 'x\u0000y', b: ['\uD800z', 'ok \uD83D\uDE00'], c: 3, d: null, e: when })).toEqual({
      a: `x${STORED_NUL}y`,
      b: ['\uFFFDz', 'ok \uD83D\uDE00'],
      c: 3,
      d: null,
      e: when,
    });
  });

  it('the database takes a finished run whose output held NUL and lone surrogates', async () => {
    const repo = createRunnerRepository(t.deps.db);
    const id = `nul-${Date.now()}`;
    await repo.insert({
      id,
      userId: alice.id,
      userRole: 'Student',
      taskId: test.task.id,
      questionId,
      type: 'run',
      language: 'C',
      sourceCode: 'int main(){}',
      cases: [{ input: '', expected: null }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      claimedBy: 'nul-worker',
      claimedAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const result = { verdict: 'AC', passed: 0, total: 1, cases: [{ verdict: 'AC', passed: null, timeMs: 1, memoryKb: 1, stdout: 'a\u0000b\uDC00', stderr: '\u0000' }] };
    expect(await repo.finish(id, 'nul-worker', 'AC', result, t.clock.now())).toBe(true);
    const row = (await repo.get(id))!;
    expect(row.status).toBe('AC');
    expect(row.result).toMatchObject({ cases: [{ stdout: `a${STORED_NUL}b\uFFFD`, stderr: STORED_NUL }] });
    await t.deps.db.delete(runs).where(eq(runs.id, id));
  });
});

describe('queue and health', () => {
  it('health says the sandbox is ready, with its languages', async () => {
    const res = await t.call({ method: 'GET', url: '/api/runner/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ backend: 'local', state: 'ready', reason: null, slots: 2 });
    expect(res.json().body.languages).toEqual(expect.arrayContaining(['C', 'C++', 'Java', 'Python', 'Ruby']));
    const isolation = res.json().body.isolation;
    expect(isolation.seccomp).toBe(true);
    // Memory is capped by a cgroup where one is delegated, else by rlimits with the reason shown.
    expect(['cgroup', 'rlimit']).toContain(isolation.memory);
    if (isolation.memory === 'rlimit') expect(isolation.memoryReason).toMatch(/cgroup/);
    else expect(isolation.memoryReason).toBeNull();
    const main = await t.call({ method: 'GET', url: '/api/health' });
    expect(main.json().body.runner).toBe('ready');
  });

  it('the runner calls are in the OpenAPI document', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/task/v1/run', '/api/task/v1/getRunDetails', '/api/runner/v1/health']));
  });

  it('refuses with 503 and says why when the sandbox cannot start; never runs unsandboxed', async () => {
    let executed = 0;
    const broken: Executor = {
      backend: 'local',
      capacity: 1,
      start: () => Promise.reject(new Error('bwrap is missing')),
      languages: () => ['Python'],
      execute: async () => {
        executed += 1;
        return { verdict: 'AC', compileOutput: '', cases: [] };
      },
      stop: async () => undefined,
    };
    const service = createRunnerService({
      repo: createRunnerRepository(t.deps.db),
      clock: t.clock,
      executor: broken,
      questions: () => t.app.services.exam,
      grading: () => t.app.services.grading,
      soleWorker: false,
      autoStart: false,
    });
    const live = t.app.services.runner;
    const original = { startRun: live.startRun, health: live.health };
    Object.assign(live, { startRun: service.startRun, health: service.health });
    try {
      const before = await runCount();
      const res = await callAs(t, alice, runnerRoutes.run, { body: runBody() });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'RUNNER_UNAVAILABLE' } });
      expect(res.json().message).toMatch(/code runner is not available/);
      expect(res.json().body.fields.reason).toMatch(/bwrap is missing/);
      expect(await runCount()).toBe(before);
      const health = await t.call({ method: 'GET', url: '/api/runner/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().body).toMatchObject({ state: 'unavailable', reason: expect.stringMatching(/bwrap is missing/) });
      expect(executed).toBe(0);
    } finally {
      Object.assign(live, original);
      await service.stop();
    }
  });

  it('a shutdown stops running programs at once and leaves their runs pending for the next start', async () => {
    const repo = createRunnerRepository(t.deps.db);
    const first = createRunnerService({ repo, clock: t.clock, executor: createLocalExecutor({ slots: 1 }), questions: () => t.app.services.exam, grading: () => t.app.services.grading, soleWorker: true, autoStart: false });
    await first.start();
    const runID = await first
      .startRun(bareActor({ userId: alice.id, role: 'Student' }), {
        taskID: test.task.id,
        questionID: questionId,
        languageID: 'Python',
        sourceCode: 'import time\ntime.sleep(0.8)\na, b = map(int, input().split())\nprint(a + b)',
        type: 'run',
      })
      .then((r) => r.runID);
    // Wait until it is running (claimed), then shut down.
    const claimDeadline = Date.now() + 20_000;
    while (!(await repo.get(runID))!.claimedBy && Date.now() < claimDeadline) await new Promise((r) => setTimeout(r, 10));
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(3000);
    expect((await repo.get(runID))!.status).toBe('PE');
    const second = createRunnerService({ repo, clock: t.clock, executor: createLocalExecutor({ slots: 1 }), questions: () => t.app.services.exam, grading: () => t.app.services.grading, soleWorker: true, autoStart: false });
    try {
      await second.start();
      const deadline = Date.now() + 30_000;
      while ((await repo.get(runID))!.status === 'PE' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await repo.get(runID))!.status).toBe('AC');
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('on start, resumes runs left pending by a stopped worker and fails those tried too often', async () => {
    const repo = createRunnerRepository(t.deps.db);
    const base = {
      userId: alice.id,
      userRole: 'Student',
      taskId: test.task.id,
      questionId,
      type: 'run',
      language: 'Python',
      sourceCode: 'print(input())',
      cases: [{ input: 'resumed\n', expected: 'resumed\n' }],
      timeLimitMs: 1000,
      memoryLimitMb: 64,
      createdAt: t.clock.now(),
    };
    await repo.insert({ ...base, id: 'left-over-1', claimedBy: 'old-process', claimedAt: t.clock.now(), attempts: 1 });
    await repo.insert({ ...base, id: 'left-over-2', claimedBy: 'old-process', claimedAt: t.clock.now(), attempts: 2 });
    const executor = createLocalExecutor({ slots: 1 });
    const service = createRunnerService({ repo, clock: t.clock, executor, questions: () => t.app.services.exam, grading: () => t.app.services.grading, soleWorker: true, autoStart: false });
    try {
      await service.start();
      const deadline = Date.now() + 30_000;
      while ((await repo.get('left-over-1'))!.status === 'PE' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await repo.get('left-over-1'))!.status).toBe('AC');
      const failed = (await repo.get('left-over-2'))!;
      expect(failed.status).toBe('IE');
      expect(failed.result).toMatchObject({ verdict: 'IE' });
      const shown = await service.getRunDetails(bareActor({ userId: alice.id, role: 'Student' }), 'left-over-2');
      expect(shown.resultDesc!.message).toMatch(/run it again/);
    } finally {
      await service.stop();
    }
  }, 60_000);
});

describe('POST /question-bank/v1/runReference: an author checks the reference solution', () => {
  const cases = [
    { input: '2 3\n', output: '5\n' },
    { input: '999 999\n', output: '1998\n' },
  ];
  const check = (user: TestUser | null, body: Record<string, unknown>) => callAs(t, user, questionBankRoutes.runReference, { body: { language: 'Python', sourceCode: SUM_OK, cases, ...body } });

  it('runs the program on every case in the sandbox and stores no run', async () => {
    const before = (await t.deps.db.select({ n: count() }).from(runs))[0]!.n;
    const ok = await check(teacher, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().body).toMatchObject({ verdict: 'AC', passed: 2, total: 2, cases: [{ index: 0, verdict: 'AC', passed: true, stdout: '5\n' }, { index: 1, passed: true }] });
    const partial = await check(teacher, { sourceCode: SUM_PARTIAL });
    expect(partial.json().body).toMatchObject({ verdict: 'WA', passed: 1, total: 2, cases: [{ passed: true }, { verdict: 'WA', passed: false, stdout: '0\n' }] });
    expect((await t.deps.db.select({ n: count() }).from(runs))[0]!.n).toBe(before);
  }, 60_000);

  it('refuses bad input (400), no token (401), a student (403) and a role without Content Management (403)', async () => {
    for (const body of [{ sourceCode: '   ' }, { language: 'Go' }, { cases: [] }, { timeLimitMs: 50 }]) {
      const res = await check(teacher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await check(null, {})).statusCode).toBe(401);
    expect((await check(alice, {})).statusCode).toBe(403);
    await t.app.services.roles.revokeTabs('neetprep', 'Teacher', ['Content Management']);
    try {
      const res = await check(teacher, {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'AUTH_FORBIDDEN' } });
    } finally {
      await t.app.services.roles.grantTabs('neetprep', 'Teacher', ['Content Management']);
    }
  });
});
