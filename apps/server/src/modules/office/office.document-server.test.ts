import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OFFICE_CONTENT_TYPES, officeRoutes, type OfficeEditorConfig, type OfficeFile, type OfficeRunDetails } from '@app/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTask, startAttempt, type BuiltTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { DEMO_OFFICE_TASKS, demoOfficeFiles } from './office.demo.js';
import { buildWorkbook } from './office.fixtures.js';

// The ONLYOFFICE adapter against a fake document server: signed editor configurations, the save
// callback (verified, files fetched only from the document server), force-save before an
// evaluation, and Save As.

const SECRET = 'document-server-secret-for-tests-0123456789';
const key = new TextEncoder().encode(SECRET);
const sign = (payload: Record<string, unknown>, secret = key) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(secret);

let server: http.Server;
let base: string;
/** Files the fake server offers, and the commands it received (with their verified payloads). */
const offered = new Map<string, Uint8Array>();
const commands: Array<{ body: Record<string, unknown>; verified: Record<string, unknown> | null }> = [];

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let practice: BuiltTest;
let questionId: number;
let file: OfficeFile;
let bobAttemptId: string;

const MARKS = [78, 92, 65, 88, 71];
const sheetWith = (a7: unknown) => buildWorkbook([{ name: 'Sheet1', rows: [[{ v: 'Marks', bold: true }], ...MARKS.map((m) => [m]), [a7 as never]] }]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/files/')) {
      const bytes = offered.get(req.url.slice('/files/'.length));
      if (!bytes) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': OFFICE_CONTENT_TYPES.xlsx, 'content-length': String(bytes.length) }).end(Buffer.from(bytes));
      return;
    }
    if (req.method === 'POST' && req.url === '/coauthoring/CommandService.ashx') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', async () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        let verified: Record<string, unknown> | null = null;
        try {
          verified = (await jwtVerify(String(body['token']), key)).payload as Record<string, unknown>;
        } catch {
          verified = null;
        }
        commands.push({ body, verified });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: verified ? 0 : 6, key: body['key'] }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  t = await createTestApp({ env: { OFFICE_EVALUATOR: 'inline', ONLYOFFICE_URL: base, ONLYOFFICE_JWT_SECRET: SECRET, PUBLIC_URL: 'http://app.test' } });
  alice = await t.createUser({ role: 'Student' });
  bob = await t.createUser({ role: 'Student' });
  const sheet = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
  await t.deps.fileStore.put('office/questions/ds-start.xlsx', sheet.start, { contentType: OFFICE_CONTENT_TYPES.xlsx });
  await t.deps.fileStore.put('office/questions/ds-solution.xlsx', sheet.solution, { contentType: OFFICE_CONTENT_TYPES.xlsx });
  practice = await createTestTask(t.deps.db, {
    task: { testType: 'practice' },
    sections: [{ questions: [{ questionType: 'xlsx', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0, allowsPartialCredit: true, startFileUrl: 'office/questions/ds-start.xlsx', solution: 'office/questions/ds-solution.xlsx', rubric: sheet.rubric }] }],
  });
  questionId = practice.sections[0]!.questions[0]!.question.id;
  await startAttempt(t, alice, practice);
  bobAttemptId = (await startAttempt(t, bob, practice)).TestSessionID;
  file = (await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: questionId } })).json<{ body: OfficeFile }>().body;
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function current(): Promise<OfficeFile> {
  return (await callAs(t, alice, officeRoutes.file, { query: { path: file.path } })).json<{ body: OfficeFile }>().body;
}

function callback(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call({ method: 'POST', url: `/api/office/v1/callback?path=${file.path}`, headers, payload: body });
}

describe('with a document server configured', () => {
  it('hands out editor configurations signed with the shared secret, for the working copy and (view only) the solution', async () => {
    expect(file.editor).toBe('onlyoffice');
    const res = await callAs(t, alice, officeRoutes.editorConfig, { query: { path: file.path, fileName: 'marks.xlsx' } });
    expect(res.statusCode, res.body).toBe(200);
    const { documentServerUrl, config } = res.json<{ body: OfficeEditorConfig }>().body;
    expect(documentServerUrl).toBe(base);
    const { payload } = await jwtVerify(config.token, key);
    expect(payload).toMatchObject({ document: { key: `${file.path}-1`, fileType: 'xlsx', title: 'marks.xlsx' }, documentType: 'cell', editorConfig: { mode: 'edit' } });
    expect(config.document.url).toMatch(/^http:\/\/app\.test\/api\/files\/v1\/get\?/);
    expect(config.editorConfig.callbackUrl).toBe(`http://app.test/api/office/v1/callback?path=${file.path}`);
    // The solution opens once the answer is revealed (practice).
    expect((await callAs(t, bob, officeRoutes.solutionEditorConfig, { query: { taskID: practice.task.id, questionID: questionId } })).statusCode).toBe(403);
    await t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: bob.headers, payload: { TestSessionID: bobAttemptId, questionTaskMapID: practice.sections[0]!.questions[0]!.mapId } });
    const solution = await callAs(t, bob, officeRoutes.solutionEditorConfig, { query: { taskID: practice.task.id, questionID: questionId } });
    expect(solution.json<{ body: OfficeEditorConfig }>().body.config.editorConfig).toMatchObject({ mode: 'view' });
    expect((await callAs(t, bob, officeRoutes.editorConfig, { query: { path: file.path } })).statusCode).toBe(404);
    expect((await callAs(t, null, officeRoutes.editorConfig, { query: { path: file.path } })).statusCode).toBe(401);
    expect((await callAs(t, null, officeRoutes.health, {})).json<{ body: { documentServer: boolean } }>().body.documentServer).toBe(true);
  });

  it('stores the file of a signed save callback (status 2) as the next version', async () => {
    offered.set('saved.xlsx', await sheetWith({ f: 'SUM(A2:A6)' }));
    const token = await sign({ key: `${file.path}-1`, status: 2, url: `${base}/files/saved.xlsx` });
    const res = await callback({ key: `${file.path}-1`, status: 2, url: `${base}/files/saved.xlsx`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: 0 });
    expect(await current()).toMatchObject({ version: 2, origin: 'documentServer' });
  });

  it('accepts the token in the Authorization header too (payload wrapping the body)', async () => {
    offered.set('header.xlsx', await sheetWith({ f: 'SUM(A2:A6)' }));
    const body = { key: `${file.path}-2`, status: 6, url: `${base}/files/header.xlsx` };
    const res = await callback(body, { authorization: `Bearer ${await sign({ payload: body })}` });
    expect(res.json()).toEqual({ error: 0 });
    expect((await current()).version).toBe(3);
  });

  it('refuses an unsigned or wrongly signed callback, a file from another host, and ignores other statuses, changing nothing', async () => {
    const before = await current();
    const body = { key: `${file.path}-3`, status: 2, url: `${base}/files/saved.xlsx` };
    expect((await callback(body)).statusCode).toBe(403);
    const forged = await callback({ ...body, token: await sign(body, new TextEncoder().encode('another-secret-another-secret-0000')) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ body: { code: string } }>().body.code).toBe('OFFICE_CALLBACK_INVALID');
    const elsewhere = { ...body, url: 'http://127.0.0.2:1/files/saved.xlsx' };
    expect((await callback({ ...elsewhere, token: await sign(elsewhere) })).json()).toEqual({ error: 1 });
    const otherFile = { ...body, key: 'someone-else-1' };
    expect((await callback({ ...otherFile, token: await sign(otherFile) })).json()).toEqual({ error: 1 });
    const editing = { key: `${file.path}-3`, status: 1 };
    expect((await callback({ ...editing, token: await sign(editing) })).json()).toEqual({ error: 0 });
    offered.set('broken.xlsx', new TextEncoder().encode('not a workbook'));
    const broken = { ...body, url: `${base}/files/broken.xlsx` };
    expect((await callback({ ...broken, token: await sign(broken) })).json()).toEqual({ error: 1 });
    expect(await current()).toMatchObject({ version: before.version, size: before.size });
  });

  it('force-saves the open document before an evaluation, then evaluates the saved copy', async () => {
    const before = commands.length;
    const started = await callAs(t, alice, officeRoutes.runOffice, { body: { officeTypeID: 'xlsx', questionID: questionId, path: file.path, taskID: practice.task.id, type: 'eval' } });
    expect(started.statusCode, started.body).toBe(200);
    const runID = started.json<{ body: { runID: string } }>().body.runID;
    expect(commands.length).toBe(before + 1);
    expect(commands.at(-1)!.verified).toMatchObject({ c: 'forcesave', key: `${file.path}-3` });
    // The job waits for the document server's callback before it reads the file.
    expect(await t.app.services.jobs.queue.runOnce()).toBe(0);
    t.clock.advance(5000);
    await t.app.services.jobs.queue.runOnce();
    const details = (await callAs(t, alice, officeRoutes.getRunDetailsOffice, { query: { runID } })).json<{ body: OfficeRunDetails }>().body;
    expect(details.statusCode).toBe('EV');
    expect(JSON.parse(details.resultDesc!)).toEqual({ percentage: 100, unmatched: [] });
  });

  it('takes a Save As from the document server as the working copy, and only from it', async () => {
    offered.set('copy.xlsx', await sheetWith(394));
    const before = await current();
    const res = await callAs(t, alice, officeRoutes.create, { body: { path: file.path, title: 'Copy of marks.xlsx', url: `${base}/files/copy.xlsx` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: OfficeFile }>().body.version).toBe(before.version + 1);
    const elsewhere = await callAs(t, alice, officeRoutes.create, { body: { path: file.path, title: 'x', url: 'http://127.0.0.2:1/copy.xlsx' } });
    expect(elsewhere.statusCode).toBe(502);
    expect((await callAs(t, bob, officeRoutes.create, { body: { path: file.path, title: 'x', url: `${base}/files/copy.xlsx` } })).statusCode).toBe(404);
    expect((await callAs(t, alice, officeRoutes.create, { body: { path: file.path, title: '', url: '' } })).statusCode).toBe(400);
    expect((await current()).version).toBe(before.version + 1);
  });
});
