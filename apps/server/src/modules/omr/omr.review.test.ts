import { omrRoutes, type OmrSheetDetail, type RouteDef } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, auditLog, examAttempts, omrSheets, studentSignupDetails, type OmrAnswer } from '../../db/schema/index.js';
import { createCourse, createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { generateCorpusSheet } from './omr.corpus.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let home: TestInstitute;
let teacher: TestUser;
let classTeacher: TestUser;
let outsider: TestUser;
let foreignTeacher: TestUser;
let revoked: TestUser;
let anu: TestUser;
let bala: TestUser;
let chitra: TestUser;
let foreignStudent: TestUser;
let graded: BuiltTest;
let practice: BuiltTest;
let foreignTest: BuiltTest;

beforeAll(async () => {
  t = await createTestApp();
  home = await createInstitute(t);
  const other = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(home) });
  classTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(home) });
  await t.app.services.roles.assignClasses(classTeacher.id, [{ classId: home.classes[1]!.id, sectionId: null }]);
  classTeacher = { ...classTeacher, ...(await t.signIn(classTeacher.id)) };
  outsider = await t.createUser({ role: 'SchoolTeacher', ...placeIn(other) });
  const foreignClient = await createClient(t);
  const foreignInstitute = await createInstitute(t, { clientId: foreignClient });
  foreignTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(foreignInstitute) });
  foreignStudent = await t.createUser({ role: 'SchoolStudent', ...placeIn(foreignInstitute, 0) });
  const stripped = await createClient(t);
  await t.app.services.roles.revokeTabs(stripped, 'SchoolTeacher', ['OMR PDF Upload']);
  revoked = await t.createUser({ role: 'SchoolTeacher', ...placeIn(await createInstitute(t, { clientId: stripped })) });
  anu = await t.createUser({ role: 'SchoolStudent', firstName: 'Anu', lastName: 'Kannan', ...placeIn(home, 0, 0) });
  bala = await t.createUser({ role: 'SchoolStudent', firstName: 'Bala', lastName: 'Murugan', ...placeIn(home, 0, 1) });
  chitra = await t.createUser({ role: 'SchoolStudent', firstName: 'Chitra', lastName: 'Devi', ...placeIn(home, 1, 0) });
  await t.deps.db.insert(studentSignupDetails).values({ userId: anu.id, campusName: 'c', departmentName: 'd', degreeName: 'e', yearOfPassing: 2026, rollNo: '2026000123' });
  graded = await createTestTask(t.deps.db);
  practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null } });
  foreignTest = await createTestTask(t.deps.db, { course: await createCourse(t.deps.db, { clientId: foreignClient }) });
});
afterAll(() => t.close());

const call = (user: TestUser | null, def: RouteDef, input: { body?: unknown; query?: Record<string, string | number> }) => callAs(t, user, def, input);

/** A sheet as the recognition job files it (the reading itself is tested with real scans below and in omr.test.ts). */
async function fileSheet(values: { taskId?: number; studentId?: number | null; answers?: OmrAnswer[]; flagged?: number[]; rollNumber?: string | null; uploader?: TestUser; source?: 'staff' | 'student'; submitted?: boolean }) {
  const uploader = values.uploader ?? teacher;
  const [row] = await t.deps.db
    .insert(omrSheets)
    .values({
      taskId: values.taskId ?? graded.task.id,
      clientId: home.clientId,
      instituteId: home.id,
      source: values.source ?? 'staff',
      uploadedBy: uploader.id,
      rollNumber: values.rollNumber ?? null,
      rollFlagged: values.rollNumber === undefined,
      studentId: values.studentId ?? null,
      answers: values.answers ?? [1, 0, null],
      flagged: values.flagged ?? [],
      crops: { roll: 'data:image/png;base64,AAAA', questions: Object.fromEntries((values.flagged ?? []).map((q) => [String(q), 'data:image/png;base64,BBBB'])) },
      submittedAt: values.submitted ? new Date() : null,
    })
    .returning();
  return row!;
}

const paperAttempts = (userId: number, taskId: number) =>
  t.deps.db.select().from(examAttempts).where(and(eq(examAttempts.userId, userId), eq(examAttempts.taskId, taskId), eq(examAttempts.submitReason, 'paper')));

describe('GET /omr/v1/review and /omr/v1/sheet', () => {
  it('lists a test’s sheets with where each stands, and shows a sheet’s flagged questions as crops', async () => {
    const test = await createTestTask(t.deps.db);
    const flagged = await fileSheet({ taskId: test.task.id, studentId: anu.id, rollNumber: '2026000123', flagged: [2] });
    const held = await fileSheet({ taskId: test.task.id, rollNumber: '9999999999' });
    const ready = await fileSheet({ taskId: test.task.id, studentId: bala.id, rollNumber: String(bala.id) });
    const res = await call(teacher, omrRoutes.review, { query: { taskId: test.task.id } });
    expect(res.statusCode, res.body).toBe(200);
    const states = Object.fromEntries(res.json().body.sheets.map((s: { id: number; state: string }) => [s.id, s.state]));
    expect(states).toEqual({ [flagged.id]: 'toCheck', [held.id]: 'held', [ready.id]: 'ready' });
    expect(res.json().body.questionCount).toBe(3);

    const detail = await call(teacher, omrRoutes.sheet, { query: { id: flagged.id } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().body).toMatchObject({ student: { id: anu.id, name: 'Anu Kannan', rollNumber: '2026000123' }, flagged: [{ question: 2, read: null, crop: 'data:image/png;base64,BBBB' }] });
    // A teacher of another class sees neither the sheet of a student outside it nor, in the list, that sheet.
    expect((await call(classTeacher, omrRoutes.sheet, { query: { id: flagged.id } })).statusCode).toBe(404);
    const theirs = await call(classTeacher, omrRoutes.review, { query: { taskId: test.task.id } });
    expect(theirs.json().body.sheets.map((s: { id: number }) => s.id)).toEqual([held.id]);
  });

  it('answers 400, 401, 403 and 404 (another institute, another client, a missing sheet)', async () => {
    const sheet = await fileSheet({ studentId: anu.id, rollNumber: '2026000123' });
    expect((await call(teacher, omrRoutes.review, { query: { taskId: 'x' } })).statusCode).toBe(400);
    expect((await call(teacher, omrRoutes.sheet, { query: { id: -2 } })).statusCode).toBe(400);
    expect((await call(null, omrRoutes.review, { query: { taskId: graded.task.id } })).statusCode).toBe(401);
    expect((await call(null, omrRoutes.sheet, { query: { id: sheet.id } })).statusCode).toBe(401);
    expect((await call(anu, omrRoutes.sheet, { query: { id: sheet.id } })).statusCode).toBe(403);
    expect((await call(revoked, omrRoutes.review, { query: { taskId: graded.task.id } })).statusCode).toBe(403);
    expect((await call(outsider, omrRoutes.sheet, { query: { id: sheet.id } })).statusCode).toBe(404);
    expect((await call(foreignTeacher, omrRoutes.sheet, { query: { id: sheet.id } })).statusCode).toBe(404);
    expect((await call(foreignTeacher, omrRoutes.review, { query: { taskId: graded.task.id } })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.review, { query: { taskId: foreignTest.task.id } })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.sheet, { query: { id: 999_999 } })).statusCode).toBe(404);
    // Another institute's teacher sees none of this institute's sheets in the list.
    const list = await call(outsider, omrRoutes.review, { query: { taskId: graded.task.id } });
    expect(list.statusCode).toBe(200);
    expect(list.json().body.sheets).toEqual([]);
  });
});

describe('POST /omr/v1/correct', () => {
  it('keeps a person’s decision beside the read answer, and audits it', async () => {
    const sheet = await fileSheet({ studentId: anu.id, rollNumber: '2026000123', answers: [1, null, 'invalid'], flagged: [1] });
    const res = await call(teacher, omrRoutes.correct, { body: { sheetId: sheet.id, corrections: [{ question: 1, answer: 3 }, { question: 2, answer: null }] } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().body as OmrSheetDetail;
    expect(detail.answers).toEqual([1, 3, null]);
    expect(detail.state).toBe('ready');
    expect(detail.flagged).toEqual([expect.objectContaining({ question: 1, read: null, decided: 3 })]);
    expect(detail.corrected).toEqual([{ question: 2, read: 'invalid', decided: null }]);
    const [row] = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.id, sheet.id));
    expect(row!.answers).toEqual([1, null, 'invalid']);
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'omr.correctSheet'), eq(auditLog.targetId, String(sheet.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: teacher.id, targetUserId: anu.id });
  });

  it('refuses a bad answer or question with a clear message and changes nothing', async () => {
    const sheet = await fileSheet({ studentId: anu.id, rollNumber: '2026000123', flagged: [0] });
    const bad = [
      { sheetId: sheet.id, corrections: [{ question: 0, answer: 4 }] },
      { sheetId: sheet.id, corrections: [{ question: 0, answer: 'E' }] },
      { sheetId: sheet.id, corrections: [] },
      { sheetId: 'x', corrections: [{ question: 0, answer: 1 }] },
    ];
    for (const body of bad) {
      const res = await call(teacher, omrRoutes.correct, { body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await call(teacher, omrRoutes.correct, { body: bad[0] })).json().message).toMatch(/none, A, B, C, D or invalid/);
    const outOfRange = await call(teacher, omrRoutes.correct, { body: { sheetId: sheet.id, corrections: [{ question: 3, answer: 1 }] } });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toMatch(/no such question/);
    const [row] = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.id, sheet.id));
    expect(row!.corrections).toEqual({});
  });

  it('answers 401, 403 and 404 for another institute’s or client’s staff', async () => {
    const sheet = await fileSheet({ studentId: anu.id, rollNumber: '2026000123', flagged: [0] });
    const body = { sheetId: sheet.id, corrections: [{ question: 0, answer: 1 }] };
    expect((await call(null, omrRoutes.correct, { body })).statusCode).toBe(401);
    expect((await call(anu, omrRoutes.correct, { body })).statusCode).toBe(403);
    expect((await call(revoked, omrRoutes.correct, { body })).statusCode).toBe(403);
    expect((await call(outsider, omrRoutes.correct, { body })).statusCode).toBe(404);
    expect((await call(foreignTeacher, omrRoutes.correct, { body })).statusCode).toBe(404);
    expect((await call(classTeacher, omrRoutes.correct, { body })).statusCode).toBe(404);
  });
});

describe('held sheets: GET /omr/v1/candidates and POST /omr/v1/assign', () => {
  it('finds students in scope by name or roll number and files the sheet under one, audited', async () => {
    const sheet = await fileSheet({ rollNumber: '5555555555' });
    const byName = await call(teacher, omrRoutes.candidates, { query: { sheetId: sheet.id, search: 'chit' } });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().body).toEqual([expect.objectContaining({ id: chitra.id, name: 'Chitra Devi' })]);
    const byRoll = await call(teacher, omrRoutes.candidates, { query: { sheetId: sheet.id, search: '2026000' } });
    expect(byRoll.json().body.map((c: { id: number }) => c.id)).toEqual([anu.id]);
    // A class teacher is offered the students of the class taught only.
    const narrowed = await call(classTeacher, omrRoutes.candidates, { query: { sheetId: sheet.id, search: '' } });
    expect(narrowed.json().body.map((c: { id: number }) => c.id)).toEqual([chitra.id]);

    const res = await call(teacher, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: chitra.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ state: 'ready', student: { id: chitra.id } });
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'omr.assignSheet'), eq(auditLog.targetId, String(sheet.id))));
    expect(audits[0]).toMatchObject({ targetUserId: chitra.id, before: { studentId: null } });
  });

  it('refuses a student out of scope (404), bad ids (400), no token (401) and a student caller (403)', async () => {
    const sheet = await fileSheet({ rollNumber: '5555555556' });
    expect((await call(teacher, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: foreignStudent.id } })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: teacher.id } })).statusCode).toBe(404);
    expect((await call(classTeacher, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: anu.id } })).statusCode).toBe(404);
    expect((await call(outsider, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: anu.id } })).statusCode).toBe(404);
    expect((await call(foreignTeacher, omrRoutes.candidates, { query: { sheetId: sheet.id } })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: 'abc' } })).statusCode).toBe(400);
    expect((await call(teacher, omrRoutes.candidates, { query: { sheetId: sheet.id, search: 'x'.repeat(61) } })).statusCode).toBe(400);
    expect((await call(null, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: anu.id } })).statusCode).toBe(401);
    expect((await call(anu, omrRoutes.assign, { body: { sheetId: sheet.id, studentId: anu.id } })).statusCode).toBe(403);
    expect((await call(revoked, omrRoutes.candidates, { query: { sheetId: sheet.id } })).statusCode).toBe(403);
    expect((await call(null, omrRoutes.candidates, { query: { sheetId: sheet.id } })).statusCode).toBe(401);
    expect((await call(anu, omrRoutes.candidates, { query: { sheetId: sheet.id } })).statusCode).toBe(403);
    expect((await call(outsider, omrRoutes.candidates, { query: { sheetId: sheet.id } })).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.id, sheet.id));
    expect(row!.studentId).toBeNull();
  });
});

describe('POST /omr/v1/publish', () => {
  it('scores each confirmed sheet once as a paper attempt, re-scores it after a correction, and leaves held and unchecked sheets', async () => {
    const test = await createTestTask(t.deps.db);
    // Every question's key is its second option (B): Anu has B, A, none → 4 − 1 = 3 of 12.
    const ready = await fileSheet({ taskId: test.task.id, studentId: anu.id, rollNumber: '2026000123', answers: [1, 0, null] });
    await fileSheet({ taskId: test.task.id, studentId: bala.id, rollNumber: String(bala.id), flagged: [1] });
    await fileSheet({ taskId: test.task.id, rollNumber: '1111111111' });
    const first = await call(teacher, omrRoutes.publish, { body: { taskId: test.task.id } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().body).toEqual({ created: 1, updated: 0, unchanged: 0, held: 1, toCheck: 1 });
    let attempts = await paperAttempts(anu.id, test.task.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'submitted', scored: 3, total: 12 });
    const [summary] = await t.deps.db.select().from(attemptSummaries).where(eq(attemptSummaries.attemptId, attempts[0]!.id));
    expect(summary).toMatchObject({ userId: anu.id, scored: 3, isFirstAttempt: true });

    const again = await call(teacher, omrRoutes.publish, { body: { taskId: test.task.id } });
    expect(again.json().body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await paperAttempts(anu.id, test.task.id)).toHaveLength(1);

    await call(teacher, omrRoutes.correct, { body: { sheetId: ready.id, corrections: [{ question: 1, answer: 1 }] } });
    const third = await call(teacher, omrRoutes.publish, { body: { taskId: test.task.id } });
    expect(third.json().body).toMatchObject({ created: 0, updated: 1 });
    attempts = await paperAttempts(anu.id, test.task.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.scored).toBe(8);
    const review = await call(teacher, omrRoutes.review, { query: { taskId: test.task.id } });
    expect(review.json().body.sheets.find((s: { id: number }) => s.id === ready.id)).toMatchObject({ state: 'published', scored: 8, total: 12, publishedOnce: true });
    // A published sheet stays its student's: it cannot be filed under someone else.
    const moved = await call(teacher, omrRoutes.assign, { body: { sheetId: ready.id, studentId: bala.id } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/cannot move to another student/);
  });

  it('answers 400, 401, 403 and 404 and publishes nothing for another institute’s staff', async () => {
    const test = await createTestTask(t.deps.db);
    await fileSheet({ taskId: test.task.id, studentId: anu.id, rollNumber: '2026000123' });
    expect((await call(teacher, omrRoutes.publish, { body: { taskId: 'x' } })).statusCode).toBe(400);
    expect((await call(null, omrRoutes.publish, { body: { taskId: test.task.id } })).statusCode).toBe(401);
    expect((await call(anu, omrRoutes.publish, { body: { taskId: test.task.id } })).statusCode).toBe(403);
    expect((await call(revoked, omrRoutes.publish, { body: { taskId: test.task.id } })).statusCode).toBe(403);
    expect((await call(foreignTeacher, omrRoutes.publish, { body: { taskId: test.task.id } })).statusCode).toBe(404);
    const outside = await call(outsider, omrRoutes.publish, { body: { taskId: test.task.id } });
    expect(outside.json().body).toEqual({ created: 0, updated: 0, unchanged: 0, held: 0, toCheck: 0 });
    expect(await paperAttempts(anu.id, test.task.id)).toHaveLength(0);
  });
});

const clean = { dpi: 150, rotateDeg: 1, skewDeg: 0, blurSigma: 0, noise: 2, perspective: 0 };

const multipart = (content: Buffer) => multipartBody(content, { fileName: 'sheet' });
async function twoPages(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  for (let i = 0; i < 2; i += 1) doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}
const myUpload = (user: TestUser | null, taskId: number | string, content: Buffer) => {
  const { payload, headers } = multipart(content);
  return t.call({ method: 'POST', url: `/api/omr/v1/myUpload?taskId=${taskId}`, headers: { ...(user?.headers ?? {}), ...headers }, payload });
};

describe('a student’s own sheet: /omr/v1/myTests, myUpload and mySubmit', () => {
  it('marks a practice sheet at once and shows the marks', async () => {
    const tests = await call(anu, omrRoutes.myTests, {});
    expect(tests.statusCode).toBe(200);
    expect(tests.json().body).toEqual(expect.arrayContaining([expect.objectContaining({ id: practice.task.id, isPractice: true, questionCount: 3 })]));

    const sheet = await generateCorpusSheet(21, clean, 3, practice.task.id, '2026000123');
    const res = await myUpload(anu, practice.task.id, sheet.file);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json().body;
    expect(read).toMatchObject({ taskId: practice.task.id, isPractice: true, rollNumber: '2026000123', rollMismatch: false, submitted: false, result: null });
    expect(read.answers).toHaveLength(3);

    // Someone else cannot submit it.
    expect((await call(bala, omrRoutes.mySubmit, { body: { sheetId: read.id } })).statusCode).toBe(404);
    const submitted = await call(anu, omrRoutes.mySubmit, { body: { sheetId: read.id } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = submitted.json().body.result;
    expect(result).toMatchObject({ total: 12, courseId: practice.course.id });
    const [attempt] = await paperAttempts(anu.id, practice.task.id);
    expect(attempt).toMatchObject({ id: result.attemptId, scored: result.scored, testType: 'practice' });
    const twice = await call(anu, omrRoutes.mySubmit, { body: { sheetId: read.id } });
    expect(twice.statusCode).toBe(409);
  }, 60_000);

  it('sends a paper test’s sheet to the teacher, where the teacher’s own scan wins and the difference is shown', async () => {
    const test = await createTestTask(t.deps.db);
    const photo = await generateCorpusSheet(22, clean, 3, test.task.id, '2026000123');
    const res = await myUpload(anu, test.task.id, photo.file);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().body;
    // A draft is the student's alone.
    expect((await call(teacher, omrRoutes.review, { query: { taskId: test.task.id } })).json().body.sheets).toEqual([]);
    expect((await call(anu, omrRoutes.mySubmit, { body: { sheetId: mine.id } })).json().body).toMatchObject({ submitted: true, result: null });
    const listed = await call(teacher, omrRoutes.review, { query: { taskId: test.task.id } });
    expect(listed.json().body.sheets).toEqual([expect.objectContaining({ id: mine.id, source: 'student', student: expect.objectContaining({ id: anu.id }) })]);

    const theirs = mine.answers as OmrAnswer[];
    const different: OmrAnswer[] = theirs.map((a, i) => (i === 0 ? (a === 3 ? 2 : 3) : a));
    const staffSheet = await fileSheet({ taskId: test.task.id, studentId: anu.id, rollNumber: '2026000123', answers: different });
    const review = await call(teacher, omrRoutes.review, { query: { taskId: test.task.id } });
    const states = Object.fromEntries(review.json().body.sheets.map((s: { id: number; state: string }) => [s.id, s.state]));
    expect(states).toEqual({ [mine.id]: 'superseded', [staffSheet.id]: 'ready' });
    const detail = await call(teacher, omrRoutes.sheet, { query: { id: staffSheet.id } });
    expect(detail.json().body.studentDiffers).toEqual([{ question: 0, staff: different[0], student: theirs[0] }]);
    expect((await call(teacher, omrRoutes.publish, { body: { taskId: test.task.id } })).json().body).toMatchObject({ created: 1 });
    const [attempt] = await paperAttempts(anu.id, test.task.id);
    const [staffRow] = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.id, staffSheet.id));
    expect(staffRow!.attemptId).toBe(attempt!.id);
  }, 60_000);

  it('refuses what is not a sheet of this test with a clear message and keeps nothing', async () => {
    const before = (await t.deps.db.select().from(omrSheets).where(eq(omrSheets.uploadedBy, bala.id))).length;
    const otherTest = await generateCorpusSheet(23, clean, 3, graded.task.id, '2026000124');
    const blank = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const cases: [Buffer, number, RegExp][] = [
      [Buffer.from('name,roll\n'), 400, /not a PDF or an image/],
      [Buffer.alloc(0), 400, /empty/],
      [blank, 422, /corner marks/],
      [otherTest.file, 422, /another test/],
      [await twoPages(otherTest.file), 400, /one answer sheet/],
    ];
    for (const [content, status, message] of cases) {
      const res = await myUpload(bala, practice.task.id, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.deps.db.select().from(omrSheets).where(eq(omrSheets.uploadedBy, bala.id))).length).toBe(before);
  }, 60_000);

  it('answers 400, 401, 403 (staff) and 404 (another client’s test or sheet)', async () => {
    const png = (await generateCorpusSheet(24, clean, 3, practice.task.id)).file;
    expect((await myUpload(anu, 'x', png)).statusCode).toBe(400);
    expect((await myUpload(null, practice.task.id, png)).statusCode).toBe(401);
    expect((await myUpload(teacher, practice.task.id, png)).statusCode).toBe(403);
    expect((await call(teacher, omrRoutes.myTests, {})).statusCode).toBe(403);
    expect((await call(null, omrRoutes.myTests, {})).statusCode).toBe(401);
    expect((await myUpload(foreignStudent, practice.task.id, png)).statusCode).toBe(404);
    expect((await myUpload(anu, foreignTest.task.id, png)).statusCode).toBe(404);
    expect((await call(anu, omrRoutes.mySubmit, { body: { sheetId: 'x' } })).statusCode).toBe(400);
    expect((await call(null, omrRoutes.mySubmit, { body: { sheetId: 1 } })).statusCode).toBe(401);
    expect((await call(teacher, omrRoutes.mySubmit, { body: { sheetId: 1 } })).statusCode).toBe(403);
    expect((await call(foreignStudent, omrRoutes.mySubmit, { body: { sheetId: 999_999 } })).statusCode).toBe(404);
    const staffSheet = await fileSheet({ studentId: anu.id, rollNumber: '2026000123' });
    expect((await call(anu, omrRoutes.mySubmit, { body: { sheetId: staffSheet.id } })).statusCode).toBe(404);
    expect((await call(foreignStudent, omrRoutes.myTests, {})).json().body.map((x: { id: number }) => x.id)).not.toContain(practice.task.id);
  }, 60_000);
});
