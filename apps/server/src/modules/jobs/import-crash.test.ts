import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, startProcess, waitForStatus, type RunningProcess, productionEnv } from '../../../test/server-process.js';
import { multipartBody } from '../../../test/multipart.js';
import { DEMO_PASSWORD } from '../../db/seed/seed-accounts.js';

/**
 * kill -9 right after an import's transaction committed (the compiled server stops there when
 * TEST_PAUSE_AT names the point): after a restart the job reports success with what it wrote,
 * nothing is written twice, and the students whose set-password message never left are listed.
 */
let dataDir: string;
let port: number;
let server: RunningProcess | null = null;

function start(pauseAt?: string): RunningProcess {
  return startProcess(process.execPath, ['dist/server.js'], {
    ...productionEnv(port, dataDir),
    SMTP_URL: undefined,
    SEED_DEMO_DATA: 'true',
    TEST_PAUSE_AT: pauseAt,
  });
}

async function startReady(pauseAt?: string): Promise<RunningProcess> {
  const child = start(pauseAt);
  await waitForStatus(`http://127.0.0.1:${port}/api/ready`, 200, 180_000, child);
  return child;
}

async function waitForOutput(child: RunningProcess, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output().includes(text)) {
    if (child.child.exitCode !== null) throw new Error(`the server exited:\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${child.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function kill9(child: RunningProcess): Promise<void> {
  child.child.kill('SIGKILL');
  expect(await child.exited).toBe('SIGKILL');
}

const api = (url: string) => `http://127.0.0.1:${port}/api${url}`;

async function login(username: string): Promise<Record<string, string>> {
  const res = await fetch(api('/user/v1/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { body: { token: string } }).body.token}` };
}

async function upload(url: string, headers: Record<string, string>, content: string): Promise<Response> {
  const body = multipartBody(content, { fileName: 'upload.csv', contentType: 'text/csv' });
  return fetch(api(url), { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
}

async function jobOf(id: string, headers: Record<string, string>) {
  const res = await fetch(api(`/jobs/v1/get?id=${id}`), { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { body: { state: string; failure: string | null; result: Record<string, unknown> | null } }).body;
}

beforeAll(async () => {
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-crash-'));
  port = await freePort();
}, 60_000);

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an import killed right after its commit', () => {
  it('reports success with what was written, writes nothing twice and lists the unsent set-password messages', async () => {
    // 1. A question import, killed after its transaction committed.
    server = await startReady('question-import:committed');
    let teacher = await login('teacher');
    const questionFile = fs.readFileSync(new URL('../question-bank/formats/fixtures/questions.csv', import.meta.url), 'utf8');
    const questionImport = await upload('/question-bank/v1/import?format=csv', teacher, questionFile);
    expect(questionImport.status).toBe(200);
    const { jobId: questionJob, total: questionTotal } = ((await questionImport.json()) as { body: { jobId: string; total: number } }).body;
    await waitForOutput(server, 'TEST_PAUSED_AT question-import:committed', 60_000);
    await kill9(server);

    // 2. A roster import, killed after its transaction committed, before any message was sent.
    server = await startReady('student-import:committed');
    teacher = await login('teacher');
    const usernames = Array.from({ length: 30 }, (_, i) => `crash.student${i}`);
    const roster = [
      'username,firstName,lastName,email,phone,dob,class,section,language',
      ...usernames.map((u, i) => `${u},Crash,Student${i},${u}@example.com,,01-01-2008,12,A,en`),
    ].join('\n');
    const studentImport = await upload('/teacher/v1/uploadCSV', teacher, roster);
    expect(studentImport.status, await studentImport.clone().text()).toBe(200);
    const { jobId: studentJob } = ((await studentImport.json()) as { body: { jobId: string } }).body;
    await waitForOutput(server, 'TEST_PAUSED_AT student-import:committed', 60_000);
    await kill9(server);

    // 3. After a plain restart both jobs report success with their counts.
    server = await startReady();
    teacher = await login('teacher');
    const questions = await jobOf(questionJob, teacher);
    expect(questions).toMatchObject({ state: 'succeeded', failure: null, result: { format: 'csv', imported: questionTotal } });
    expect((questions.result!.questionIds as number[]).length).toBe(questionTotal);
    const students = await jobOf(studentJob, teacher);
    expect(students).toMatchObject({ state: 'succeeded', failure: null, result: { imported: 30, mailed: 0, texted: 0 } });
    expect([...(students.result!.unsent as string[])].sort()).toEqual([...usernames].sort());

    // Each student exactly once; no set-password mail left before the crash.
    const list = await fetch(api('/students/v1/list?search=crash.student&pageSize=100'), { headers: teacher });
    const items = ((await list.json()) as { body: { items: Array<{ username: string }>; total: number } }).body;
    expect(items.total).toBe(30);
    const outbox = path.join(dataDir, 'outbox');
    const mailed = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes('crash.student')) : [];
    expect(mailed).toEqual([]);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 600_000);
});
