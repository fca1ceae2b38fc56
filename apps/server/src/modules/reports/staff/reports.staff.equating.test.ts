import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, itemCalibrations, questions, taskSections, testSchedules } from '../../../db/schema/index.js';
import { createQuestion, createTestTask, createTopic, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';

/**
 * The equated-score report (decision 066). Sunrise class 11: section A sits the test in the first
 * shift (a window opened two hours ago), section B in the second (opened an hour ago). The test
 * has one picked question and a section drawing 4 of 12 bank questions; each shift draws its own
 * four, the same for everyone in it. Calibrations are written for every version but the picked one.
 */
let t: TestApp;
let sunrise: TestInstitute;
let kaveri: TestInstitute;
let teacher: TestUser;
let sectionBTeacher: TestUser;
let otherTeacher: TestUser;
let test: BuiltTest;
const shiftA: TestUser[] = [];
const shiftB: TestUser[] = [];
const drawn = new Map<number, number[]>();
const HOUR = 3_600_000;
const { get } = jsonCalls(() => t);
const report = (user?: TestUser, taskId: number | string = test.task.id) => get(`/api/reports/v1/examEquating?taskId=${taskId}`, user);

/** How many of the drawn four each student answers right (the first n), in each shift. */
const RIGHT = { A: [4, 3, 1, 0], B: [4, 2, 2, 0] };

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  kaveri = await createInstitute(t);
  for (let i = 0; i < 4; i += 1) {
    shiftA.push(await t.createUser({ role: 'Student', firstName: `A${i}`, ...placeIn(sunrise, 0, 0) }));
    shiftB.push(await t.createUser({ role: 'Student', firstName: `B${i}`, ...placeIn(sunrise, 0, 1) }));
  }
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  sectionBTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  await t.app.services.roles.assignClasses(sectionBTeacher.id, [{ classId: sunrise.classes[0]!.id, sectionId: sunrise.classes[0]!.sections[1]! }]);
  otherTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(kaveri) });

  test = await createTestTask(t.deps.db, { task: { name: 'Shift Mock' }, sections: [{ name: 'Picked', questions: [{}] }, { name: 'Drawn', questions: [] }] });
  const topic = await createTopic(t.deps.db, test.course.id, { name: 'Optics' });
  const pool = [];
  for (let i = 0; i < 12; i += 1) pool.push(await createQuestion(t.deps.db, { topicIds: [topic.id], correctAnswerId: 2 }));
  await t.deps.db
    .update(taskSections)
    .set({ questionSource: 'draw', drawRule: { count: 4, topicIds: [topic.id], difficulties: [], marks: 4, negativeMarks: 1 } })
    .where(eq(taskSections.id, test.sections[1]!.id));
  const now = t.clock.now().getTime();
  const [section0, section1] = sunrise.classes[0]!.sections;
  await t.deps.db.insert(testSchedules).values([
    { taskId: test.task.id, instituteId: sunrise.id, classId: sunrise.classes[0]!.id, sectionId: section0, opensAt: new Date(now - 2 * HOUR), closesAt: new Date(now + 2 * HOUR) },
    { taskId: test.task.id, instituteId: sunrise.id, classId: sunrise.classes[0]!.id, sectionId: section1, opensAt: new Date(now - HOUR), closesAt: new Date(now + 2 * HOUR) },
  ]);
  for (const [group, plan] of [
    [shiftA, RIGHT.A],
    [shiftB, RIGHT.B],
  ] as const) {
    for (const [k, student] of group.entries()) {
      const session = await startAttempt(t, student, test);
      const ids = session.section[1]!.question.map((q) => q.questionTaskMapID);
      drawn.set(student.id, ids);
      const answers = ids.map((id, i) => ({ questionTaskMapID: id, questionType: 'singleChoice', answerID: i < plan[k]! ? 2 : 3, timeSpent: 5, seq: 1 }));
      expect((await saveAnswers(t, student, session.TestSessionID, answers)).statusCode).toBe(200);
      expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
    }
  }
}, 120_000);
afterAll(async () => t.close());

/** Calibrates every pool version (b from -1 to 1.2, a 1.2) in Sunrise's scope; the picked question stays uncalibrated. */
async function calibratePool() {
  const rows = await t.deps.db.select({ id: questions.id, versionId: questions.currentVersionId }).from(questions);
  const picked = test.sections[0]!.questions[0]!.question.id;
  const pool = rows.filter((r) => r.id !== picked && r.versionId !== null).sort((a, b) => a.id - b.id);
  await t.deps.db.insert(itemCalibrations).values(
    pool.map((r, n) => ({
      clientId: sunrise.clientId,
      instituteId: sunrise.id,
      questionId: r.id,
      questionVersionId: r.versionId!,
      model: '2pl',
      state: 'ok',
      responses: 200,
      difficulty: -1 + n * 0.2,
      discrimination: 1.2,
      calibratedAt: t.clock.now(),
    })),
  );
}

describe('shifts draw their own form', () => {
  it('records each attempt’s shift, and everyone in a shift is served the same draw', async () => {
    const attempts = await t.deps.db.select({ userId: examAttempts.userId, shiftId: examAttempts.shiftId }).from(examAttempts).where(eq(examAttempts.taskId, test.task.id));
    const shiftOf = new Map(attempts.map((a) => [a.userId, a.shiftId]));
    expect(new Set(shiftA.map((s) => shiftOf.get(s.id))).size).toBe(1);
    expect(new Set(shiftB.map((s) => shiftOf.get(s.id))).size).toBe(1);
    expect(shiftOf.get(shiftA[0]!.id)).not.toBe(shiftOf.get(shiftB[0]!.id));
    expect(shiftOf.get(shiftA[0]!.id)).toEqual(expect.any(Number));
    const formOf = (s: TestUser) => JSON.stringify([...drawn.get(s.id)!].sort((a, b) => a - b));
    expect(new Set(shiftA.map(formOf)).size).toBe(1);
    expect(new Set(shiftB.map(formOf)).size).toBe(1);
  });
});

describe('GET /api/reports/v1/examEquating', () => {
  it('without a calibration shows raw scores and per-shift percentiles, and no ability or equated score', async () => {
    const res = await report(teacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.calibration).toBeNull();
    expect(body.rows).toHaveLength(8);
    for (const row of body.rows) expect(row).toMatchObject({ ability: null, abilitySe: null, equatedScore: null, equatedRank: null, calibratedItems: 0, excludedItems: 5 });
  });

  it('gives each attempt NTA’s per-shift percentile, an ability with its SE and an equated score ranked across shifts', async () => {
    await calibratePool();
    const res = await report(teacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().body;
    expect(body.calibration).toMatchObject({ model: '2pl', instituteName: expect.any(String) });
    expect(body.shifts).toHaveLength(2);
    const [first, second] = body.shifts;
    expect(first).toMatchObject({ attempts: 4, calibratedItems: 4, excludedItems: 1 });
    expect(second).toMatchObject({ attempts: 4, calibratedItems: 4, excludedItems: 1 });
    expect(Date.parse(first.opensAt)).toBeLessThan(Date.parse(second.opensAt));
    expect(body.reference).toEqual({ shiftId: first.shiftId, calibratedItems: 4, maxScore: 16 });

    const byName = new Map(body.rows.map((r: { displayName: string }) => [r.displayName.split(' ')[0], r]));
    const row = (name: string) => byName.get(name) as Record<string, number | null>;
    // Raw: +4 right, -1 wrong on the drawn four; the picked question is left unanswered.
    expect(row('A1')).toMatchObject({ rawScore: 11, shiftPercentile: 75, calibratedItems: 4, excludedItems: 1 });
    expect(row('B1')).toMatchObject({ rawScore: 6, shiftPercentile: 75 });
    expect(row('B2')).toMatchObject({ rawScore: 6, shiftPercentile: 75 });
    expect(row('A3')).toMatchObject({ rawScore: -4, shiftPercentile: 25 });
    // The reference shift keeps its number-right marks: its form is the reference.
    expect(row('A1')!.equatedScore).toBeCloseTo(12, 1);
    expect(row('A2')!.equatedScore).toBeCloseTo(4, 1);
    // Full marks and none are the ends of the scale on every form.
    expect(row('A0')).toMatchObject({ equatedScore: 16, equatedRank: 1 });
    expect(row('B0')).toMatchObject({ equatedScore: 16, equatedRank: 1 });
    expect(row('A3')).toMatchObject({ equatedScore: 0 });
    for (const r of body.rows) {
      expect(Number.isFinite(r.ability)).toBe(true);
      expect(r.abilitySe).toBeGreaterThan(0);
      expect(r.abilitySe).toBeLessThan(1);
      expect(Number.isFinite(r.equatedSpread)).toBe(true);
    }
    // Ranks follow the equated score, highest first; equal scores share a rank.
    const ranked = body.rows.map((r: { equatedScore: number; equatedRank: number }) => [r.equatedScore, r.equatedRank]);
    for (let i = 1; i < ranked.length; i += 1) {
      expect(ranked[i][0]).toBeLessThanOrEqual(ranked[i - 1][0]);
      expect(ranked[i][1]).toBe(ranked[i][0] === ranked[i - 1][0] ? ranked[i - 1][1] : i + 1);
    }
  });

  it('shows a teacher only the students they reach; the percentile stays within what they see', async () => {
    const body = (await report(sectionBTeacher)).json().body;
    expect(body.rows.map((r: { displayName: string }) => r.displayName.split(' ')[0]).sort()).toEqual(['B0', 'B1', 'B2', 'B3']);
    expect(body.shifts).toHaveLength(1);
  });

  it('uses a 3PL calibration’s guessing parameters: the abilities move, nothing is NaN', async () => {
    const before = (await report(teacher)).json().body;
    await t.deps.db.update(itemCalibrations).set({ model: '3pl', guessing: 0.2 });
    try {
      const res = await report(teacher);
      expect(res.body).not.toMatch(/NaN|Infinity/);
      const body = res.json().body;
      expect(body.calibration).toMatchObject({ model: '3pl' });
      const abilityOf = (rows: { displayName: string; ability: number }[], name: string) => rows.find((r) => r.displayName.startsWith(name))!.ability;
      // With c > 0 a right answer says less about ability: the same answers give another ability.
      expect(abilityOf(body.rows, 'A1')).not.toBeCloseTo(abilityOf(before.rows, 'A1'), 2);
      for (const r of body.rows) expect(Number.isFinite(r.ability)).toBe(true);
    } finally {
      await t.deps.db.update(itemCalibrations).set({ model: '2pl', guessing: null });
    }
  });

  it('answers 404 for another institute’s teacher and an unknown test, 400 for a bad id, 403 to a student, 401 without a token', async () => {
    expect((await report(otherTeacher)).statusCode).toBe(404);
    expect((await report(teacher, 99_999_999)).statusCode).toBe(404);
    expect((await report(teacher, 'x')).statusCode).toBe(400);
    expect((await report(teacher, -1)).statusCode).toBe(400);
    expect((await report(shiftA[0]!)).statusCode).toBe(403);
    expect((await report(undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/reports/v1/examEquatingExport', () => {
  const url = (format: string, taskId: number | string = test.task.id) => `/api/reports/v1/examEquatingExport?taskId=${taskId}&format=${format}`;
  const file = (user: TestUser, format: string) => t.call({ method: 'GET', url: url(format), headers: user.headers });

  it('writes the equated table as CSV: bilingual headers, the report’s rows in its order, then what each figure means', async () => {
    const shown = (await report(teacher)).json().body;
    expect(shown.calibration).not.toBeNull();
    const res = await file(teacher, 'csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('exam-equating-shift-mock.csv');
    const lines = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
    expect(lines[0]).toEqual([
      'Rank (equated) / தரம் (சமன்செய்தது)',
      'Student / மாணவர்',
      'Shift / பிரிவு',
      'Raw score / மூல மதிப்பெண்',
      'Total / மொத்தம்',
      'Per-shift percentile / பிரிவு வாரியான சதமானம்',
      'Ability / திறன்',
      'SE / திட்டப் பிழை',
      'Equated score / சமன்செய்த மதிப்பெண்',
      '± spread / ± பரவல்',
      'Calibrated questions / அளவீடு செய்யப்பட்ட கேள்விகள்',
      'Questions left out / விடுபட்ட கேள்விகள்',
    ]);
    const rows = lines.slice(1, 1 + shown.rows.length);
    expect(rows.map((r) => r[1])).toEqual(shown.rows.map((r: { displayName: string }) => r.displayName));
    for (const [i, r] of rows.entries()) {
      const row = shown.rows[i];
      expect(r.slice(3).map(Number)).toEqual([row.rawScore, row.total, row.shiftPercentile, row.ability, row.abilitySe, row.equatedScore, row.equatedSpread, row.calibratedItems, row.excludedItems]);
      expect(Number(r[0])).toBe(row.equatedRank);
    }
    // Each shift is named by its place and opening; the two shifts are told apart.
    const a1 = rows.find((r) => r[1]!.startsWith('A1'))!;
    const b1 = rows.find((r) => r[1]!.startsWith('B1'))!;
    expect(a1[2]).toContain(shown.shifts[0].instituteName);
    expect(a1[2]).not.toBe(b1[2]);
    expect([a1[3], a1[5]].map(Number)).toEqual([11, 75]);
    // A blank line, then the notes: each term with its meaning, English then Tamil, and the basis.
    const notes = lines.slice(2 + shown.rows.length).filter((l) => l.some(Boolean));
    expect(lines[1 + shown.rows.length]!.every((c) => c === '')).toBe(true);
    expect(notes.map((n) => n[0])).toEqual(expect.arrayContaining(['Raw score', 'மூல மதிப்பெண்', 'Per-shift percentile (NTA)', 'Ability (± SE)', 'Equated score (± spread) and rank']));
    expect(notes.find((n) => n[0] === 'Per-shift percentile (NTA)')![1]).toContain('at or below this one');
    expect(notes.some((n) => n[0]!.startsWith('Reference form / குறிப்புப் படிவம்') && n[0]!.includes('16 marks'))).toBe(true);
  });

  it('writes the same table as XLSX with numbers as numbers, and a sheet of notes', async () => {
    const shown = (await report(teacher)).json().body;
    const res = await file(teacher, 'xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Scores across shifts', 'Notes']);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(9).value).toBe('Equated score / சமன்செய்த மதிப்பெண்');
    expect(sheet.rowCount).toBe(1 + shown.rows.length);
    expect(sheet.getRow(2).getCell(2).value).toBe(shown.rows[0].displayName);
    expect(sheet.getRow(2).getCell(9).value).toBe(shown.rows[0].equatedScore);
    expect(sheet.getRow(2).getCell(7).value).toBe(shown.rows[0].ability);
    const notes = book.worksheets[1]!;
    expect(notes.getRow(1).getCell(1).value).toBe('Figure / அளவு');
    expect(notes.getColumn(1).values).toContain('சமன்செய்த மதிப்பெண் (± பரவல்) மற்றும் தரம்');
  });

  it('is scoped like the report: a section’s teacher gets their section only', async () => {
    const res = await file(sectionBTeacher, 'csv');
    expect(res.statusCode).toBe(200);
    const names = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data.slice(1, 5).map((r) => r[1]!.split(' ')[0]);
    expect(names.sort()).toEqual(['B0', 'B1', 'B2', 'B3']);
    expect(res.body).not.toContain('A0');
  });

  it('answers 404 for another institute’s teacher and an unknown test, 400 for a bad format or id, 403 to a student, 401 without a token', async () => {
    expect((await get(url('csv'), otherTeacher)).statusCode).toBe(404);
    expect((await get(url('xlsx', 99_999_999), teacher)).statusCode).toBe(404);
    const badFormat = await get(url('pdf'), teacher);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ status: false, message: expect.any(String) });
    expect((await get(url('csv', 'x'), teacher)).statusCode).toBe(400);
    expect((await get('/api/reports/v1/examEquatingExport?format=csv', teacher)).statusCode).toBe(400);
    expect((await get(url('csv'), shiftA[0]!)).statusCode).toBe(403);
    expect((await get(url('csv'))).statusCode).toBe(401);
  });
});
