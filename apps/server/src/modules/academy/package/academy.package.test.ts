import { eq, sql } from 'drizzle-orm';
import { COURSE_PACKAGE_EXAMPLE } from '@app/contracts';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, questions, questionTopics, tasks, topics } from '../../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';
import { createClient, createInstitute, placeIn } from '../../../../test/factories/scope.js';
import { tinyMp4, tinyPdf, tinyPng } from '../../../../test/fixtures/files.js';
import { multipartBody } from '../../../../test/multipart.js';

let t: TestApp;
let teacher: TestUser;
let student: TestUser;
let withoutPermission: TestUser;
let homeId: number;

/** The example package of README.md: a course with a text lesson (formula and image), a PDF lesson and a video lesson. */
export function examplePackage(overrides: { manifest?: unknown; files?: Zippable } = {}): Buffer {
  const manifest = overrides.manifest ?? {
    course: {
      name: 'Physics: Kinematics',
      description: 'Motion in one and two dimensions.',
      language: 'en',
      isPublished: false,
    },
    topics: [
      {
        name: 'Motion in a straight line',
        lessons: [
          { name: 'Equations of motion', type: 'richText', html: 'lessons/equations.html', isPublished: true },
          { name: 'Worked examples (PDF)', type: 'pdf', file: 'files/examples.pdf' },
        ],
      },
      {
        name: 'Projectile motion',
        lessons: [
          {
            name: 'A projectile in slow motion',
            type: 'video',
            file: 'files/projectile.mp4',
            html: 'lessons/projectile-notes.html',
          },
        ],
      },
    ],
  };
  return Buffer.from(
    zipSync({
      'manifest.json': strToU8(JSON.stringify(manifest, null, 2)),
      lessons: {
        'equations.html': strToU8(
          '<p>$v = u + at$ and $s = ut + \\frac{1}{2}at^2$</p><p><img src="images/graph.png" alt="velocity-time graph"></p><script>alert(1)</script>',
        ),
        'projectile-notes.html': strToU8('<p>The path is a parabola.</p>'),
      },
      images: { 'graph.png': tinyPng() },
      files: { 'examples.pdf': tinyPdf(), 'projectile.mp4': tinyMp4() },
      ...overrides.files,
    }),
  );
}

const unzipManifest = (zip: Buffer) => unzipSync(zip)['manifest.json']!;

const multipart = (content: Buffer, fileName = 'course.zip') => multipartBody(content, { fileName, contentType: 'application/zip' });
const send = (url: string, user: TestUser | undefined, content: Buffer) => {
  const body = multipart(content);
  return t.call({ method: 'POST', url, headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
};
const preview = (user: TestUser | undefined, content: Buffer) =>
  send('/api/academy/v1/courseupload/preview', user, content);
const upload = (user: TestUser | undefined, content: Buffer) =>
  send('/api/teacher/v1/contentFileUpload', user, content);
const courseCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(courses))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  const home = await createInstitute(t);
  homeId = home.id;
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  student = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  const restricted = await createClient(t);
  await t.app.services.roles.revoke(restricted, 'Teacher', ['academy.uploadCourses']);
  withoutPermission = await t.createUser({
    role: 'Teacher',
    ...placeIn(await createInstitute(t, { clientId: restricted })),
  });
});
afterAll(async () => t.close());

describe('Course Upload', () => {
  it('previews the example package without writing anything', async () => {
    const before = await courseCount();
    const res = await preview(teacher, examplePackage());
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({
      isValid: true,
      courseName: 'Physics: Kinematics',
      topics: [
        {
          name: 'Motion in a straight line',
          lessons: [
            { name: 'Equations of motion', type: 'richText', file: null },
            { name: 'Worked examples (PDF)', type: 'pdf', file: 'files/examples.pdf' },
          ],
        },
        {
          name: 'Projectile motion',
          lessons: [{ name: 'A projectile in slow motion', type: 'video', file: 'files/projectile.mp4' }],
        },
      ],
      questions: 0,
      errors: [],
    });
    expect(await courseCount()).toBe(before);
  });

  it('accepts the example package that Course Upload offers for download, end to end', async () => {
    const example = Buffer.from(zipSync(Object.fromEntries(Object.entries(COURSE_PACKAGE_EXAMPLE).map(([path, text]) => [path, strToU8(text)]))));
    const checked = (await preview(teacher, example)).json().body;
    expect(checked).toMatchObject({ isValid: true, courseName: 'Physics: Kinematics (example)', questions: 2, errors: [] });
    expect(checked.topics.map((topic: { name: string; lessons: unknown[] }) => [topic.name, topic.lessons.length])).toEqual([
      ['Motion in a straight line', 2],
      ['Projectile motion', 1],
    ]);
    const res = await upload(teacher, example);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.jobs.queue.runOnce();
    const job = (await t.call({ method: 'GET', url: `/api/jobs/v1/get?id=${res.json().body.jobId}`, headers: teacher.headers })).json().body;
    expect(job).toMatchObject({ state: 'succeeded', failure: null });
    const lessons = await t.deps.db.select().from(tasks).where(eq(tasks.courseId, job.result.courseId as number));
    expect(lessons.map((row) => row.name).sort()).toEqual(['Equations of motion', 'Graphs of motion', 'The path of a projectile']);
  });

  it('creates the course, topics and lessons with their files in one job', async () => {
    const res = await upload(teacher, examplePackage());
    expect(res.statusCode).toBe(200);
    const { jobId } = res.json().body;
    await t.app.services.jobs.queue.runOnce();
    const job = (await t.call({ method: 'GET', url: `/api/jobs/v1/get?id=${jobId}`, headers: teacher.headers })).json()
      .body;
    expect(job).toMatchObject({ state: 'succeeded', failure: null });
    const courseId = job.result.courseId as number;
    const [course] = await t.deps.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course).toMatchObject({ name: 'Physics: Kinematics', isPublished: false, clientId: 'neetprep' });
    expect((await t.deps.db.select().from(topics).where(eq(topics.courseId, courseId))).map((row) => row.name)).toEqual(
      ['Motion in a straight line', 'Projectile motion'],
    );
    const lessons = await t.deps.db.select().from(tasks).where(eq(tasks.courseId, courseId));
    const text = lessons.find((row) => row.name === 'Equations of motion')!;
    expect(text.richText).toContain('$v = u + at$');
    expect(text.richText).not.toContain('<script');
    expect(text.richText).toMatch(/src="\/api\/academy\/v1\/files\/[0-9a-f-]{36}"/);
    const pdf = lessons.find((row) => row.contentType === 'pdf')!;
    expect(pdf.pdfUrl).toMatch(/^\/api\/academy\/v1\/files\//);
    const served = await t.call({ method: 'GET', url: pdf.pdfUrl! });
    expect(served.headers['content-type']).toBe('application/pdf');
    const video = lessons.find((row) => row.contentType === 'video')!;
    expect(video).toMatchObject({
      richText: '<p>The path is a parabola.</p>',
      videoUrl: expect.stringMatching(/^\/api\/academy\/v1\/files\//),
    });
  });

  it('lists every problem of a bad package per item, answers 422 to the upload, and creates nothing', async () => {
    const bad = examplePackage({
      manifest: {
        course: { name: 'Broken' },
        topics: [
          {
            name: 'T',
            lessons: [
              { name: 'No file', type: 'pdf' },
              { name: 'Fake video', type: 'video', file: 'files/fake.mp4' },
              { name: 'Missing', type: 'richText', html: 'nowhere.html' },
            ],
          },
        ],
      },
      files: { 'files/fake.mp4': tinyPng() },
    });
    const checked = (await preview(teacher, bad)).json().body;
    expect(checked.isValid).toBe(false);
    expect(checked.errors).toEqual([
      { item: 'topics.0.lessons.0 (No file)', message: 'A pdf lesson needs its file.' },
      {
        item: 'topics.0.lessons.1 (Fake video)',
        message: expect.stringContaining('files/fake.mp4 is not a WebM, Ogg or MP4 video'),
      },
      { item: 'topics.0.lessons.2 (Missing)', message: 'nowhere.html is not in the zip.' },
    ]);
    const before = await courseCount();
    const res = await upload(teacher, bad);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/nothing was created/);
    expect(await courseCount()).toBe(before);

    const noManifest = Buffer.from(zipSync({ 'readme.txt': strToU8('hi') }));
    expect((await preview(teacher, noManifest)).json().body.errors).toEqual([
      { item: 'manifest.json', message: 'The zip has no manifest.json at its root.' },
    ]);
    const body = multipart(noManifest);
    const tamil = await t.call({
      method: 'POST',
      url: '/api/academy/v1/courseupload/preview',
      headers: { ...teacher.headers, ...body.headers, language: 'tn' },
      payload: body.payload,
    });
    expect(tamil.json().body.errors[0].message).toBe('zip கோப்பின் மேல்நிலையில் manifest.json இல்லை.');
    const badSchema = (await preview(teacher, examplePackage({ manifest: { course: {}, topics: [] } }))).json().body;
    expect(badSchema.errors.map((e: { item: string }) => e.item)).toEqual(
      expect.arrayContaining(['course.name', 'topics']),
    );
  });

  const QUESTION_HEADER =
    'kind,title_en,title_tn,topic,tags,difficulty,marks,negative_marks,default_language,content_type,statement_en,statement_tn,option_a_en,option_b_en,option_c_en,option_d_en,option_a_tn,option_b_tn,option_c_tn,option_d_tn,correct,explanation_en,explanation_tn';
  const questionRow = (topic: string, statement: string, correct = 'B') =>
    `singleChoice,,,${topic},,easy,4,1,en,text,${statement},,10 m,25 m,50 m,5 m,,,,,${correct},Use $s = ut + \\frac{1}{2}at^2$.,`;
  const withQuestions = (rows: string[]) => {
    const manifest = JSON.parse(new TextDecoder().decode(unzipManifest(examplePackage())));
    return examplePackage({
      manifest: { ...manifest, questions: { file: 'questions/kinematics.csv' } },
      files: { 'questions/kinematics.csv': strToU8([QUESTION_HEADER, ...rows].join('\n')) },
    });
  };
  const questionCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(questions))[0]!.n);

  it('imports the package\'s question file into the bank in the same job, filed under the package\'s topics', async () => {
    const content = withQuestions([
      questionRow('Motion in a straight line', 'A body starts from rest with 2 m/s². The distance in 5 s is'),
      questionRow('Projectile motion', 'The range of a projectile launched at 45° is largest when', 'C'),
    ]);
    expect((await preview(teacher, content)).json().body).toMatchObject({ isValid: true, questions: 2, errors: [] });
    const before = await questionCount();
    const res = await upload(teacher, content);
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ lessons: 3, questions: 2 });
    await t.app.services.jobs.queue.runOnce();
    const job = (await t.call({ method: 'GET', url: `/api/jobs/v1/get?id=${res.json().body.jobId}`, headers: teacher.headers })).json().body;
    expect(job).toMatchObject({ state: 'succeeded', result: { questions: 2 } });
    expect(await questionCount()).toBe(before + 2);
    const filed = await t.deps.db
      .select({ topic: topics.name, owner: questions.ownerInstituteId })
      .from(questionTopics)
      .innerJoin(topics, eq(topics.id, questionTopics.topicId))
      .innerJoin(questions, eq(questions.id, questionTopics.questionId))
      .where(eq(topics.courseId, job.result.courseId as number));
    expect(filed.map((row) => row.topic).sort()).toEqual(['Motion in a straight line', 'Projectile motion']);
    expect(filed.every((row) => row.owner === homeId)).toBe(true);
  });

  it('creates neither the course nor any question when one question of the file is bad', async () => {
    const content = withQuestions([
      questionRow('Motion in a straight line', 'A body starts from rest with 2 m/s². The distance in 5 s is'),
      questionRow('Motion in a straight line', 'This one names an option that does not exist', 'Z'),
    ]);
    const checked = (await preview(teacher, content)).json().body;
    expect(checked.isValid).toBe(false);
    expect(checked.errors).toEqual([expect.objectContaining({ item: expect.stringMatching(/^questions\/kinematics\.csv #2/) })]);
    const [courses0, questions0] = [await courseCount(), await questionCount()];
    expect((await upload(teacher, content)).statusCode).toBe(422);
    const missing = examplePackage({
      manifest: { ...JSON.parse(new TextDecoder().decode(unzipManifest(examplePackage()))), questions: { file: 'questions/none.csv' } },
    });
    expect((await preview(teacher, missing)).json().body.errors).toEqual([{ item: 'questions.file', message: 'questions/none.csv is not in the zip.' }]);
    expect([await courseCount(), await questionCount()]).toEqual([courses0, questions0]);
  });

  it('answers 400 to a file that is not a zip', async () => {
    const res = await preview(teacher, tinyPdf());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/manifest\.json/);
  });

  it('answers 401 without a token and 403 to a student or a role without the permission', async () => {
    for (const [user, status] of [
      [undefined, 401],
      [student, 403],
      [withoutPermission, 403],
    ] as const) {
      expect((await preview(user, examplePackage())).statusCode).toBe(status);
      expect((await upload(user, examplePackage())).statusCode).toBe(status);
    }
  });
});
