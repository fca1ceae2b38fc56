import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion, ImportPreview, ImportResult, ImportStarted, Role } from '@app/contracts';
import { institutes, jobs, questions, topics, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createCourse, createTopic } from '../../../test/factories/academy.js';
import { multipartBody } from '../../../test/multipart.js';

/** Imports that keep the valid questions, and categories that become topics in a course (decision 053). */

let t: TestApp;
let sunrise: number;
let kaveri: number;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let sunriseCourse: number;
let kaveriCourse: number;
let physics: number;

const fixture = (name: string) => fs.readFileSync(new URL(`./formats/fixtures/${name}`, import.meta.url));
const moodleExport = fixture('moodle-export.gift');
const MATCHING_SECOND_AND_THIRD_PAIRS = '\t=<p>Lysosome</p> -> digestion\n\t=<p>Chloroplast</p> -> photosynthesis\n';
// Moodle's export with its matching question cut to one pair, which no matching question can be: refused on its own.
const moodleGift = Buffer.from(moodleExport.toString('utf8').replace(MATCHING_SECOND_AND_THIRD_PAIRS, ''));
const onlyMatching = Buffer.from('::Pairs:: Match. {\n=a -> b\n}\n');

const upload = (path: string, user: TestUser | undefined, content: Buffer, query = '', language?: string) => {
  const body = multipartBody(content, { field: 'file', fileName: 'upload.txt' });
  return t.call({
    method: 'POST',
    url: `/api/question-bank/v1/${path}${query ? `?${query}` : ''}`,
    headers: { ...(user?.headers ?? {}), ...body.headers, ...(language ? { language } : {}) },
    payload: body.payload,
  });
};
const get = (url: string, user: TestUser) => t.call({ method: 'GET', url, headers: user.headers });
const count = async (table: typeof questions | typeof topics | typeof jobs) => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

async function staff(role: Role, instituteId: number | null): Promise<TestUser> {
  const user = await t.createUser({ role });
  await t.deps.db.update(users).set({ instituteId, clientId: 'neetprep' }).where(eq(users.id, user.id));
  return user;
}

async function runJob(jobId: string, user: TestUser) {
  await t.app.services.jobs.queue.runOnce();
  const res = await get(`/api/jobs/v1/get?id=${jobId}`, user);
  expect(res.statusCode).toBe(200);
  return res.json().body as { state: string; failure: string | null; result: ImportResult | null };
}

const topicsOf = (courseId: number) =>
  t.deps.db.select({ id: topics.id, name: topics.name, parentId: topics.parentId }).from(topics).where(eq(topics.courseId, courseId));

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.deps.db.insert(institutes).values([{ name: 'Sunrise Academy' }, { name: 'Kaveri School' }]).returning();
  [sunrise, kaveri] = [rows[0]!.id, rows[1]!.id];
  teacher = await staff('Teacher', sunrise);
  otherTeacher = await staff('SchoolTeacher', kaveri);
  student = await staff('Student', sunrise);
  sunriseCourse = (await createCourse(t.deps.db, { instituteId: sunrise })).id;
  kaveriCourse = (await createCourse(t.deps.db, { instituteId: kaveri })).id;
  physics = (await createTopic(t.deps.db, sunriseCourse, { name: 'Physics' })).id;
});
afterAll(async () => t.close());

describe('a Moodle GIFT export with a matching question', () => {
  it('imports the whole export as it came from Moodle, its matching question as the matching kind', async () => {
    expect(moodleExport.toString('utf8')).toContain(MATCHING_SECOND_AND_THIRD_PAIRS);
    const preview = (await upload('import/preview', teacher, moodleExport)).json().body as ImportPreview;
    expect(preview).toMatchObject({ format: 'gift', total: 9, valid: 9, invalid: 0 });
    expect(preview.items[4]).toMatchObject({ title: 'Match organelles', questionType: 'matching', isValid: true });
  });

  it('previews nine questions: eight valid, the one-pair matching one with its reason in English and Tamil', async () => {
    const res = await upload('import/preview', teacher, moodleGift);
    expect(res.statusCode).toBe(200);
    const preview = res.json().body as ImportPreview;
    expect(preview).toMatchObject({ format: 'gift', total: 9, valid: 8, invalid: 1, topicsToCreate: [] });
    const matching = preview.items.find((i) => !i.isValid)!;
    expect(matching).toMatchObject({ index: 5, title: 'Match organelles', questionType: null });
    expect(matching.errors[0]!.message).toContain('A matching question needs 2 to 8 items');
    const lens = preview.items.find((i) => i.title === 'Lens power')!;
    expect(lens).toMatchObject({ isValid: true, questionType: 'numerical' });
    expect(lens.warnings.map((w) => w.field)).toEqual(['correctAnswerData', 'topics']);
    expect(lens.warnings[0]!.message).toContain('1.5:0.5 (50%)');
    const tamil = (await upload('import/preview', teacher, moodleGift, '', 'tn')).json().body as ImportPreview;
    expect(tamil.items[4]!.errors[0]!.message).toContain('பொருத்துக் கேள்விக்கு');
  });

  it('stays all or nothing by default: 422 and nothing written or queued', async () => {
    const before = [await count(questions), await count(jobs)];
    const res = await upload('import', teacher, moodleGift);
    expect(res.statusCode).toBe(422);
    expect(res.json().body.code).toBe('QB_IMPORT_INVALID');
    expect(Object.keys(res.json().body.fields)).toEqual(['items.5 (line 37).texts.options']);
    expect([await count(questions), await count(jobs)]).toEqual(before);
  });

  it('imports the eight valid questions with mode=validOnly and lists the skipped one with its reason', async () => {
    const before = await count(questions);
    const res = await upload('import', teacher, moodleGift, 'mode=validOnly');
    expect(res.statusCode).toBe(200);
    const started = res.json().body as ImportStarted;
    expect(started).toMatchObject({ format: 'gift', total: 9, toImport: 8 });
    const job = await runJob(started.jobId, teacher);
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 8, topicsCreated: [], skipped: [{ index: 5, line: 37, title: 'Match organelles', errors: [{ field: 'texts.options' }] }] });
    expect(job.result!.questionIds).toHaveLength(8);
    expect(await count(questions)).toBe(before + 8);
    const lens = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[5]}`, teacher)).json().body as AuthoringQuestion;
    expect(lens).toMatchObject({ questionType: 'numerical', version: { correctAnswerData: { value: 1.5, tolerance: 0.1 } } });
  });

  it('checks the file again when the job runs and writes only what is valid then', async () => {
    const res = await upload('import', teacher, moodleGift, 'mode=validOnly');
    const { jobId } = res.json().body as ImportStarted;
    const [row] = await t.deps.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, jobId));
    const { fileKey } = row!.payload as { fileKey: string };
    const changed = '::Kept:: Still valid? {T}\n\n::Pairs:: Match. {\n=a -> b\n}\n\n::Broken:: Never closes {=x ~y\n';
    await t.deps.fileStore.put(fileKey, Buffer.from(changed), { contentType: 'application/octet-stream' });
    const before = await count(questions);
    const job = await runJob(jobId, teacher);
    expect(job.failure).toBeNull();
    expect(job.state).toBe('succeeded');
    expect(job.result!.imported).toBe(1);
    expect(job.result!.skipped.map((s) => [s.index, s.title])).toEqual([
      [2, 'Pairs'],
      [3, 'Broken'],
    ]);
    expect(await count(questions)).toBe(before + 1);
  });

  it('answers 422 QB_IMPORT_NOTHING_VALID when no question is valid, writing nothing', async () => {
    const before = [await count(questions), await count(jobs)];
    const res = await upload('import', teacher, onlyMatching, 'mode=validOnly');
    expect(res.statusCode).toBe(422);
    expect(res.json().body.code).toBe('QB_IMPORT_NOTHING_VALID');
    expect([await count(questions), await count(jobs)]).toEqual(before);
  });

  it('refuses a bad mode or course id (400), no token (401) and a student (403)', async () => {
    for (const query of ['mode=some', 'topicsCourseId=abc', 'topicsCourseId=0']) {
      const res = await upload('import/preview', teacher, moodleGift, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().body.code).toBe('VALIDATION_FAILED');
    }
    expect((await upload('import', undefined, moodleGift, 'mode=validOnly')).statusCode).toBe(401);
    expect((await upload('import', student, moodleGift, 'mode=validOnly')).statusCode).toBe(403);
  });
});

describe('categories become topics in a course', () => {
  it('previews the topics it would create, parents first, reusing one that exists', async () => {
    const res = await upload('import/preview', teacher, moodleGift, `topicsCourseId=${sunriseCourse}`);
    expect(res.statusCode).toBe(200);
    const preview = res.json().body as ImportPreview;
    expect(preview.topicsToCreate).toEqual(['Biology', 'Biology / Cell Biology', 'Physics / Mechanics']);
    expect(preview.items[0]!.topics).toEqual(['Biology / Cell Biology']);
    expect(preview.items[0]!.warnings).toEqual([]);
    // The refused matching question does not ask for topics of its own; a preview writes nothing.
    expect((await topicsOf(sunriseCourse)).map((r) => r.name)).toEqual(['Physics']);
  });

  it('creates the missing topics with their hierarchy and files the questions under them, in one job', async () => {
    const before = await count(questions);
    const res = await upload('import', teacher, moodleGift, `mode=validOnly&topicsCourseId=${sunriseCourse}`);
    expect(res.statusCode).toBe(200);
    const job = await runJob((res.json().body as ImportStarted).jobId, teacher);
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ imported: 8, topicsCreated: ['Biology', 'Biology / Cell Biology', 'Physics / Mechanics'] });
    expect(await count(questions)).toBe(before + 8);
    const rows = await topicsOf(sunriseCourse);
    const idOf = (name: string) => rows.find((r) => r.name === name)!.id;
    expect(rows.find((r) => r.name === 'Biology')!.parentId).toBeNull();
    expect(rows.find((r) => r.name === 'Cell Biology')!.parentId).toBe(idOf('Biology'));
    expect(rows.find((r) => r.name === 'Mechanics')!.parentId).toBe(physics);
    const first = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[0]}`, teacher)).json().body as AuthoringQuestion;
    expect(first.topics).toEqual([expect.objectContaining({ topicId: idOf('Cell Biology'), name: 'Cell Biology', courseId: sunriseCourse })]);
    const last = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[7]}`, teacher)).json().body as AuthoringQuestion;
    expect(last.topics).toEqual([expect.objectContaining({ topicId: idOf('Mechanics'), name: 'Mechanics', courseId: sunriseCourse })]);
    // A second import finds them all.
    const again = (await upload('import/preview', teacher, moodleGift, `topicsCourseId=${sunriseCourse}`)).json().body as ImportPreview;
    expect(again.topicsToCreate).toEqual([]);
  });

  it('creates nothing in another institute’s course or one that does not exist (404), and writes nothing', async () => {
    const before = [await count(questions), await count(topics), await count(jobs)];
    for (const [user, courseId] of [
      [otherTeacher, sunriseCourse],
      [teacher, kaveriCourse],
      [teacher, 987_654],
    ] as const) {
      for (const path of ['import/preview', 'import']) {
        const res = await upload(path, user, moodleGift, `mode=validOnly&topicsCourseId=${courseId}`);
        expect(res.statusCode, `${path} ${courseId}`).toBe(404);
        expect(res.json().body.code).toBe('QB_IMPORT_COURSE_NOT_FOUND');
      }
    }
    expect([await count(questions), await count(topics), await count(jobs)]).toEqual(before);
    expect(await t.deps.db.select().from(topics).where(and(eq(topics.courseId, kaveriCourse)))).toEqual([]);
  });

  it('keeps the all-or-nothing default with a course too: nothing created when a question is invalid', async () => {
    const before = await count(topics);
    const courseId = (await createCourse(t.deps.db, { instituteId: sunrise })).id;
    const res = await upload('import', teacher, moodleGift, `topicsCourseId=${courseId}`);
    expect(res.statusCode).toBe(422);
    expect(await count(topics)).toBe(before);
  });
});
