import type { ProgrammingLanguage, RunVerdict } from '@app/contracts';
import { outputsMatch } from './runner.compare.js';
import { clip, overallVerdict, type ExecutedCase, type ExecutionJob, type ExecutionResult, type Executor } from './runner.executor.js';

export interface Judge0Options {
  url: string;
  /** Sent as X-Auth-Token when the cluster requires it. */
  authToken?: string;
  capacity: number;
  pollMs?: number;
  /** A batch not finished by then ends as an internal error. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface Judge0Language {
  id: number;
  name: string;
}

interface Judge0Submission {
  token?: string;
  status?: { id: number; description: string };
  stdout?: string | null;
  stderr?: string | null;
  compile_output?: string | null;
  message?: string | null;
  time?: string | null;
  memory?: number | null;
}

/** Judge0 CE status ids (see its /statuses). */
const STATUS = { IN_QUEUE: 1, PROCESSING: 2, ACCEPTED: 3, WRONG_ANSWER: 4, TIME_LIMIT: 5, COMPILE_ERROR: 6, SIGXFSZ: 8 } as const;
const RUNTIME_ERRORS = new Set([7, 8, 9, 10, 11, 12]);

/** Which Judge0 language serves each of ours: the newest one whose name matches. */
const LANGUAGE_PATTERNS: Record<ProgrammingLanguage, RegExp> = {
  C: /^C \((GCC|Clang)/i,
  'C++': /^C\+\+ \((GCC|Clang)/i,
  Java: /^Java \(/i,
  Python: /^Python \(3\./i,
  Ruby: /^Ruby \(/i,
};

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | null | undefined) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');

export function resolveJudge0Languages(list: Judge0Language[]): Partial<Record<ProgrammingLanguage, number>> {
  const resolved: Partial<Record<ProgrammingLanguage, number>> = {};
  for (const [label, pattern] of Object.entries(LANGUAGE_PATTERNS) as Array<[ProgrammingLanguage, RegExp]>) {
    const matches = list.filter((lang) => pattern.test(lang.name)).sort((a, b) => b.id - a.id);
    if (matches[0]) resolved[label] = matches[0].id;
  }
  return resolved;
}

/** Maps one finished Judge0 submission to our verdict, judging the output ourselves. */
export function judge0Verdict(sub: Judge0Submission, expected: string | null, memoryLimitKb: number): RunVerdict {
  const id = sub.status?.id ?? 13;
  if (id === STATUS.COMPILE_ERROR) return 'CE';
  if (id === STATUS.TIME_LIMIT) return 'TLE';
  if (id === STATUS.SIGXFSZ) return 'OLE';
  if (RUNTIME_ERRORS.has(id)) {
    const stderr = unb64(sub.stderr);
    const outOfMemory = /MemoryError|OutOfMemoryError|bad_alloc|failed to allocate memory/.test(stderr);
    return outOfMemory || (sub.memory ?? 0) >= memoryLimitKb * 0.95 ? 'MLE' : 'RE';
  }
  if (id === STATUS.ACCEPTED || id === STATUS.WRONG_ANSWER) {
    if (expected === null) return 'AC';
    return outputsMatch(Buffer.from(sub.stdout ?? '', 'base64'), expected) ? 'AC' : 'WA';
  }
  return 'IE';
}

/** Scale-out backend: a Judge0 CE cluster runs the programs; the verdict is ours. */
export function createJudge0Executor(options: Judge0Options): Executor {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? fetch;
  const pollMs = options.pollMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 120_000;
  let languageIds: Partial<Record<ProgrammingLanguage, number>> = {};

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await doFetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(options.authToken ? { 'X-Auth-Token': options.authToken } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Judge0 ${init.method ?? 'GET'} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    backend: 'judge0',
    capacity: options.capacity,
    async start() {
      const list = await call<Judge0Language[]>('/languages');
      languageIds = resolveJudge0Languages(list);
      if (Object.keys(languageIds).length === 0) throw new Error('Judge0 offers none of C, C++, Java, Python, Ruby');
    },
    languages: () => Object.keys(languageIds),
    async execute(job: ExecutionJob): Promise<ExecutionResult> {
      const languageId = languageIds[job.language];
      if (!languageId) return { verdict: 'IE', compileOutput: '', message: `${job.language} is not available on Judge0.`, cases: [] };
      try {
        const created = await call<Array<{ token?: string; error?: string }>>('/submissions/batch?base64_encoded=true', {
          method: 'POST',
          body: JSON.stringify({
            submissions: job.cases.map((testCase) => ({
              language_id: languageId,
              source_code: b64(job.sourceCode),
              stdin: b64(testCase.input),
              cpu_time_limit: job.timeLimitMs / 1000,
              wall_time_limit: Math.max(2, (job.timeLimitMs * 3) / 1000),
              memory_limit: job.memoryLimitMb * 1024,
            })),
          }),
        });
        const tokens = created.map((item) => item.token);
        if (tokens.some((token) => !token)) throw new Error('Judge0 refused a submission');
        const deadline = Date.now() + timeoutMs;
        let subs: Judge0Submission[] = [];
        for (;;) {
          const fields = 'token,status,stdout,stderr,compile_output,message,time,memory';
          const polled = await call<{ submissions: Judge0Submission[] }>(
            `/submissions/batch?tokens=${tokens.join(',')}&base64_encoded=true&fields=${fields}`,
          );
          subs = polled.submissions;
          const done = subs.length === tokens.length && subs.every((sub) => (sub.status?.id ?? 1) > STATUS.PROCESSING);
          if (done) break;
          if (Date.now() > deadline) throw new Error('Judge0 did not finish in time');
          await new Promise((resolve) => setTimeout(resolve, pollMs));
        }
        const compileError = subs.find((sub) => sub.status?.id === STATUS.COMPILE_ERROR);
        if (compileError) {
          return { verdict: 'CE', compileOutput: clip(unb64(compileError.compile_output), 16_000), cases: [] };
        }
        const cases: ExecutedCase[] = subs.map((sub, index) => {
          const expected = job.cases[index]?.expected ?? null;
          const verdict = judge0Verdict(sub, expected, job.memoryLimitMb * 1024);
          return {
            verdict,
            passed: expected === null && verdict === 'AC' ? null : verdict === 'AC',
            timeMs: Math.round(Number(sub.time ?? 0) * 1000),
            memoryKb: Math.round(sub.memory ?? 0),
            stdout: clip(unb64(sub.stdout)),
            stderr: clip(unb64(sub.stderr)),
          };
        });
        return { verdict: overallVerdict(cases), compileOutput: clip(unb64(subs[0]?.compile_output), 16_000), cases };
      } catch (error) {
        return { verdict: 'IE', compileOutput: '', message: `The judging service failed: ${(error as Error).message}`, cases: [] };
      }
    },
    async stop() {
      // Nothing to release: Judge0 keeps no connection.
    },
  };
}
