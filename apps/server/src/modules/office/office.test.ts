import { OFFICE_CONTENT_TYPES, officeRoutes, questionBankRoutes, type OfficeFile, type OfficeRunDetails } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers, testSchedules } from '../../db/schema/index.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { DEMO_OFFICE_TASKS, demoOfficeFiles } from './office.demo.js';
import { buildDocument, buildWorkbook, type CellSpec } from './office.fixtures.js';
import { openPackage } from './office.package.js';
import { readStamp } from './office.stamp.js';
import { multipartBody } from '../../../test/multipart.js';

// API tests of the office calls: working copies, uploads, evaluations and their scores, staff reads.

let t: TestApp;
let instA: TestInstitute;
let alice: TestUser;
let bob: TestUser;
let staffA: TestUser;
let staffB: TestUser;
let otherClientAdmin: TestUser;
let practice: BuiltTest;
let graded: BuiltTest;
let xlsxQ: number;
let docxQ: number;
let choiceQ: number;
let gradedQ: number;
let aliceAttemptId: string;
let bobAttemptId: string;
let aliceFile: OfficeFile;
let bobFile: OfficeFile;

const MARKS = [78, 92, 65, 88, 71];
const sheetWith = (a7: CellSpec) => buildWorkbook([{ name: 'Sheet1', rows: [[{ v: 'Marks', bold: true }], ...MARKS.map((m) => [m]), [a7]] }]);

const multipart = (bytes: Uint8Array, name = 'answer.xlsx', field = 'file') => multipartBody(bytes, { field, fileName: name });

function upload(user: TestUser | null, path: string, bytes: Uint8Array, query = '') {
  const body = multipart(bytes);
  return t.call({ method: 'POST', url: `/api/office/v1/upload?path=${encodeURIComponent(path)}${query}`, headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
}

async function fileInfo(user: TestUser, path: string): Promise<OfficeFile> {
  const res = await callAs(t, user, officeRoutes.file, { query: { path } });
  expect(res.statusCode).toBe(200);
  return res.json<{ body: OfficeFile }>().body;
}

async function evaluate(user: TestUser, file: OfficeFile, questionId = xlsxQ, taskId = practice.task.id): Promise<OfficeRunDetails> {
  const started = await callAs(t, user, officeRoutes.runOffice, {
    body: { officeTypeID: 1, questionID: questionId, path: file.path, taskID: taskId, type: 'eval', contentType: 'xlsx', username: 'x', userId: user.id },
  });
  expect(started.statusCode, started.body).toBe(200);
  const runID = started.json<{ body: { runID: string } }>().body.runID;
  const pending = await callAs(t, user, officeRoutes.getRunDetailsOffice, { query: { runID } });
  expect(pending.json<{ body: OfficeRunDetails }>().body.statusCode).toBe('PE');
  await t.app.services.jobs.queue.runOnce();
  const done = await callAs(t, user, officeRoutes.getRunDetailsOffice, { query: { runID } });
  return done.json<{ body: OfficeRunDetails }>().body;
}

beforeAll(async () => {
  t = await createTestApp({ env: { OFFICE_EVALUATOR: 'inline' } });
  instA = await createInstitute(t);
  const instB = await createInstitute(t);
  alice = await t.createUser({ role: 'Student', ...placeIn(instA, 0) });
  bob = await t.createUser({ role: 'SchoolStudent', ...placeIn(instA, 0) });
  staffA = await t.createUser({ role: 'InstituteAdmin', ...placeIn(instA) });
  staffB = await t.createUser({ role: 'InstituteAdmin', ...placeIn(instB) });
  const clientB = await createClient(t);
  otherClientAdmin = await t.createUser({ role: 'ClientAdmin', clientId: clientB });

  const store = t.deps.fileStore;
  const sheet = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
  const doc = await demoOfficeFiles(DEMO_OFFICE_TASKS['cell-organelles']!);
  await store.put('office/questions/test-total-start.xlsx', sheet.start, { contentType: OFFICE_CONTENT_TYPES.xlsx });
  await store.put('office/questions/test-total-solution.xlsx', sheet.solution, { contentType: OFFICE_CONTENT_TYPES.xlsx });
  await store.put('office/questions/test-cell-start.docx', doc.start, { contentType: OFFICE_CONTENT_TYPES.docx });
  await store.put('office/questions/test-cell-solution.docx', doc.solution, { contentType: OFFICE_CONTENT_TYPES.docx });
  const xlsxQuestion = { questionType: 'xlsx', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0, allowsPartialCredit: true, startFileUrl: 'office/questions/test-total-start.xlsx', solution: 'office/questions/test-total-solution.xlsx', rubric: sheet.rubric };
  practice = await createTestTask(t.deps.db, {
    task: { testType: 'practice' },
    sections: [
      {
        questions: [
          xlsxQuestion,
          { questionType: 'docx', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0, allowsPartialCredit: true, startFileUrl: 'office/questions/test-cell-start.docx', solution: 'office/questions/test-cell-solution.docx', rubric: doc.rubric },
          {},
        ],
      },
    ],
  });
  [xlsxQ, docxQ, choiceQ] = practice.sections[0]!.questions.map((q) => q.question.id) as [number, number, number];
  graded = await createTestTask(t.deps.db, { sections: [{ questions: [xlsxQuestion] }] });
  gradedQ = graded.sections[0]!.questions[0]!.question.id;
  aliceAttemptId = (await startAttempt(t, alice, practice)).TestSessionID;
  bobAttemptId = (await startAttempt(t, bob, practice)).TestSessionID;
});

afterAll(async () => {
  await t?.close();
});

describe('copyStartFile, file and download', () => {
  it('makes a stamped working copy from the start file once, and returns it again after', async () => {
    const res = await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ, TestSessionID: aliceAttemptId, contentType: 'xlsx', username: 'alice' } });
    expect(res.statusCode, res.body).toBe(200);
    aliceFile = res.json<{ body: OfficeFile }>().body;
    expect(aliceFile).toMatchObject({ kind: 'xlsx', version: 1, origin: 'start', savedAt: null, editable: true, solutionAvailable: false, editor: 'builtin', TestSessionID: aliceAttemptId });
    // Without TestSessionID: the open attempt of the task; the same copy.
    const again = await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ } });
    expect(again.json<{ body: OfficeFile }>().body.path).toBe(aliceFile.path);
    const download = await callAs(t, alice, officeRoutes.download, { query: { path: aliceFile.path } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(readStamp(openPackage(new Uint8Array(download.rawPayload), 'xlsx'))).toEqual({ attemptId: aliceAttemptId, questionId: xlsxQ });
    bobFile = (await callAs(t, bob, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ, TestSessionID: bobAttemptId } })).json<{ body: OfficeFile }>().body;
    expect(bobFile.path).not.toBe(aliceFile.path);
  });

  it('refuses bad input, no token, staff, a non-office question and another student’s attempt or file', async () => {
    const bad = await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: 'x', questionID: xlsxQ } });
    expect(bad.statusCode).toBe(400);
    expect((await callAs(t, null, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ } })).statusCode).toBe(401);
    expect((await callAs(t, staffA, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ } })).statusCode).toBe(403);
    const choice = await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: choiceQ } });
    expect(choice.statusCode).toBe(422);
    expect(choice.json<{ body: { code: string } }>().body.code).toBe('OFFICE_QUESTION_NOT_OFFICE');
    expect((await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: practice.task.id, questionID: xlsxQ, TestSessionID: bobAttemptId } })).statusCode).toBe(404);
    for (const route of [officeRoutes.file, officeRoutes.download]) {
      expect((await callAs(t, alice, route, { query: { path: bobFile.path } })).statusCode).toBe(404);
      expect((await callAs(t, alice, route, { query: { path: 'no-such-file' } })).statusCode).toBe(404);
      expect((await callAs(t, null, route, { query: { path: aliceFile.path } })).statusCode).toBe(401);
    }
  });
});

describe('upload', () => {
  it('saves a correct answer as the next version, and a reload continues from it', async () => {
    const res = await upload(alice, aliceFile.path, await sheetWith({ f: 'A2+A3+A4+A5+A6' }), '&origin=editor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: OfficeFile }>().body).toMatchObject({ version: 2, origin: 'editor' });
    const info = await fileInfo(alice, aliceFile.path);
    expect(info.version).toBe(2);
    expect(info.savedAt).not.toBeNull();
  });

  it('refuses malformed, oversized, encrypted, non-OOXML, wrong-kind and foreign files with a clear error, changing nothing', async () => {
    const before = await fileInfo(alice, aliceFile.path);
    const bobCopy = (await callAs(t, bob, officeRoutes.download, { query: { path: bobFile.path } })).rawPayload;
    const cases: Array<[string, Uint8Array, number, string]> = [
      ['malformed', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), 400, 'OFFICE_UPLOAD_MALFORMED'],
      ['oversized', new Uint8Array(10 * 1024 * 1024 + 10), 413, 'OFFICE_UPLOAD_TOO_LARGE'],
      ['encrypted', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 400, 'OFFICE_UPLOAD_ENCRYPTED'],
      ['not OOXML', strToU8('%PDF-1.4 this is a PDF'), 400, 'OFFICE_UPLOAD_WRONG_KIND'],
      ['empty', new Uint8Array(), 400, 'OFFICE_UPLOAD_EMPTY'],
      ['a document', await buildDocument([{ text: 'hello' }]), 400, 'OFFICE_UPLOAD_WRONG_KIND'],
      ['another student’s copy', new Uint8Array(bobCopy), 409, 'OFFICE_UPLOAD_FOREIGN'],
    ];
    for (const [name, bytes, status, code] of cases) {
      const res = await upload(alice, aliceFile.path, bytes);
      expect(res.statusCode, name).toBe(status);
      const json = res.json<{ status: boolean; message: string; body: { code: string } }>();
      expect(json.body.code, name).toBe(code);
      expect(json.message.length, name).toBeGreaterThan(10);
    }
    expect(await fileInfo(alice, aliceFile.path)).toMatchObject({ version: before.version, size: before.size });
  });

  it('refuses no token, no file, staff and another student’s file', async () => {
    const wb = await sheetWith(394);
    expect((await upload(null, aliceFile.path, wb)).statusCode).toBe(401);
    expect((await upload(staffA, aliceFile.path, wb)).statusCode).toBe(403);
    expect((await upload(bob, aliceFile.path, wb)).statusCode).toBe(404);
    const noFile = await t.call({ method: 'POST', url: `/api/office/v1/upload?path=${aliceFile.path}`, headers: { ...alice.headers, 'content-type': 'application/json' }, payload: {} });
    expect([400, 415]).toContain(noFile.statusCode);
  });
});

describe('runOffice and getRunDetailsOffice', () => {
  it('evaluates the saved copy: a correct answer written differently scores 100 and is recorded with the attempt', async () => {
    const details = await evaluate(alice, aliceFile);
    expect(details.statusCode).toBe('EV');
    const result = JSON.parse(details.resultDesc!) as { percentage: number; unmatched: string[] };
    // The solution uses SUM: the additions lose only that check.
    expect(result.unmatched).toEqual(['Uses SUM']);
    expect(details.recorded).toBe(true);
    const [answer] = await t.deps.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.attemptId, aliceAttemptId), eq(examAnswers.questionTaskMapId, practice.sections[0]!.questions[0]!.mapId)));
    expect(answer?.evaluatedFraction).toBeCloseTo(result.percentage / 100, 6);
    expect(answer?.answerData).toMatchObject({ percentage: result.percentage, path: aliceFile.path });
  });

  it('takes the formula marks from a typed total and gives 100 to the SUM', async () => {
    await upload(alice, aliceFile.path, await sheetWith(394));
    const typed = JSON.parse((await evaluate(alice, aliceFile)).resultDesc!);
    expect(typed.unmatched).toContain('Sheet1!A7 formula');
    await upload(alice, aliceFile.path, await sheetWith({ f: 'SUM(A2:A6)' }));
    const right = JSON.parse((await evaluate(alice, aliceFile)).resultDesc!);
    expect(right).toEqual({ percentage: 100, unmatched: [] });
    expect(typed.percentage).toBeLessThan(right.percentage);
  });

  it('gives the unmatched items and each check in the caller’s language (Tamil with the language header)', async () => {
    await upload(alice, aliceFile.path, await sheetWith(394));
    const english = await evaluate(alice, aliceFile);
    expect(JSON.parse(english.resultDesc!).unmatched).toEqual(expect.arrayContaining(['Sheet1!A7 formula', 'Uses SUM']));
    const tamil = (await callAs(t, alice, officeRoutes.getRunDetailsOffice, { query: { runID: english.runID } }, { language: 'tn' })).json<{ body: OfficeRunDetails }>().body;
    const unmatched = JSON.parse(tamil.resultDesc!).unmatched as string[];
    expect(unmatched).toEqual(expect.arrayContaining(['Sheet1!A7 சூத்திரம்', 'SUM பயன்படுத்தப்பட்டுள்ளது']));
    expect(unmatched.join(' ')).not.toMatch(/formula|Uses/);
    const report = await callAs(t, staffA, officeRoutes.runReport, { query: { runID: english.runID } }, { language: 'tn' });
    const checks = report.json<{ body: { evaluation: { checks: Array<{ type: string; label: string }> } } }>().body.evaluation.checks;
    expect(checks.find((c) => c.type === 'sheetName')?.label).toBe('Sheet1 என்ற பெயருள்ள தாள்');
    // The saved answer keeps the Tamil items too, for the result shown after a reload.
    const [answer] = await t.deps.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.attemptId, aliceAttemptId), eq(examAnswers.questionTaskMapId, practice.sections[0]!.questions[0]!.mapId)));
    expect(answer?.answerData).toMatchObject({ unmatched: expect.arrayContaining(['Uses SUM']), unmatchedTn: expect.arrayContaining(['SUM பயன்படுத்தப்பட்டுள்ளது']) });
    await upload(alice, aliceFile.path, await sheetWith({ f: 'SUM(A2:A6)' }));
  });

  it('refuses bad input, a mismatched type, no token, staff and another student’s file or run', async () => {
    const body = { officeTypeID: 1, questionID: xlsxQ, path: aliceFile.path, taskID: practice.task.id, type: 'eval' };
    expect((await callAs(t, alice, officeRoutes.runOffice, { body: { ...body, type: 'run' } })).statusCode).toBe(400);
    const mismatch = await callAs(t, alice, officeRoutes.runOffice, { body: { ...body, officeTypeID: 2 } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json<{ body: { code: string } }>().body.code).toBe('OFFICE_TYPE_MISMATCH');
    expect((await callAs(t, alice, officeRoutes.runOffice, { body: { ...body, questionID: docxQ } })).statusCode).toBe(404);
    expect((await callAs(t, null, officeRoutes.runOffice, { body })).statusCode).toBe(401);
    expect((await callAs(t, staffA, officeRoutes.runOffice, { body })).statusCode).toBe(403);
    expect((await callAs(t, bob, officeRoutes.runOffice, { body })).statusCode).toBe(404);
    const run = await callAs(t, alice, officeRoutes.runOffice, { body });
    const runID = run.json<{ body: { runID: string } }>().body.runID;
    await t.app.services.jobs.queue.runOnce();
    expect((await callAs(t, bob, officeRoutes.getRunDetailsOffice, { query: { runID } })).statusCode).toBe(404);
    expect((await callAs(t, null, officeRoutes.getRunDetailsOffice, { query: { runID } })).statusCode).toBe(401);
    expect((await callAs(t, staffA, officeRoutes.getRunDetailsOffice, { query: { runID } })).statusCode).toBe(403);
    expect((await callAs(t, alice, officeRoutes.getRunDetailsOffice, { query: { runID: '' } })).statusCode).toBe(400);
    expect((await callAs(t, alice, officeRoutes.getRunDetailsOffice, { query: { runID: 'unknown' } })).statusCode).toBe(404);
  });

  it('shows staff in scope each check of a run, and nobody else', async () => {
    const details = await evaluate(alice, aliceFile);
    const report = await callAs(t, staffA, officeRoutes.runReport, { query: { runID: details.runID } });
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json<{ body: { evaluation: { checks: Array<{ type: string; passed: boolean }> } } }>().body;
    expect(body.evaluation.checks.map((c) => c.type)).toContain('formula');
    expect((await callAs(t, staffB, officeRoutes.runReport, { query: { runID: details.runID } })).statusCode).toBe(404);
    expect((await callAs(t, alice, officeRoutes.runReport, { query: { runID: details.runID } })).statusCode).toBe(403);
    expect((await callAs(t, null, officeRoutes.runReport, { query: { runID: details.runID } })).statusCode).toBe(401);
  });
});

describe('the solution file', () => {
  it('is given in practice once the answer is revealed (which locks the copy), and refused during a graded test', async () => {
    // Bob has not revealed his answer: no solution yet.
    const before = await callAs(t, bob, officeRoutes.solution, { query: { taskID: practice.task.id, questionID: xlsxQ } });
    expect(before.statusCode).toBe(403);
    const reveal = await t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: bob.headers, payload: { TestSessionID: bobAttemptId, questionTaskMapID: practice.sections[0]!.questions[0]!.mapId } });
    expect(reveal.statusCode, reveal.body).toBe(200);
    const res = await callAs(t, bob, officeRoutes.solution, { query: { taskID: practice.task.id, questionID: xlsxQ } });
    expect(res.statusCode).toBe(200);
    expect(openPackage(new Uint8Array(res.rawPayload), 'xlsx').has('xl/workbook.xml')).toBe(true);
    // The revealed answer is locked: the solution cannot be handed in as the answer.
    const locked = await upload(bob, bobFile.path, new Uint8Array(res.rawPayload));
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ body: { code: string } }>().body.code).toBe('OFFICE_ANSWER_REVEALED');
    const run = await callAs(t, bob, officeRoutes.runOffice, { body: { officeTypeID: 1, questionID: xlsxQ, path: bobFile.path, taskID: practice.task.id, type: 'eval' } });
    expect(run.statusCode).toBe(409);
    expect((await fileInfo(bob, bobFile.path)).editable).toBe(false);
    const session = (await startAttempt(t, alice, graded)).TestSessionID;
    const hidden = await callAs(t, alice, officeRoutes.solution, { query: { taskID: graded.task.id, questionID: gradedQ, TestSessionID: session } });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json<{ body: { code: string } }>().body.code).toBe('OFFICE_SOLUTION_HIDDEN');
    const copy = (await callAs(t, alice, officeRoutes.copyStartFile, { body: { taskID: graded.task.id, questionID: gradedQ } })).json<{ body: OfficeFile }>().body;
    expect(copy.solutionAvailable).toBe(false);
    expect((await callAs(t, bob, officeRoutes.solution, { query: { taskID: graded.task.id, questionID: gradedQ, TestSessionID: session } })).statusCode).toBe(404);
    expect((await callAs(t, null, officeRoutes.solution, { query: { taskID: practice.task.id, questionID: xlsxQ } })).statusCode).toBe(401);
  });
});

describe('the solution file follows the feedback report’s rule', () => {
  it('stays hidden after submitting a test whose answers show after the window, until the window closes', async () => {
    const xlsx = { questionType: 'xlsx', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0, allowsPartialCredit: true, startFileUrl: 'office/questions/test-total-start.xlsx', solution: 'office/questions/test-total-solution.xlsx', rubric: null };
    const windowed = await createTestTask(t.deps.db, { task: { showAnswers: 'afterWindow' }, sections: [{ questions: [xlsx] }] });
    const questionID = windowed.sections[0]!.questions[0]!.question.id;
    const closesAt = new Date(t.clock.now().getTime() + 3_600_000);
    await t.deps.db.insert(testSchedules).values({ taskId: windowed.task.id, instituteId: instA.id, classId: null, sectionId: null, opensAt: new Date(t.clock.now().getTime() - 60_000), closesAt });
    const carol = await t.createUser({ role: 'Student', ...placeIn(instA, 0) });
    const session = (await startAttempt(t, carol, windowed)).TestSessionID;
    const copy = (await callAs(t, carol, officeRoutes.copyStartFile, { body: { taskID: windowed.task.id, questionID } })).json<{ body: OfficeFile }>().body;
    expect((await submitTest(t, carol, session, windowed.task.id)).statusCode).toBe(200);
    const query = { taskID: windowed.task.id, questionID, TestSessionID: session };
    const report = await t.call({ method: 'GET', url: `/api/task/v1/feedbackReport?courseId=${windowed.course.id}&taskId=${windowed.task.id}&attemptId=${session}`, headers: carol.headers });
    expect(report.json<{ body: { answersHidden: unknown } }>().body.answersHidden).toEqual({ reason: 'afterWindow', shownFrom: closesAt.toISOString() });
    const hidden = await callAs(t, carol, officeRoutes.solution, { query });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json<{ body: { code: string } }>().body.code).toBe('OFFICE_SOLUTION_HIDDEN');
    expect((await fileInfo(carol, copy.path)).solutionAvailable).toBe(false);
    t.clock.advance(3_600_001);
    const shown = await callAs(t, carol, officeRoutes.solution, { query });
    expect(shown.statusCode).toBe(200);
    expect((await fileInfo(carol, copy.path)).solutionAvailable).toBe(true);
  });
});

describe('authors: question files, rubric drafts and the self-check', () => {
  it('evaluates a question’s solution against itself (100), in scope only', async () => {
    const res = await callAs(t, staffA, officeRoutes.checkQuestion, { body: { questionId: xlsxQ } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: { percentage: number; unmatched: string[] } }>().body).toMatchObject({ percentage: 100, unmatched: [] });
    const badRubric = await callAs(t, staffA, officeRoutes.checkQuestion, { body: { questionId: xlsxQ, rubric: '{"nope":1}' } });
    expect(badRubric.statusCode).toBe(400);
    expect((await callAs(t, otherClientAdmin, officeRoutes.checkQuestion, { body: { questionId: xlsxQ } })).statusCode).toBe(404);
    expect((await callAs(t, alice, officeRoutes.checkQuestion, { body: { questionId: xlsxQ } })).statusCode).toBe(403);
    expect((await callAs(t, staffA, officeRoutes.checkQuestion, { body: { questionId: 'x' } })).statusCode).toBe(400);
  });

  it('keeps the question bank’s office fields sound: a rubric that does not read is refused', async () => {
    const sheet = await demoOfficeFiles(DEMO_OFFICE_TASKS['sheet-total']!);
    const body = { questionType: 'xlsx', texts: { en: { data: 'Total the marks.' } }, startFileUrl: 'office/questions/test-total-start.xlsx', solution: 'office/questions/test-total-solution.xlsx' };
    const bad = await callAs(t, staffA, questionBankRoutes.create, { body: { ...body, rubric: '{"version":1,"kind":"docx","checks":[]}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ body: { fields: Record<string, string> } }>().body.fields).toHaveProperty('rubric');
    const good = await callAs(t, staffA, questionBankRoutes.create, { body: { ...body, rubric: sheet.rubric } });
    expect(good.statusCode, good.body).toBe(200);
    const questionId = good.json<{ body: { questionId: number } }>().body.questionId;
    expect((await callAs(t, staffA, officeRoutes.checkQuestion, { body: { questionId } })).json<{ body: { percentage: number } }>().body.percentage).toBe(100);
  });

  it('stores a solution file with a drafted rubric, and drafts one from a stored file', async () => {
    const body = multipart(await sheetWith({ f: 'SUM(A2:A6)' }));
    const res = await t.call({ method: 'POST', url: '/api/office/v1/questionFile?kind=xlsx&purpose=solution', headers: { ...staffA.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json<{ body: { fileKey: string; rubric: string } }>().body;
    expect(stored.fileKey).toMatch(/^office\/questions\/.+\.xlsx$/);
    expect(JSON.parse(stored.rubric).checks.length).toBeGreaterThan(2);
    const draft = await callAs(t, staffA, officeRoutes.draftRubric, { body: { questionType: 'xlsx', solution: stored.fileKey } });
    expect(draft.json<{ body: { checks: number } }>().body.checks).toBe(JSON.parse(stored.rubric).checks.length);
    // Only files of office questions: nothing else in the store.
    expect((await callAs(t, staffA, officeRoutes.draftRubric, { body: { questionType: 'xlsx', solution: 'proctoring/x/y.jpg' } })).statusCode).toBe(422);
    const bad = multipart(strToU8('not a workbook'));
    const refused = await t.call({ method: 'POST', url: '/api/office/v1/questionFile?kind=xlsx&purpose=start', headers: { ...staffA.headers, ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(400);
    const student = await t.call({ method: 'POST', url: '/api/office/v1/questionFile?kind=xlsx&purpose=start', headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    expect(student.statusCode).toBe(403);
  });
});

describe('without a document server', () => {
  it('says so in health, and the editor calls answer 404', async () => {
    const health = await callAs(t, null, officeRoutes.health, {});
    expect(health.json<{ body: { documentServer: boolean } }>().body.documentServer).toBe(false);
    const config = await callAs(t, alice, officeRoutes.editorConfig, { query: { path: aliceFile.path } });
    expect(config.statusCode).toBe(404);
    expect(config.json<{ body: { code: string } }>().body.code).toBe('OFFICE_DOCUMENT_SERVER_OFF');
  });
});
