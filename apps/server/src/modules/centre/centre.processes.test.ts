import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, productionEnv, SERVER_DIR, startProcess, waitForStatus, type RunningProcess, withPostgres } from '../../../test/server-process.js';
import { openDatabase } from '../../db/client.js';
import { and, eq, inArray } from 'drizzle-orm';
import { attemptQuestionVersions, auditLog, centreIdentity, centreLoadedRows, centreStagedExams, centreSyncOutbox, examAnswers, examAttempts } from '../../db/schema/index.js';
import { marksOf } from '../../../test/attempt-marks.js';

/**
 * Exam centres for real: a compiled central server on PostgreSQL and a compiled centre server on
 * the embedded database, as separate processes. The centre pairs, stages, cannot read its papers,
 * gets one key from the central server at the start (and not before), and with the central
 * process stopped unlocks another with its invigilator code (and with no other code); a rostered
 * student then takes it on the centre alone, and a kill -9 of the centre mid-exam is credited to the
 * running attempt from the centre's own journal. When the central process returns, the centre syncs
 * its attempts; a second sync adds nothing, and the central results equal the centre's. Runs with the
 * PostgreSQL suite only.
 */
const isPostgresRun = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);
const DEMO_PASSWORD = 'Demo@1234';
const CENTRE_ADMIN_PASSWORD = 'Centre-admin-password-1';

interface Reply {
  status: number;
  json: { status: boolean; message: string; body: any };
}

async function call(base: string, method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, json: (await res.json()) as Reply['json'] };
}

/** Every file under `dir`, read as bytes. */
function* filesUnder(dir: string): Generator<Buffer> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield fs.readFileSync(full);
  }
}

function foundIn(dir: string, needles: string[]): string[] {
  const found = new Set<string>();
  for (const bytes of filesUnder(dir)) for (const needle of needles) if (bytes.includes(Buffer.from(needle, 'utf8'))) found.add(needle);
  return [...found];
}

/** The compiled bootstrap command (the centre's own first administrator). */
function bootstrap(env: Record<string, string | undefined>, args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
    const child = spawn(process.execPath, ['dist/first-admin.js', ...args], { cwd: SERVER_DIR, env: merged, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

async function stop(running: RunningProcess): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

describe.runIf(isPostgresRun)('an exam centre and its central server as separate processes (PostgreSQL suite)', () => {
  const databaseName = `neetprep_test_${process.env.NEETPREP_TEST_RUN ?? 'local'}_centre`;
  let centralDataDir: string;
  let centreDataDir: string;
  let central: RunningProcess;
  let centre: RunningProcess;
  let centralBase: string;
  let centreBase: string;
  let centralUrl: string;
  let centreEnv: Record<string, string | undefined>;
  let centralEnv: Record<string, string | undefined>;

  const admin = withPostgres;

  beforeAll(async () => {
    buildServer();
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${databaseName}`);
    });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    centralUrl = url.toString();
    centralDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-central-'));
    centreDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-centre-'));
    const [centralPort, centrePort] = [await freePort(), await freePort()];
    centralBase = `http://127.0.0.1:${centralPort}`;
    centreBase = `http://127.0.0.1:${centrePort}`;
    centralEnv = {
      ...productionEnv(centralPort, centralDataDir),
      DATABASE_URL: centralUrl,
      SEED_DEMO_DATA: 'true',
      SERVER_ROLE: 'central',
      LOG_LEVEL: 'warn',
    };
    central = startProcess(process.execPath, ['dist/server.js'], centralEnv);
    centreEnv = {
      ...productionEnv(centrePort, centreDataDir),
      SEED_DEMO_DATA: 'false',
      SERVER_ROLE: 'centre',
      CENTRAL_URL: centralBase,
      CENTRE_POLL_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
    };
    // The centre's own administrator, made before its server holds the data folder.
    const made = await bootstrap(centreEnv, ['--client', 'Lab Operators', '--institute', 'Lab One', '--admin-username', 'labadmin'], `${CENTRE_ADMIN_PASSWORD}\n`);
    expect(made.code, made.output).toBe(0);
    centre = startProcess(process.execPath, ['dist/server.js'], centreEnv);
    await Promise.all([waitForStatus(`${centralBase}/api/ready`, 200, 180_000, central), waitForStatus(`${centreBase}/api/ready`, 200, 180_000, centre)]);
  }, 300_000);

  afterAll(async () => {
    if (central) await stop(central);
    if (centre) await stop(centre);
    fs.rmSync(centralDataDir, { recursive: true, force: true });
    fs.rmSync(centreDataDir, { recursive: true, force: true });
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }, 60_000);

  const signIn = async (base: string, username: string, password: string) => {
    const res = await call(base, 'POST', '/user/v1/login', { body: { username, password } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.body.token as string;
  };

  it('pairs, stages unreadable papers, releases one key at the start only, unlocks another offline by its code alone, and syncs the offline exam back once, equal to the centre', async () => {
    const instituteAdmin = await signIn(centralBase, 'instituteadmin', DEMO_PASSWORD);
    const clientAdmin = await signIn(centralBase, 'clientadmin', DEMO_PASSWORD);
    const labAdmin = await signIn(centreBase, 'labadmin', CENTRE_ADMIN_PASSWORD);

    // Two tests of the home institute (A starts in 40 s, B in 60 s) and one of another institute (C), with a
    // single-choice question of their own for the exam on the centre; B gets a section drawing two of the bank's questions.
    const setup = await admin(async (c) => {
      const home = (await c.query(`SELECT institute_id AS id FROM users WHERE username = 'instituteadmin'`)).rows[0].id as number;
      const other = (await c.query(`SELECT id FROM institutes WHERE id <> $1 ORDER BY id LIMIT 1`, [home])).rows[0].id as number;
      const tasks = (
        await c.query(
          `SELECT t.id FROM tasks t WHERE t.kind = 'test' AND t.is_published
             AND EXISTS (SELECT 1 FROM task_questions tq JOIN questions q ON q.id = tq.question_id WHERE tq.task_id = t.id AND NOT tq.is_drawn AND q.question_type = 'singleChoice')
             AND NOT EXISTS (SELECT 1 FROM task_sections ts WHERE ts.task_id = t.id AND ts.question_source = 'draw')
             AND NOT EXISTS (SELECT 1 FROM test_schedules s WHERE s.task_id = t.id AND s.class_id IS NULL AND s.section_id IS NULL AND s.institute_id IN ($1, $2))
           ORDER BY t.id LIMIT 2`,
          [home, other],
        )
      ).rows.map((r) => r.id as number);
      expect(tasks).toHaveLength(2);
      const now = Date.now();
      const insert = async (taskId: number, instituteId: number, opensInMs: number) =>
        (
          await c.query(`INSERT INTO test_schedules (task_id, institute_id, opens_at, closes_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
            taskId,
            instituteId,
            new Date(now + opensInMs),
            new Date(now + opensInMs + 3 * 3_600_000),
          ])
        ).rows[0].id as number;
      await c.query(
        `INSERT INTO task_sections (task_id, section_index, name, duration_minutes, question_source, draw_rule)
           SELECT $1, max(section_index) + 1, 'Drawn', 10, 'draw', '{"topicIds":[],"difficulties":[],"count":2,"marks":4,"negativeMarks":1}'::jsonb FROM task_sections WHERE task_id = $1`,
        [tasks[1]],
      );
      const a = await insert(tasks[0]!, home, 40_000);
      const b = await insert(tasks[1]!, home, 60_000);
      const cId = await insert(tasks[0]!, other, 60_000);
      const texts = (
        await c.query(
          `SELECT DISTINCT x.data FROM task_questions tq JOIN questions q ON q.id = tq.question_id
             JOIN question_version_texts x ON x.version_id = q.current_version_id WHERE tq.task_id = ANY($1)`,
          [tasks],
        )
      ).rows.map((r) => String(r.data));
      const titleOf = async (taskId: number) => (await c.query(`SELECT name FROM tasks WHERE id = $1`, [taskId])).rows[0].name as string;
      return { home, other, a, b, c: cId, opensA: now + 40_000, opensB: now + 60_000, titleA: await titleOf(tasks[0]!), titleB: await titleOf(tasks[1]!), texts };
    }, centralUrl);
    // What would betray a paper: runs of 16 characters or more of its statements, without markup.
    const needles = setup.texts.flatMap((text) => text.replace(/<[^>]*>/g, ' ').split(/\s{2,}|[{}$\\]/).map((s) => s.trim()).filter((s) => s.length >= 16)).slice(0, 200);
    expect(needles.length).toBeGreaterThan(3);

    // Pairing codes: one for the home institute (this centre), one for another institute, one for a second home centre.
    const code = async (token: string, instituteId?: number) => {
      const res = await call(centralBase, 'POST', '/centre/v1/createPairingCode', { token, body: instituteId ? { instituteId } : {} });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.body.code as string;
    };
    const homeCode = await code(instituteAdmin);
    const otherCode = await code(clientAdmin, setup.other);
    const secondHomeCode = await code(instituteAdmin);
    // Centres paired straight from here: one of the other institute, a second one of the home institute.
    const pairHere = async (pairingCode: string, name: string) => {
      const res = await call(centralBase, 'POST', '/centre/v1/pair', { body: { code: pairingCode, name } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.body as { centreId: number; credential: string };
    };
    const otherCentre = await pairHere(otherCode, 'Other institute lab');
    const secondCentre = await pairHere(secondHomeCode, 'Second lab');

    // The centre refuses a used-up code and a malformed one, and stays unpaired.
    const usedUp = await call(centreBase, 'POST', '/centre/v1/local/pair', { token: labAdmin, body: { code: otherCode, name: 'Lab One' } });
    expect(usedUp.status).toBe(400);
    expect(usedUp.json).toMatchObject({ status: false, body: { code: 'CENTRE_PAIRING_CODE_INVALID' } });
    const malformed = await call(centreBase, 'POST', '/centre/v1/local/pair', { token: labAdmin, body: { code: 'not a code', name: 'Lab One' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ status: false, body: { code: 'VALIDATION_FAILED' } });
    expect((await call(centreBase, 'GET', '/centre/v1/local/status', { token: labAdmin })).json.body).toMatchObject({ isPaired: false, exams: [] });

    const paired = await call(centreBase, 'POST', '/centre/v1/local/pair', { token: labAdmin, body: { code: homeCode, name: 'Biology Lab Centre' } });
    expect(paired.status, JSON.stringify(paired.json)).toBe(200);
    expect(paired.json.body).toMatchObject({ isPaired: true, instituteId: setup.home, name: 'Biology Lab Centre' });
    const centreId = paired.json.body.centreId as number;
    // Once only: the code is used up, and the centre is paired already.
    expect((await call(centralBase, 'POST', '/centre/v1/pair', { body: { code: homeCode, name: 'Replay' } })).json.body.code).toBe('CENTRE_PAIRING_CODE_INVALID');
    expect((await call(centreBase, 'POST', '/centre/v1/local/pair', { token: labAdmin, body: { code: homeCode, name: 'Again' } })).status).toBe(409);

    // Invigilator codes, issued before staging: B at this centre, A at this centre, B at the second centre.
    const issue = async (forCentre: number, scheduleId: number) => {
      const res = await call(centralBase, 'POST', '/centre/v1/issueInvigilatorCode', { token: instituteAdmin, body: { centreId: forCentre, scheduleId } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.body.code as string;
    };
    const codeB = await issue(centreId, setup.b);
    const codeA = await issue(centreId, setup.a);
    const codeBSecondCentre = await issue(secondCentre.centreId, setup.b);

    const staged = await call(centreBase, 'POST', '/centre/v1/local/stage', { token: labAdmin, body: {} });
    expect(staged.status, JSON.stringify(staged.json)).toBe(200);
    const stagedIds = staged.json.body.exams.map((e: { scheduleId: number }) => e.scheduleId);
    expect(stagedIds).toContain(setup.a);
    expect(stagedIds).toContain(setup.b);
    expect(stagedIds).not.toContain(setup.c);
    expect(staged.json.body.exams.every((e: { isUnlocked: boolean; canUnlockByCode: boolean }) => !e.isUnlocked)).toBe(true);

    // B's draw was made once, for this window at this centre (decision 076), and sealed in its paper.
    const stagedDraw = await admin(async (c) => {
      const rows = (await c.query(`SELECT question_task_map_id AS id FROM centre_staged_draws WHERE centre_id = $1 AND schedule_id = $2 ORDER BY position`, [centreId, setup.b])).rows;
      const texts = (
        await c.query(
          `SELECT x.data FROM task_questions tq JOIN questions q ON q.id = tq.question_id JOIN question_version_texts x ON x.version_id = q.current_version_id WHERE tq.id = ANY($1)`,
          [rows.map((r) => r.id)],
        )
      ).rows.map((r) => String(r.data));
      return { mapIds: rows.map((r) => r.id as number), texts };
    }, centralUrl);
    expect(stagedDraw.mapIds).toHaveLength(2);
    const drawNeedles = stagedDraw.texts.flatMap((text) => text.replace(/<[^>]*>/g, ' ').split(/\s{2,}|[{}$\\]/).map((s) => s.trim()).filter((s) => s.length >= 16));
    expect(drawNeedles.length).toBeGreaterThan(0);

    // Nothing of the papers is readable in the centre's files; what it stores in clear is found there.
    expect(foundIn(centreDataDir, ['Biology Lab Centre', 'labadmin']).sort()).toEqual(['Biology Lab Centre', 'labadmin']);
    expect(foundIn(centreDataDir, [...needles, ...drawNeedles])).toEqual([]);

    // The central server refuses the key before the start.
    const early = await call(centreBase, 'POST', '/centre/v1/local/unlock', { token: labAdmin, body: { scheduleId: setup.a } });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ status: false, body: { code: 'CENTRE_EXAM_NOT_STARTED' } });

    // Another institute's centre reaches nothing of this institute; this centre nothing of another's.
    const foreignKey = await call(centralBase, 'POST', '/centre/v1/releaseKey', { body: { scheduleId: setup.a }, headers: { authorization: `Centre ${otherCentre.credential}` } });
    expect(foreignKey.status).toBe(404);
    expect(foreignKey.json.body.code).toBe('CENTRE_EXAM_NOT_FOUND');
    const foreignStage = await call(centralBase, 'POST', '/centre/v1/stage', { body: {}, headers: { authorization: `Centre ${otherCentre.credential}` } });
    expect(foreignStage.json.body.exams.map((e: { scheduleId: number }) => e.scheduleId)).not.toContain(setup.a);
    expect((await call(centreBase, 'POST', '/centre/v1/local/unlock', { token: labAdmin, body: { scheduleId: setup.c } })).status).toBe(404);

    // At the start the central server releases A's key.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, setup.opensA - Date.now() + 1_000)));
    const released = await call(centreBase, 'POST', '/centre/v1/local/unlock', { token: labAdmin, body: { scheduleId: setup.a } });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    expect(released.json.body).toMatchObject({ scheduleId: setup.a, isUnlocked: true, unlockMethod: 'central' });
    const centralAudit = await admin((c) => c.query(`SELECT action FROM audit_log WHERE action LIKE 'centre.%' ORDER BY id`), centralUrl);
    expect(centralAudit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['centre.pair', 'centre.stage', 'centre.releaseKey', 'centre.issueInvigilatorCode']));

    // The internet goes: the central process stops.
    await stop(central);
    const unlockB = (body: Record<string, unknown>) => call(centreBase, 'POST', '/centre/v1/local/unlock', { token: labAdmin, body: { scheduleId: setup.b, ...body } });
    const offline = await unlockB({});
    expect(offline.status).toBe(503);
    expect(offline.json.body.code).toBe('CENTRE_CENTRAL_UNREACHABLE');
    for (const wrong of ['ZZZZ-ZZZZ-ZZZZ', codeA, codeBSecondCentre]) {
      const res = await unlockB({ code: wrong });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: false, body: { code: 'CENTRE_UNLOCK_CODE_WRONG' } });
    }
    expect((await unlockB({ code: '12' })).json.body.code).toBe('VALIDATION_FAILED');
    const stillLocked = (await call(centreBase, 'GET', '/centre/v1/local/status', { token: labAdmin })).json.body.exams.find((e: { scheduleId: number }) => e.scheduleId === setup.b);
    expect(stillLocked.isUnlocked).toBe(false);
    const byCode = await unlockB({ code: codeB });
    expect(byCode.status, JSON.stringify(byCode.json)).toBe(200);
    expect(byCode.json.body).toMatchObject({ scheduleId: setup.b, isUnlocked: true, unlockMethod: 'code' });

    // The exam runs on the centre with the central server still stopped: a rostered student signs in
    // with the central password, sees B once it opens, starts, saves and submits; a centre account is no student.
    expect((await call(centreBase, 'POST', '/user/v1/login', { body: { username: 'student', password: 'wrong-password' } })).status).not.toBe(200);
    const student = await signIn(centreBase, 'student', DEMO_PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, setup.opensB - Date.now() + 1_000)));
    const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`;
    const events = await call(centreBase, 'GET', `/calendar/v1/listEvents?${range}`, { token: student });
    expect(events.status, JSON.stringify(events.json)).toBe(200);
    const testIds = (title: string) => {
      const entry = events.json.body.find((e: { source: string; title: string }) => e.source === 'test' && e.title === title);
      expect(entry, JSON.stringify(events.json.body)).toBeDefined();
      return (entry.route as string).split('/').slice(-2).map(Number) as [number, number];
    };
    const [courseId, taskId] = testIds(setup.titleB);
    const started = await call(centreBase, 'POST', '/task/v1/practise', { token: student, body: { taskID: taskId, courseID: courseId, languageID: 1 } });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const content = await call(centreBase, 'GET', `/exam/v1/content?key=${started.json.body.contentKey}`, { token: student });
    const question = content.json.body.questions.find((q: { questionType: string }) => q.questionType === 'singleChoice');
    const saved = await call(centreBase, 'POST', '/task/v1/saveAnswer', {
      token: student,
      body: { TestSessionID: started.json.body.TestSessionID, data: [{ questionTaskMapID: question.questionTaskMapID, questionType: 'singleChoice', answerID: question.answer[0].answerID, seq: 1 }] },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const submitted = await call(centreBase, 'POST', '/task/v1/submitTest', { token: student, body: { TestSessionID: started.json.body.TestSessionID, TaskID: taskId } });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    expect(submitted.json.body).toMatchObject({ TaskName: setup.titleB });

    // kill -9 of the centre mid-exam: the student is taking A; the centre is killed and started again,
    // and the running attempt is credited the outage the centre measured from its own journal.
    const [courseA, taskA] = testIds(setup.titleA);
    const startedA = await call(centreBase, 'POST', '/task/v1/practise', { token: student, body: { taskID: taskA, courseID: courseA, languageID: 1 } });
    expect(startedA.status, JSON.stringify(startedA.json)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const killedAt = Date.now();
    centre.child.kill('SIGKILL');
    await centre.exited;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    centre = startProcess(process.execPath, ['dist/server.js'], centreEnv);
    await waitForStatus(`${centreBase}/api/ready`, 200, 180_000, centre);
    const servingAt = Date.now();
    const resumed = await call(centreBase, 'POST', '/task/v1/practise', { token: student, body: { taskID: taskA, courseID: courseA, languageID: 1 } });
    expect(resumed.status, JSON.stringify(resumed.json)).toBe(200);
    expect(resumed.json.body.TestSessionID).toBe(startedA.json.body.TestSessionID);
    const answerA = (await call(centreBase, 'GET', `/exam/v1/content?key=${resumed.json.body.contentKey}`, { token: student })).json.body.questions.find(
      (q: { questionType: string }) => q.questionType === 'singleChoice',
    );
    const savedA = await call(centreBase, 'POST', '/task/v1/saveAnswer', {
      token: student,
      body: { TestSessionID: startedA.json.body.TestSessionID, data: [{ questionTaskMapID: answerA.questionTaskMapID, questionType: 'singleChoice', answerID: answerA.answer[1].answerID, seq: 2 }] },
    });
    expect(savedA.status, JSON.stringify(savedA.json)).toBe(200);
    expect((await call(centreBase, 'POST', '/task/v1/submitTest', { token: student, body: { TestSessionID: startedA.json.body.TestSessionID, TaskID: taskA } })).status).toBe(200);

    // Sync (decision 063): with the central server still down the attempts are sealed and wait; nothing is lost.
    const syncNow = () => call(centreBase, 'POST', '/centre/v1/local/sync', { token: labAdmin, body: {} });
    const down = await syncNow();
    expect(down.status).toBe(503);
    expect(down.json.body.code).toBe('CENTRE_CENTRAL_UNREACHABLE');
    // The link returns: the central process starts again on its own database, and sync runs.
    central = startProcess(process.execPath, ['dist/server.js'], centralEnv);
    await waitForStatus(`${centralBase}/api/ready`, 200, 180_000, central);
    const synced = await syncNow();
    expect(synced.status, JSON.stringify(synced.json)).toBe(200);
    expect(synced.json.body.counts).toEqual({ complete: 2, damaged: 0, refused: 0, pending: 0 });
    expect(synced.json.body.batches).toBe(1);
    const centralRows = () =>
      admin(async (c) => {
        const count = async (sql: string) => Number((await c.query(sql)).rows[0].n);
        return {
          attempts: await count(`SELECT count(*) AS n FROM exam_attempts`),
          answers: await count(`SELECT count(*) AS n FROM exam_answers`),
          records: await count(`SELECT count(*) AS n FROM centre_sync_records`),
          audits: await count(`SELECT count(*) AS n FROM audit_log WHERE action NOT LIKE 'centre.sync%'`),
        };
      }, centralUrl);
    const afterFirst = await centralRows();
    const again = await syncNow();
    expect(again.json.body).toMatchObject({ batches: 0, counts: { complete: 2, damaged: 0, refused: 0, pending: 0 } });
    expect(await centralRows()).toEqual(afterFirst);
    const state = await call(centralBase, 'GET', `/centre/v1/syncState?centreId=${centreId}`, { token: instituteAdmin });
    expect(state.status, JSON.stringify(state.json)).toBe(200);
    expect(state.json.body.counts).toEqual({ complete: 2, damaged: 0, refused: 0, pending: 0 });

    // The centre's own record of it, read once its server has stopped.
    await stop(centre);
    const database = await openDatabase({ pgliteDir: path.join(centreDataDir, 'pglite') });
    try {
      const exams = await database.db.select().from(centreStagedExams);
      expect(Object.fromEntries(exams.map((e) => [e.scheduleId, e.unlockMethod]))).toMatchObject({ [setup.a]: 'central', [setup.b]: 'code' });
      const actions = (await database.db.select().from(auditLog)).map((row) => row.action).filter((action) => action.startsWith('centre.'));
      expect(actions.filter((a) => a === 'centre.unlock')).toHaveLength(2);
      expect(actions).toContain('centre.load');
      // The attempt and its answer are in the centre's own tables, submitted.
      const attempts = await database.db.select().from(examAttempts);
      expect(attempts.map((a) => a.status).sort()).toEqual(['submitted', 'submitted']);
      const submittedB = attempts.find((a) => a.id !== startedA.json.body.TestSessionID)!;
      const answersB = await database.db.select().from(examAnswers).where(eq(examAnswers.attemptId, submittedB.id));
      expect(answersB.find((row) => row.questionTaskMapId === question.questionTaskMapID)).toMatchObject({ seq: 1 });
      // B was served the staged draw, loaded at its unlock by code with the central server down.
      const drawnB = await database.db.select().from(attemptQuestionVersions).where(eq(attemptQuestionVersions.attemptId, submittedB.id));
      const drawnCentral = await database.db
        .select({ centralId: centreLoadedRows.centralId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, 'taskQuestion'), inArray(centreLoadedRows.localId, drawnB.map((row) => row.questionTaskMapId))));
      expect(drawnCentral.map((row) => row.centralId).sort()).toEqual([...stagedDraw.mapIds].sort());
      // The outage credit: one, for A's running attempt, with its cause, within ±2 s of the outage seen from outside.
      const credits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'exam.outageCredit'));
      expect(credits).toHaveLength(1);
      const credit = credits[0]!;
      expect(credit.targetId).toBe(startedA.json.body.TestSessionID);
      expect(credit.reason).toBe('centre server stopped unexpectedly (crash or power cut)');
      const after = credit.after as { seconds: number; from: string; to: string; deadlineAt: string };
      const before = credit.before as { deadlineAt: string };
      expect(Math.abs(after.seconds * 1000 - (servingAt - killedAt))).toBeLessThanOrEqual(2_000);
      expect(Date.parse(after.from)).toBeLessThanOrEqual(killedAt);
      expect(Date.parse(after.deadlineAt) - Date.parse(before.deadlineAt)).toBe(Math.round(after.seconds * 1000));
      const runningA = attempts.find((a) => a.id === credit.targetId)!;
      expect(runningA.deadlineAt.toISOString()).toBe(after.deadlineAt);
      expect(actions.filter((a) => a === 'centre.unlockRefused')).toHaveLength(3);
      expect(actions).toEqual(expect.arrayContaining(['centre.paired', 'centre.staged', 'centre.synced']));

      // The central results equal the centre's, attempt by attempt (scored there by its own scoring), with the credit.
      const outbox = await database.db.select().from(centreSyncOutbox);
      expect(outbox.map((row) => [row.state, row.sent === row.recordCount]).sort()).toEqual([
        ['complete', true],
        ['complete', true],
      ]);
      const centralView = await admin(async (c) => {
        const rows = (
          await c.query(
            `SELECT s.centre_attempt_id, a.status, a.scored, a.total, a.submit_reason, a.started_at, a.submitted_at,
                    (SELECT json_agg(json_build_object('seq', coalesce(x.seq, 0), 'status', m.status, 'marks', m.marks) ORDER BY coalesce(x.seq, 0), m.status)
                       FROM unnest(a.item_map_ids, a.item_marks, string_to_array(a.item_statuses, NULL)) AS i(map_id, marks, letter)
                       CROSS JOIN LATERAL (SELECT i.marks, CASE i.letter WHEN 'c' THEN 'correct' WHEN 'p' THEN 'partial' WHEN 'w' THEN 'wrong' WHEN 'e' THEN 'pending' ELSE 'unanswered' END AS status) m
                       LEFT JOIN exam_answers x ON x.attempt_id = a.id AND x.question_task_map_id = i.map_id) AS answers,
                    (SELECT json_agg(l.after->'seconds') FROM audit_log l WHERE l.target_id = a.id AND l.action = 'exam.outageCredit') AS credits
               FROM centre_sync_attempts s JOIN exam_attempts a ON a.id = s.attempt_id WHERE s.centre_id = $1`,
            [centreId],
          )
        ).rows;
        return new Map(rows.map((r) => [r.centre_attempt_id as string, r]));
      }, centralUrl);
      expect(centralView.size).toBe(2);
      for (const local of attempts) {
        const remote = centralView.get(local.id);
        expect(remote, local.id).toBeDefined();
        const localMarks = await marksOf(database.db, [local.id]);
        expect({ status: remote.status, scored: remote.scored, total: remote.total, submitReason: remote.submit_reason }).toEqual({ status: 'submitted', scored: local.scored, total: local.total, submitReason: local.submitReason });
        expect(new Date(remote.submitted_at).toISOString()).toBe(local.submittedAt!.toISOString());
        const sorted = localMarks.map((x) => ({ seq: x.answer?.seq ?? 0, status: x.status, marks: x.marksAwarded })).sort((p, q) => p.seq - q.seq || String(p.status).localeCompare(String(q.status)));
        expect(remote.answers).toEqual(sorted);
      }
      // The central attempt of B holds the staged draw, as the centre served it.
      const centralB = await admin(async (c) => (await c.query(`SELECT a.question_order FROM centre_sync_attempts s JOIN exam_attempts a ON a.id = s.attempt_id WHERE s.centre_attempt_id = $1`, [submittedB.id])).rows[0], centralUrl);
      expect((centralB.question_order as number[][]).flat()).toEqual(expect.arrayContaining(stagedDraw.mapIds));
      expect(centralView.get(credit.targetId)!.credits).toEqual([after.seconds]);

      // Replayed straight at the central server with the centre's own credential: every chain is held, nothing is added.
      const [identity] = await database.db.select().from(centreIdentity);
      const beforeReplay = await centralRows();
      const replay = await call(centralBase, 'POST', '/centre/v1/sync', {
        body: { attempts: outbox.map((row) => ({ attemptId: row.attemptId, head: { recordCount: row.recordCount, headHash: row.headHash }, records: row.records })) },
        headers: { authorization: `Centre ${identity!.credential}` },
      });
      expect(replay.status, JSON.stringify(replay.json)).toBe(200);
      expect(replay.json.body.attempts.map((a: { state: string; reason: string | null }) => [a.state, a.reason])).toEqual([
        ['complete', null],
        ['complete', null],
      ]);
      expect(await centralRows()).toEqual(beforeReplay);
    } finally {
      await database.close();
    }
  }, 240_000);
});
