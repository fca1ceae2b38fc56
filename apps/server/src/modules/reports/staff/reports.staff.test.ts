import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, testSchedules } from '../../../db/schema/index.js';
import { SERVER_ROOT } from '../../../lib/server-paths.js';
import type { TestApp, TestUser } from '../../../../test/test-app.js';
import { createTestApp } from '../../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { expectAccessMatrix, jsonCalls } from '../../../../test/exam-fixtures.js';
import { withSummariesBeforeLayouts } from '../../../../test/summaries-before-layouts.js';
import { staffReportsRoutes } from '@app/contracts';

/**
 * Staff reports through the API. Sunrise: class 11 (section A) holds Asha, Bala and Chitra;
 * class 12 holds Devi. One test of four +4/−1 questions (Physics: Optics, Optics; Biology:
 * Genetics, Cells). Asha answers all four right (16), Bala Q1 right and Q2 wrong (3), Chitra
 * nothing (0), Devi Q1 right (4).
 */
let t: TestApp;
let sunrise: TestInstitute;
let kaveri: TestInstitute;
let teacher: TestUser;
let classTeacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let test: BuiltTest;
let scheduled: BuiltTest;
let missed: BuiltTest;
const students: Record<string, TestUser> = {};

const { get } = jsonCalls(() => t);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  kaveri = await createInstitute(t);
  for (const [name, cls] of [['Asha', 0], ['Bala', 0], ['Chitra', 0], ['Devi', 1]] as const) {
    students[name] = await t.createUser({ role: 'Student', firstName: name, lastName: 'S', ...placeIn(sunrise, cls, 0) });
  }
  student = students.Asha!;
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  classTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  await t.app.services.roles.assignClasses(classTeacher.id, [{ classId: sunrise.classes[1]!.id, sectionId: null }]);
  otherTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(kaveri) });

  test = await createTestTask(t.deps.db, {
    task: { name: 'Mock One' },
    sections: [
      { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Optics'] }] },
      { name: 'Biology', questions: [{ topicTags: ['Genetics'] }, { topicTags: ['Cells'] }] },
    ],
  });
  const [q1, q2, q3, q4] = test.mapIds as [number, number, number, number];
  const answer = (mapId: number, answerID: number) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 5, seq: 1 });
  const plans: Record<string, ReturnType<typeof answer>[]> = {
    Asha: [answer(q1, 2), answer(q2, 2), answer(q3, 2), answer(q4, 2)],
    Bala: [answer(q1, 2), answer(q2, 3)],
    Chitra: [],
    Devi: [answer(q1, 2)],
  };
  for (const [name, plan] of Object.entries(plans)) {
    const user = students[name]!;
    const session = await startAttempt(t, user, test);
    if (plan.length) expect((await saveAnswers(t, user, session.TestSessionID, plan)).statusCode).toBe(200);
    expect((await submitTest(t, user, session.TestSessionID, test.task.id)).statusCode).toBe(200);
  }
  // A test open today for class 11, and one that closed yesterday for the whole institute with no attempt.
  scheduled = await createTestTask(t.deps.db, { task: { name: 'Weekly Two' } });
  missed = await createTestTask(t.deps.db, { task: { name: 'Missed Three' } });
  const now = t.clock.now().getTime();
  await t.deps.db.insert(testSchedules).values([
    { taskId: scheduled.task.id, instituteId: sunrise.id, classId: sunrise.classes[0]!.id, opensAt: new Date(now - HOUR), closesAt: new Date(now + HOUR) },
    { taskId: missed.task.id, instituteId: sunrise.id, opensAt: new Date(now - 48 * HOUR), closesAt: new Date(now - 24 * HOUR) },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/reports/v1/staffDashboard', () => {
  it('gives the teacher’s tests today, recent results and students who missed a test', async () => {
    const res = await get('/api/reports/v1/staffDashboard', teacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.todayTests).toEqual([expect.objectContaining({ taskId: scheduled.task.id, taskName: 'Weekly Two', className: '11' })]);
    // (16 + 3 + 0 + 4) / 4 = 5.75 over four first attempts.
    expect(body.recentResults).toEqual([expect.objectContaining({ taskId: test.task.id, taskName: 'Mock One', attempts: 4, mean: 5.75, top: 16, total: 16 })]);
    expect(body.pendingMarking).toEqual({ answers: 0, attempts: 0 });
    const atRisk = body.atRisk as Array<{ displayName: string; missedTests: Array<{ taskName: string }> }>;
    expect(atRisk.map((r) => r.displayName).sort()).toEqual(['Asha S', 'Bala S', 'Chitra S', 'Devi S']);
    expect(atRisk[0]!.missedTests).toEqual([expect.objectContaining({ taskName: 'Missed Three' })]);
  });

  it('narrows to a teacher’s assigned class and shows another institute’s teacher nothing', async () => {
    const own = (await get('/api/reports/v1/staffDashboard', classTeacher)).json().body;
    expect(own.recentResults).toEqual([expect.objectContaining({ attempts: 1, mean: 4, top: 4 })]);
    expect(own.todayTests).toEqual([]);
    expect(own.atRisk.map((r: { displayName: string }) => r.displayName)).toEqual(['Devi S']);
    const other = (await get('/api/reports/v1/staffDashboard', otherTeacher)).json().body;
    expect([other.recentResults, other.todayTests, other.atRisk]).toEqual([[], [], []]);
  });

  it('refuses students (403) and callers without a token (401)', async () => {
    expect((await get('/api/reports/v1/staffDashboard', student)).statusCode).toBe(403);
    expect((await get('/api/reports/v1/staffDashboard')).statusCode).toBe(401);
  });
});

describe('the Reports matrix', () => {
  const classQuery = () => `classId=${sunrise.classes[0]!.id}`;

  it('lists the classes a teacher reaches', async () => {
    const all = (await get('/api/reports/v1/matrixOptions', teacher)).json().body;
    expect(all.classes.map((c: { id: number }) => c.id)).toEqual(sunrise.classes.map((c) => c.id));
    expect(all.courses).toEqual([{ id: test.course.id, name: test.course.name }]);
    const assigned = (await get('/api/reports/v1/matrixOptions', classTeacher)).json().body;
    expect(assigned.classes.map((c: { id: number }) => c.id)).toEqual([sunrise.classes[1]!.id]);
  });

  it('gives students × tests of a class from first attempts', async () => {
    const res = await get(`/api/reports/v1/matrix?${classQuery()}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.tests).toEqual([expect.objectContaining({ taskId: test.task.id, total: 16, attempts: 3, mean: 6.33 })]);
    expect(body.students.map((s: { displayName: string; scores: number[]; average: number }) => [s.displayName, s.scores, s.average])).toEqual([
      ['Asha S', [16], 100],
      ['Bala S', [3], 18.75],
      ['Chitra S', [0], 0],
    ]);
  });

  it('answers 404 for a class out of reach and 400 for bad input, and refuses students', async () => {
    expect((await get(`/api/reports/v1/matrix?${classQuery()}`, classTeacher)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/matrix?${classQuery()}`, otherTeacher)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/matrix?classId=${sunrise.classes[0]!.id}&sectionId=${sunrise.classes[1]!.sections[0]}`, teacher)).statusCode).toBe(404);
    const bad = await get('/api/reports/v1/matrix?classId=abc', teacher);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect((await get(`/api/reports/v1/matrix?${classQuery()}`, student)).statusCode).toBe(403);
    expect((await get(`/api/reports/v1/matrix?${classQuery()}`)).statusCode).toBe(401);
  });

  it('exports the sorted matrix as CSV and XLSX', async () => {
    const csv = await get(`/api/reports/v1/matrixExport?${classQuery()}&format=csv&sort=task:${test.task.id}&direction=asc`, teacher);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Student,Username,Section,Mock One (/16),Tests taken,Average %');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Chitra S', 'Bala S', 'Asha S']);
    expect(lines[3]!.split(',')[3]).toBe('16');

    const xlsx = await t.call({ method: 'GET', url: `/api/reports/v1/matrixExport?${classQuery()}&format=xlsx&sort=average&direction=desc`, headers: teacher.headers });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Asha S');
    expect(sheet.getRow(2).getCell(4).value).toBe(16);
    expect((await get(`/api/reports/v1/matrixExport?${classQuery()}&format=pdf`, teacher)).statusCode).toBe(400);
  });
});

describe('GET /api/reports/v1/examStatistics', () => {
  it('computes the distribution, sections, topics, item statistics and results sheet', async () => {
    const res = await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().body;
    expect(s.attempts).toBe(4);
    expect(s.total).toBe(16);
    // Totals 16, 3, 0, 4: mean 5.75, median 3.5.
    expect(s.scores).toEqual(expect.objectContaining({ mean: 5.75, median: 3.5, min: 0, max: 16 }));
    expect(s.histogram.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(4);
    // Q1: three of four right → facility 75 %; options: 2 chosen three times, none once.
    const q1 = s.items[0];
    expect(q1.facility).toBe(75);
    expect(q1.counts).toEqual({ correct: 3, partial: 0, wrong: 0, unanswered: 1, pending: 0 });
    expect(q1.options.find((o: { answerId: number }) => o.answerId === 2)).toEqual(expect.objectContaining({ isCorrect: true, chosen: 3, top: 1, bottom: 0 }));
    expect(q1.options.find((o: { answerId: number }) => o.answerId === 0)).toEqual(expect.objectContaining({ chosen: 1, bottom: 1 }));
    // Q2: Asha right (4), Bala wrong (−1, counted as no mark), the other two none: 4 of 16 → 25 %.
    expect(s.items[1].facility).toBe(25);
    expect(s.sections.map((x: { name: string; accuracy: number }) => [x.name, x.accuracy])).toEqual([
      ['Physics', 50],
      ['Biology', 25],
    ]);
    expect(s.topics.map((x: { topic: string }) => x.topic)).toEqual(['Optics', 'Genetics', 'Cells']);
    expect(s.students.map((x: { displayName: string; rank: number; scored: number }) => [x.displayName, x.rank, x.scored])).toEqual([
      ['Asha S', 1, 16],
      ['Devi S', 2, 4],
      ['Bala S', 3, 3],
      ['Chitra S', 4, 0],
    ]);
  });

  it('counts only the students a teacher reaches; another institute’s teacher gets 404', async () => {
    const own = (await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, classTeacher)).json().body;
    expect(own.attempts).toBe(1);
    expect(own.students.map((x: { displayName: string }) => x.displayName)).toEqual(['Devi S']);
    expect((await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, otherTeacher)).statusCode).toBe(404);
    expect((await get(`/api/reports/v1/examStatistics?taskId=${missed.task.id}`, teacher)).statusCode).toBe(404);
    expect((await get('/api/reports/v1/examStatistics?taskId=99999999', teacher)).statusCode).toBe(404);
    expect((await get('/api/reports/v1/examStatistics?taskId=x', teacher)).statusCode).toBe(400);
    expect((await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, student)).statusCode).toBe(403);
    expect((await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`)).statusCode).toBe(401);
  });

  it('exports CSV, XLSX and PDF, and the export is scoped like the report', async () => {
    const url = (format: string) => `/api/reports/v1/examStatisticsExport?taskId=${test.task.id}&format=${format}`;
    const csv = await get(url('csv'), teacher);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Facility %');
    expect(csv.body.split('\r\n')[1]!.split(',').slice(6, 7)).toEqual(['75']);
    const pdf = await t.call({ method: 'GET', url: url('pdf'), headers: teacher.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await t.call({ method: 'GET', url: url('xlsx'), headers: teacher.headers });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Distribution', 'Items', 'Options', 'Sections', 'Topics', 'Students']);
    expect((await get(url('csv'), otherTeacher)).statusCode).toBe(404);
    expect((await get(url('doc'), teacher)).statusCode).toBe(400);
  });
});

describe('the summary-items migration', () => {
  it('fills the item arrays of summaries written before them from the questions and the answers', async () => {
    const columns = { attemptId: attemptSummaries.attemptId, ids: attemptSummaries.itemMapIds, marks: attemptSummaries.itemMarks, statuses: attemptSummaries.itemStatuses, choices: attemptSummaries.itemChoices };
    const written = await t.deps.db.select(columns).from(attemptSummaries).where(eq(attemptSummaries.taskId, test.task.id));
    expect(written.map((w) => w.statuses).sort()).toEqual(['cccc', 'cuuu', 'cwuu', 'uuuu']);
    const bala = written.find((w) => w.statuses === 'cwuu')!;
    expect([bala.marks, bala.choices]).toEqual([[4, -1, 0, 0], [2, 3, 0, 0]]);
    // As before the migration: empty arrays; then its backfill statement again (on the summaries as they then were: decision 097).
    const folder = path.join(SERVER_ROOT, 'drizzle');
    const file = fs.readdirSync(folder).find((name) => name.endsWith('_summary-items.sql'))!;
    const migration = fs.readFileSync(path.join(folder, file), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('UPDATE "attempt_summaries"');
    const refilled = await withSummariesBeforeLayouts(t.deps.db, async (tx) => {
      await tx.execute(sql`UPDATE attempt_summaries SET item_map_ids = '{}', item_marks = '{}', item_statuses = '', item_choices = '{}' WHERE task_id = ${test.task.id}`);
      await tx.execute(sql.raw(backfill));
      return tx.select(columns).from(attemptSummaries).where(eq(attemptSummaries.taskId, test.task.id));
    });
    expect(refilled.sort((a, b) => a.attemptId.localeCompare(b.attemptId))).toEqual(written.sort((a, b) => a.attemptId.localeCompare(b.attemptId)));
  });
});

describe('every staff report call', () => {
  it('answers 401 without a token, 403 to a student or a parent, 400 for missing input and 404 for unknown records', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    await expectAccessMatrix(t, staffReportsRoutes, { student, teacher, parent }, {
      samples: {
        staffDashboard: {},
        matrixOptions: {},
        matrix: { query: 'classId=99999999' },
        matrixExport: { query: 'classId=99999999&format=csv' },
        examStatistics: { query: 'taskId=99999999' },
        examStatisticsExport: { query: 'taskId=99999999&format=pdf' },
        examEquating: { query: 'taskId=99999999' },
        examEquatingExport: { query: 'taskId=99999999&format=csv' },
      },
      needsNoInput: ['staffDashboard', 'matrixOptions'],
    });
  });
});
