import { jobsRoutes, omrRoutes, schedulesRoutes, type OmrRecognitionResult, type RouteDef } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, omrSheets, studentSignupDetails } from '../../db/schema/index.js';
import { generateCorpusSheet } from './omr.corpus.js';
import { OMR_UPLOAD_MAX_PAGES } from './omr.pages.js';
import { createCourse, createTestTask, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { sheetRollNumber } from './omr.service.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let home: TestInstitute;
let other: TestInstitute;
let teacher: TestUser;
let classTeacher: TestUser;
let outsider: TestUser;
let foreignTeacher: TestUser;
let revoked: TestUser;
let student: TestUser;
let foreignStudent: TestUser;
let graded: BuiltTest;
let practice: BuiltTest;
let foreignTest: BuiltTest;

beforeAll(async () => {
  t = await createTestApp();
  home = await createInstitute(t);
  other = await createInstitute(t);
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
  student = await t.createUser({ role: 'SchoolStudent', firstName: 'Anu', ...placeIn(home, 0, 0) });
  await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 0, 1) });
  await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 1, 0) });
  await t.deps.db.insert(studentSignupDetails).values({
    userId: student.id,
    campusName: 'c',
    departmentName: 'd',
    degreeName: 'e',
    yearOfPassing: 2026,
    rollNo: '2026000123',
  });
  graded = await createTestTask(t.deps.db);
  practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null } });
  foreignTest = await createTestTask(t.deps.db, { course: await createCourse(t.deps.db, { clientId: foreignClient }) });
});
afterAll(() => t.close());

const call = (user: TestUser | null, def: RouteDef, query: Record<string, string | number>) => callAs(t, user, def, { query });
const pages = async (res: { statusCode: number; rawPayload: Buffer; body: string; headers: Record<string, unknown> }) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return (await PDFDocument.load(res.rawPayload)).getPageCount();
};

describe('GET /omr/v1/sheets', () => {
  it('prints one pre-filled page per student of the class, and one blank sheet without a class', async () => {
    expect(await pages(await call(teacher, omrRoutes.sheets, { taskId: graded.task.id, classId: home.classes[0]!.id }))).toBe(2);
    expect(await pages(await call(teacher, omrRoutes.sheets, { taskId: graded.task.id }))).toBe(1);
  });

  it('gives a teacher with classes only the classes assigned', async () => {
    expect(await pages(await call(classTeacher, omrRoutes.sheets, { taskId: graded.task.id, classId: home.classes[1]!.id }))).toBe(1);
    const res = await call(classTeacher, omrRoutes.sheets, { taskId: graded.task.id, classId: home.classes[0]!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/class/i);
  });

  it('answers 400 with a clear message for a bad id', async () => {
    const bad: Record<string, string | number>[] = [{ taskId: 'abc' }, { taskId: -1 }, { taskId: graded.task.id, classId: 'x' }];
    for (const query of bad) {
      const res = await call(teacher, omrRoutes.sheets, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await call(teacher, omrRoutes.sheets, {})).statusCode).toBe(400);
  });

  it('answers 401 without a token, 403 to a student and to a role whose permission was removed', async () => {
    const query = { taskId: graded.task.id };
    expect((await call(null, omrRoutes.sheets, query)).statusCode).toBe(401);
    expect((await call(student, omrRoutes.sheets, query)).statusCode).toBe(403);
    expect((await call(revoked, omrRoutes.sheets, query)).statusCode).toBe(403);
  });

  it('answers 404 for another institute’s class and another client’s test', async () => {
    expect((await call(outsider, omrRoutes.sheets, { taskId: graded.task.id, classId: home.classes[0]!.id })).statusCode).toBe(404);
    expect((await call(foreignTeacher, omrRoutes.sheets, { taskId: graded.task.id })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.sheets, { taskId: foreignTest.task.id })).statusCode).toBe(404);
    expect((await call(teacher, omrRoutes.sheets, { taskId: 999_999 })).statusCode).toBe(404);
  });

  it('answers in Tamil when asked', async () => {
    const res = await callAs(t, teacher, omrRoutes.sheets, { query: { taskId: 999_999 } }, { language: 'tn' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('இந்தத் தேர்வு இல்லை.');
  });
});

describe('GET /omr/v1/practiceSheet', () => {
  it('prints the student’s own sheet for a practice test', async () => {
    expect(await pages(await call(student, omrRoutes.practiceSheet, { taskId: practice.task.id }))).toBe(1);
  });

  it('refuses a graded test with a clear message', async () => {
    const res = await call(student, omrRoutes.practiceSheet, { taskId: graded.task.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/practice/i);
  });

  it('answers 400, 401, 403 (staff) and 404 (another client’s test, or a student of another client)', async () => {
    expect((await call(student, omrRoutes.practiceSheet, { taskId: 'x' })).statusCode).toBe(400);
    expect((await call(null, omrRoutes.practiceSheet, { taskId: practice.task.id })).statusCode).toBe(401);
    expect((await call(teacher, omrRoutes.practiceSheet, { taskId: practice.task.id })).statusCode).toBe(403);
    expect((await call(foreignStudent, omrRoutes.practiceSheet, { taskId: practice.task.id })).statusCode).toBe(404);
    expect((await call(student, omrRoutes.practiceSheet, { taskId: foreignTest.task.id })).statusCode).toBe(404);
  });
});

describe('sheetRollNumber', () => {
  it('uses a 1–10 digit roll number and falls back to the account id', () => {
    expect(sheetRollNumber({ userId: 7, rollNo: ' 0042 ' })).toBe('0042');
    expect(sheetRollNumber({ userId: 7, rollNo: 'A-12' })).toBe('7');
    expect(sheetRollNumber({ userId: 7, rollNo: null })).toBe('7');
  });
});

const clean = { dpi: 150, rotateDeg: 1, skewDeg: 0, blurSigma: 0, noise: 2, perspective: 0 };

const multipart = (content: Buffer, field = 'file') => multipartBody(content, { field, fileName: 'sheets' });
const upload = (user: TestUser | null, taskId: number | string, content: Buffer, field = 'file') => {
  const { payload, headers } = multipart(content, field);
  return t.call({ method: 'POST', url: `/api/omr/v1/upload?taskId=${taskId}`, headers: { ...(user?.headers ?? {}), ...headers }, payload });
};
const jobCount = async () => (await t.deps.db.select({ n: count() }).from(jobs))[0]!.n;

describe('POST /omr/v1/upload', () => {
  it('reads a scanned batch in a job: the student matched by roll number, a sheet of another test reported', async () => {
    const mine = await generateCorpusSheet(3, clean, 3, graded.task.id, '2026000123');
    const stranger = await generateCorpusSheet(4, clean, 3, graded.task.id, '9999999999');
    const otherTest = await generateCorpusSheet(5, clean, 3, practice.task.id, '2026000123');
    const doc = await PDFDocument.create();
    for (const sheet of [mine, stranger, otherTest]) {
      const image = await doc.embedPng(sheet.file);
      doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    const res = await upload(teacher, graded.task.id, Buffer.from(await doc.save()));
    expect(res.statusCode, res.body).toBe(200);
    const { jobId, pages } = res.json().body;
    expect(pages).toBe(3);
    await t.app.services.jobs.queue.runOnce();
    const job = await callAs(t, teacher, jobsRoutes.get, { query: { id: jobId } });
    expect(job.statusCode, job.body).toBe(200);
    const result = job.json().body.result as OmrRecognitionResult;
    expect(result.pages.map((p) => p.status)).toEqual(['read', 'read', 'otherTest']);
    expect(result.pages[0]).toMatchObject({ rollNumber: '2026000123', studentId: student.id });
    expect(result.pages[0]!.answers).toHaveLength(3);
    // Nobody in scope has this roll number: held for assignment.
    expect(result.pages[1]).toMatchObject({ rollNumber: '9999999999', studentId: null });
    expect(job.json().body.errors).toEqual([expect.objectContaining({ item: '3', message: 'This sheet belongs to another test.' })]);
    // Both sheets of this test are kept for review: one filed under its student, one held; each with its roll-number crop.
    const kept = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.jobId, jobId)).orderBy(omrSheets.page);
    expect(kept.map((s) => [s.page, s.studentId, s.source])).toEqual([
      [1, student.id, 'staff'],
      [2, null, 'staff'],
    ]);
    expect(kept[0]!.crops.roll).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(kept[0]!.crops.questions).map(Number)).toEqual(kept[0]!.flagged);
  }, 60_000);

  it('refuses bad uploads with a clear message and queues nothing', async () => {
    const before = await jobCount();
    const many = await PDFDocument.create();
    for (let i = 0; i <= OMR_UPLOAD_MAX_PAGES; i += 1) many.addPage([100, 100]);
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('name,roll\n'), 'file', /not a PDF or an image/],
      [Buffer.alloc(0), 'file', /empty/],
      [Buffer.from(await many.save()), 'file', /more than 400 pages/],
      [Buffer.from('%PDF-1.7 broken'), 'file', /could not be read/],
      [Buffer.from('x'), 'other', /Choose a PDF/],
    ];
    for (const [content, field, message] of cases) {
      const res = await upload(teacher, graded.task.id, content, field);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.call({ method: 'POST', url: `/api/omr/v1/upload?taskId=${graded.task.id}`, headers: teacher.headers, payload: {} })).statusCode).toBe(400);
    expect((await upload(teacher, 'abc', Buffer.from('x'))).statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('reads nothing from pages that are no sheet of this layout: an empty page, another form, a page without a scan', async () => {
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } }).png().toBuffer();
    // Another vendor's form: four corner squares, but no code strip naming a test.
    const corners = [
      [40, 40],
      [1160, 40],
      [1160, 1674],
      [40, 1674],
    ]
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="40" height="40" fill="#000"/>`)
      .join('');
    const otherForm = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="1240" height="1754" fill="#fff"/>${corners}<text x="200" y="200" font-size="40">Another answer sheet</text></svg>`))
      .png()
      .toBuffer();
    const doc = await PDFDocument.create();
    for (const png of [blank, otherForm]) {
      const image = await doc.embedPng(png);
      doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    doc.addPage([595, 842]).drawText('a typed page, not a scan');
    const res = await upload(teacher, graded.task.id, Buffer.from(await doc.save()));
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = res.json().body;
    await t.app.services.jobs.queue.runOnce();
    const job = (await callAs(t, teacher, jobsRoutes.get, { query: { id: jobId } })).json().body;
    expect((job.result as OmrRecognitionResult).pages.map((p) => p.status)).toEqual(['error', 'error', 'error']);
    expect(job.errors.map((e: { item: string; message: string }) => [e.item, e.message])).toEqual([
      ['1', expect.stringMatching(/corner marks are not visible/)],
      // An empty strip reads as layout 0, which no sheet of ours carries.
      ['2', expect.stringMatching(/printed in a layout this server does not read/)],
      ['3', 'This page holds no scanned image.'],
    ]);
    expect(await t.deps.db.select().from(omrSheets).where(eq(omrSheets.jobId, jobId))).toEqual([]);
  }, 60_000);

  it('answers 401, 403 (student, permission removed) and 404 (another client’s test)', async () => {
    const png = (await generateCorpusSheet(6, clean, 3, graded.task.id)).file;
    expect((await upload(null, graded.task.id, png)).statusCode).toBe(401);
    expect((await upload(student, graded.task.id, png)).statusCode).toBe(403);
    expect((await upload(revoked, graded.task.id, png)).statusCode).toBe(403);
    expect((await upload(foreignTeacher, graded.task.id, png)).statusCode).toBe(404);
  });
});

describe('the screen’s choices', () => {
  it('lists tests and classes for the OMR screen to staff with omr.upload only', async () => {
    const res = await call(teacher, schedulesRoutes.options, { screen: 'omrUpload' });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.institutes[0].classes.length).toBeGreaterThan(0);
    expect((await call(revoked, schedulesRoutes.options, { screen: 'omrUpload' })).statusCode).toBe(403);
    expect((await call(student, schedulesRoutes.options, { screen: 'omrUpload' })).statusCode).toBe(403);
  });
});
