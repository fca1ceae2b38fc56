import { IMAGE_UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentFiles, courses, tasks, topics } from '../../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';
import { createCourse, createQuestion, createTestTask } from '../../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { tinyMp4, tinyPdf, tinyPng } from '../../../../test/fixtures/files.js';
import { multipartBody } from '../../../../test/multipart.js';

let t: TestApp;
let home: TestInstitute;
let other: TestInstitute;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let withoutPermission: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  home = await createInstitute(t);
  other = await createInstitute(t);
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(home) });
  otherTeacher = await t.createUser({ role: 'Teacher', ...placeIn(other) });
  student = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  // A client whose Teacher role had Content Management taken away.
  const restricted = await createClient(t);
  await t.app.services.roles.revoke(restricted, 'Teacher', ['academy.manage']);
  const restrictedInstitute = await createInstitute(t, { clientId: restricted });
  withoutPermission = await t.createUser({ role: 'Teacher', ...placeIn(restrictedInstitute) });
});
afterAll(async () => t.close());

const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url: `/api/academy/v1/manage/${url}`, headers: user?.headers ?? {} });
const post = (url: string, user: TestUser | undefined, payload: object) =>
  t.call({ method: 'POST', url: `/api/academy/v1/manage/${url}`, headers: user?.headers ?? {}, payload });
const count = async (table: typeof courses | typeof topics | typeof tasks | typeof contentFiles) =>
  Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

const multipart = (content: Buffer, fileName: string, field = 'file') => multipartBody(content, { field, fileName });
const upload = (user: TestUser | undefined, content: Buffer, fileName: string, field?: string) => {
  const body = multipart(content, fileName, field);
  return t.call({ method: 'POST', url: '/api/teacher/v1/uploadfile', headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
};

async function courseOf(user: TestUser, name = 'Physics drafts') {
  const res = await post('courses/create', user, { name });
  expect(res.statusCode).toBe(200);
  return res.json().body.id as number;
}

describe('content management: courses, topics and tasks', () => {
  it('creates a draft course, a topic and a lesson with a formula, publishes them, and the student then sees them', async () => {
    const courseId = await courseOf(teacher, 'Kinematics');
    const topic = await post('topics/create', teacher, { courseId, name: 'Motion in a line' });
    expect(topic.statusCode).toBe(200);
    const topicId = topic.json().body.id;
    const lesson = await post('tasks/create', teacher, {
      courseId,
      topicId,
      kind: 'lesson',
      name: 'Equations of motion',
      contentType: 'richText',
      richText: '<p>$v = u + at$</p><script>alert(1)</script>',
    });
    expect(lesson.statusCode).toBe(200);
    const lessonId = lesson.json().body.id;

    // Drafts are invisible to students.
    const before = await t.call({ method: 'GET', url: '/api/academy/v1/courses', headers: student.headers });
    expect(before.json().body.some((c: { courseID: number }) => c.courseID === courseId)).toBe(false);

    const outline = await get(`outline?courseId=${courseId}`, teacher);
    expect(outline.statusCode).toBe(200);
    expect(outline.json().body).toMatchObject({
      course: { courseName: 'Kinematics', isPublished: false, isInstituteCourse: true },
      topics: [{ topicName: 'Motion in a line', tasks: [{ taskID: lessonId, TaskName: 'Equations of motion', isPublished: false, contentType: 'richText' }] }],
    });
    expect(outline.json().body.topics[0].tasks[0].richText).toBe('<p>$v = u + at$</p>');

    expect((await post('courses/update', teacher, { courseId, isPublished: true })).statusCode).toBe(200);
    const listed = await t.call({ method: 'GET', url: `/api/academy/v1/tasks?courseId=${courseId}&topicId=${topicId}`, headers: student.headers });
    expect(listed.json().body.tasks).toEqual([]);
    expect((await post('tasks/update', teacher, { taskId: lessonId, isPublished: true })).statusCode).toBe(200);
    const content = await t.call({ method: 'GET', url: `/api/academy/v1/content?courseId=${courseId}&taskId=${lessonId}`, headers: student.headers });
    expect(content.statusCode).toBe(200);
    expect(content.json().body.richText).toContain('$v = u + at$');

    const mine = await get('courses', teacher);
    expect(mine.json().body.find((c: { courseID: number }) => c.courseID === courseId)).toMatchObject({ isPublished: true, totalTopics: 1, totalTasks: 1 });
  });

  it('creates a test with its name and type, configured elsewhere', async () => {
    const courseId = await courseOf(teacher);
    const topicId = (await post('topics/create', teacher, { courseId, name: 'Tests' })).json().body.id;
    const res = await post('tasks/create', teacher, { courseId, topicId, kind: 'test', name: 'Unit test 1', testType: 'practice', duration: 30 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(tasks).where(eq(tasks.id, res.json().body.id));
    expect(row).toMatchObject({ kind: 'test', testType: 'practice', durationMinutes: 30, isPublished: false, contentType: null });
  });

  it('reorders topics and tasks, and refuses an order that does not list each item once', async () => {
    const courseId = await courseOf(teacher);
    const a = (await post('topics/create', teacher, { courseId, name: 'A' })).json().body.id;
    const b = (await post('topics/create', teacher, { courseId, name: 'B' })).json().body.id;
    const l1 = (await post('tasks/create', teacher, { courseId, topicId: a, kind: 'lesson', name: 'L1' })).json().body.id;
    const l2 = (await post('tasks/create', teacher, { courseId, topicId: a, kind: 'lesson', name: 'L2' })).json().body.id;
    expect((await post('reorder', teacher, { courseId, topicIds: [b, a] })).statusCode).toBe(200);
    expect((await post('reorder', teacher, { topicId: a, taskIds: [l2, l1] })).statusCode).toBe(200);
    const outline = (await get(`outline?courseId=${courseId}`, teacher)).json().body;
    expect(outline.topics.map((x: { topicName: string }) => x.topicName)).toEqual(['B', 'A']);
    expect(outline.topics[1].tasks.map((x: { TaskName: string }) => x.TaskName)).toEqual(['L2', 'L1']);

    const bad = await post('reorder', teacher, { courseId, topicIds: [a] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/each item once/);
    const duplicate = await post('reorder', teacher, { courseId, topicIds: [a, a] });
    expect(duplicate.statusCode).toBe(400);
  });

  it('answers bad input with 400 and a clear message, writing nothing', async () => {
    const courseId = await courseOf(teacher);
    const topicId = (await post('topics/create', teacher, { courseId, name: 'T' })).json().body.id;
    const [courseCount, taskCount] = [await count(courses), await count(tasks)];
    const noName = await post('courses/create', teacher, { name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/name/i);
    const tamil = await t.call({ method: 'POST', url: '/api/academy/v1/manage/courses/create', headers: { ...teacher.headers, language: 'tn' }, payload: { name: '' } });
    expect(tamil.json().message).toMatch(/பெயரை/);
    expect((await post('tasks/create', teacher, { courseId, topicId, kind: 'quiz', name: 'X' })).statusCode).toBe(400);
    expect((await post('tasks/create', teacher, { courseId, topicId, kind: 'lesson', name: 'X', videoUrl: 'javascript:alert(1)' })).json().message).toMatch(/address/);
    expect((await post('tasks/create', teacher, { courseId, topicId, kind: 'test', name: 'X', duration: 0 })).statusCode).toBe(400);
    expect((await get('outline?courseId=abc', teacher)).statusCode).toBe(400);
    expect([await count(courses), await count(tasks)]).toEqual([courseCount, taskCount]);
  });

  it('answers 401 without a token, 403 to a student and to a role without the permission', async () => {
    expect((await get('courses')).statusCode).toBe(401);
    expect((await post('courses/create', undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await get('courses', student)).statusCode).toBe(403);
    expect((await post('courses/create', student, { name: 'X' })).statusCode).toBe(403);
    expect((await get('courses', withoutPermission)).statusCode).toBe(403);
    expect((await post('courses/create', withoutPermission, { name: 'X' })).statusCode).toBe(403);
  });

  it('keeps another institute’s courses out of reach (404), and shares the client’s courses', async () => {
    const courseId = await courseOf(teacher, 'Home only');
    const topicId = (await post('topics/create', teacher, { courseId, name: 'T' })).json().body.id;
    const taskId = (await post('tasks/create', teacher, { courseId, topicId, kind: 'lesson', name: 'L' })).json().body.id;
    expect((await get(`outline?courseId=${courseId}`, otherTeacher)).statusCode).toBe(404);
    expect((await post('courses/update', otherTeacher, { courseId, name: 'Mine now' })).statusCode).toBe(404);
    expect((await post('topics/create', otherTeacher, { courseId, name: 'X' })).statusCode).toBe(404);
    expect((await post('topics/update', otherTeacher, { topicId, name: 'X' })).statusCode).toBe(404);
    expect((await post('tasks/create', otherTeacher, { courseId, topicId, kind: 'lesson', name: 'X' })).statusCode).toBe(404);
    expect((await post('tasks/update', otherTeacher, { taskId, name: 'X' })).statusCode).toBe(404);
    expect((await post('reorder', otherTeacher, { courseId, topicIds: [topicId] })).statusCode).toBe(404);
    expect((await get('courses', otherTeacher)).json().body.some((c: { courseID: number }) => c.courseID === courseId)).toBe(false);
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, courseId));
    expect(row!.name).toBe('Home only');

    // The demo client's shared courses (no institute) are managed by staff of any of its institutes.
    const shared = await createCourse(t.deps.db, { name: 'Shared library' });
    expect((await get(`outline?courseId=${shared.id}`, otherTeacher)).statusCode).toBe(200);
    // Another client's course is not.
    const foreign = await createCourse(t.deps.db, { name: 'Foreign', clientId: 'someone-else' });
    expect((await get(`outline?courseId=${foreign.id}`, teacher)).statusCode).toBe(404);
  });

  it('lets a client admin manage the client’s institute courses', async () => {
    const admin = await t.createUser({ role: 'ClientAdmin', clientId: home.clientId, instituteId: null });
    const courseId = await courseOf(teacher, 'For the admin');
    expect((await get(`outline?courseId=${courseId}`, admin)).statusCode).toBe(200);
    const created = await post('courses/create', admin, { name: 'Client-wide' });
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, created.json().body.id));
    expect(row).toMatchObject({ clientId: home.clientId, instituteId: null });
  });

  it('refuses a topic of one course named with another course', async () => {
    const first = await courseOf(teacher);
    const second = await courseOf(teacher);
    const topicId = (await post('topics/create', teacher, { courseId: first, name: 'T' })).json().body.id;
    expect((await post('tasks/create', teacher, { courseId: second, topicId, kind: 'lesson', name: 'L' })).statusCode).toBe(404);
  });
});

describe('POST /teacher/v1/uploadfile', () => {
  it('stores an image and answers a stable link that serves it', async () => {
    const res = await upload(teacher, tinyPng(), 'diagram.png');
    expect(res.statusCode).toBe(200);
    const file = res.json().body;
    expect(file).toMatchObject({ kind: 'image', contentType: 'image/png', fileName: 'diagram.png', url: `/api/academy/v1/files/${file.fileId}` });
    const served = await t.call({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);
    // The stored link is accepted as lesson content.
    const courseId = await courseOf(teacher);
    const topicId = (await post('topics/create', teacher, { courseId, name: 'T' })).json().body.id;
    expect((await post('tasks/create', teacher, { courseId, topicId, kind: 'lesson', name: 'V', contentType: 'video', videoUrl: file.url })).statusCode).toBe(200);
  });

  it('stores a video', async () => {
    const res = await upload(teacher, tinyMp4(), 'clip.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
  });

  it('judges by content: a PNG named .mp4 is an image, a script named .png is refused', async () => {
    const renamed = await upload(teacher, tinyPng(), 'movie.mp4');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().body).toMatchObject({ kind: 'image', contentType: 'image/png' });
    const before = await count(contentFiles);
    const script = await upload(teacher, Buffer.from('<script>alert(1)</script>'), 'photo.png');
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toMatch(/content/);
    expect(await count(contentFiles)).toBe(before);
  });

  it('refuses an image over 5 MB and a video over 50 MB with 413, and an empty or missing file with 400', async () => {
    const before = await count(contentFiles);
    const bigImage = Buffer.concat([tinyPng(), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const image = await upload(teacher, bigImage, 'big.png');
    expect(image.statusCode).toBe(413);
    expect(image.json().message).toMatch(/5 MB/);
    const bigVideo = Buffer.concat([tinyMp4(), Buffer.alloc(VIDEO_UPLOAD_MAX_BYTES)]);
    expect((await upload(teacher, bigVideo, 'big.mp4')).statusCode).toBe(413);
    expect((await upload(teacher, Buffer.alloc(0), 'empty.png')).statusCode).toBe(400);
    expect((await upload(teacher, tinyPng(), 'x.png', 'other')).statusCode).toBe(400);
    expect(await count(contentFiles)).toBe(before);
  });

  it('answers 401 without a token and 403 to a student or a role without the permission', async () => {
    expect((await upload(undefined, tinyPng(), 'a.png')).statusCode).toBe(401);
    expect((await upload(student, tinyPng(), 'a.png')).statusCode).toBe(403);
    expect((await upload(withoutPermission, tinyPng(), 'a.png')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed file id', async () => {
    expect((await t.call({ method: 'GET', url: '/api/academy/v1/files/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/academy/v1/files/..%2F..%2Fsecret' })).statusCode).toBe(404);
  });
});

describe('Resource Upload: /academy/v1/resources', () => {
  const uploadResource = (user: TestUser | undefined, content: Buffer, fileName: string) => {
    const body = multipart(content, fileName);
    return t.call({ method: 'POST', url: '/api/academy/v1/resources/upload', headers: { ...(user?.headers ?? {}), ...body.headers }, payload: body.payload });
  };
  const list = (user?: TestUser) => t.call({ method: 'GET', url: '/api/academy/v1/resources', headers: user?.headers ?? {} });
  const remove = (user: TestUser | undefined, fileId: unknown) =>
    t.call({ method: 'POST', url: '/api/academy/v1/resources/delete', headers: user?.headers ?? {}, payload: { fileId } });

  it('uploads a PDF, lists it as unused, marks it used once a lesson names it, and deletes it only when unused', async () => {
    const res = await uploadResource(teacher, tinyPdf(), 'notes.pdf');
    expect(res.statusCode).toBe(200);
    const file = res.json().body;
    expect(file).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', fileName: 'notes.pdf' });
    expect((await list(teacher)).json().body.find((r: { fileId: string }) => r.fileId === file.fileId)).toMatchObject({ isInUse: false });

    const courseId = await courseOf(teacher);
    const topicId = (await post('topics/create', teacher, { courseId, name: 'T' })).json().body.id;
    const lessonId = (await post('tasks/create', teacher, { courseId, topicId, kind: 'lesson', name: 'PDF', contentType: 'pdf', pdfUrl: file.url })).json().body.id;
    expect((await list(teacher)).json().body.find((r: { fileId: string }) => r.fileId === file.fileId)).toMatchObject({ isInUse: true });
    const inUse = await remove(teacher, file.fileId);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/used by a lesson/);
    expect((await t.call({ method: 'GET', url: file.url })).statusCode).toBe(200);

    expect((await post('tasks/update', teacher, { taskId: lessonId, pdfUrl: null })).statusCode).toBe(200);
    expect((await remove(teacher, file.fileId)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await list(teacher)).json().body.some((r: { fileId: string }) => r.fileId === file.fileId)).toBe(false);
  });

  it('counts a file as used while a question version names it, in a language’s statement or in the version’s own row', async () => {
    const inList = async (fileId: string) => (await list(teacher)).json().body.find((r: { fileId: string }) => r.fileId === fileId);
    const inStatement = (await uploadResource(teacher, tinyPng(), 'figure.png')).json().body;
    const inVersion = (await uploadResource(teacher, tinyPng(), 'media.png')).json().body;
    expect(await inList(inStatement.fileId)).toMatchObject({ isInUse: false });
    await createQuestion(t.deps.db, { data: `Read the figure <img src="${inStatement.url}">` });
    const question = await createQuestion(t.deps.db);
    await t.deps.db.execute(sql`UPDATE question_versions SET media_url = ${inVersion.url} WHERE question_id = ${question.id}`);
    expect(await inList(inStatement.fileId)).toMatchObject({ isInUse: true });
    expect(await inList(inVersion.fileId)).toMatchObject({ isInUse: true });
    expect((await remove(teacher, inStatement.fileId)).statusCode).toBe(409);
  });

  it('refuses a file of another kind, and bad ids, with 400 and writes nothing', async () => {
    const before = await count(contentFiles);
    const zipNamedPdf = await uploadResource(teacher, Buffer.from('PK\u0003\u0004 not a pdf'), 'lesson.pdf');
    expect(zipNamedPdf.statusCode).toBe(400);
    expect(await count(contentFiles)).toBe(before);
    const bad = await remove(teacher, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose a file/);
  });

  it('keeps another institute’s files out of reach (404) and out of its list', async () => {
    const file = (await uploadResource(teacher, tinyPng(), 'home.png')).json().body;
    expect((await list(otherTeacher)).json().body.some((r: { fileId: string }) => r.fileId === file.fileId)).toBe(false);
    expect((await remove(otherTeacher, file.fileId)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 to a student or a role without the permission', async () => {
    const restricted = await createClient(t);
    await t.app.services.roles.revoke(restricted, 'Teacher', ['academy.uploadResources']);
    const noUpload = await t.createUser({ role: 'Teacher', ...placeIn(await createInstitute(t, { clientId: restricted })) });
    for (const user of [undefined, student, noUpload]) {
      const expected = user ? 403 : 401;
      expect((await list(user)).statusCode).toBe(expected);
      expect((await uploadResource(user, tinyPdf(), 'a.pdf')).statusCode).toBe(expected);
      expect((await remove(user, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(expected);
    }
  });
});

describe('content management: one rule for changing a test (decision 038)', () => {
  it('a school teacher cannot send the client’s shared test back to draft from any screen; a client administrator can, audited', async () => {
    const shared = await createTestTask(t.deps.db);
    const tc = (user: TestUser, isPublished: boolean) =>
      t.call({ method: 'POST', url: '/api/academy/v1/publishTestConfig', headers: user.headers, payload: { testId: shared.task.id, isPublished } });
    const back = await post('tasks/update', teacher, { taskId: shared.task.id, isPublished: false });
    expect(back.statusCode, back.body).toBe(403);
    expect(back.json()).toMatchObject({ status: false, body: { code: 'TC_NOT_EDITABLE' } });
    expect((await tc(teacher, false)).json().body.code).toBe('TC_NOT_EDITABLE');
    expect((await t.deps.db.select().from(tasks).where(eq(tasks.id, shared.task.id)))[0]!.isPublished).toBe(true);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, String(shared.task.id)))).toEqual([]);

    const admin = await t.createUser({ role: 'ClientAdmin', clientId: home.clientId });
    expect((await post('tasks/update', admin, { taskId: shared.task.id, isPublished: false })).statusCode).toBe(200);
    expect((await post('tasks/update', admin, { taskId: shared.task.id, isPublished: true })).statusCode).toBe(200);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, String(shared.task.id)));
    expect(entries.map((e) => [e.action, e.actorUserId, e.targetType])).toEqual([
      ['academy.unpublishTest', admin.id, 'task'],
      ['academy.publishTest', admin.id, 'task'],
    ]);
  });

  it('another institute’s test in a shared course is neither shown nor changed; a test made here is this institute’s', async () => {
    const theirs = await createTestTask(t.deps.db, { task: { ownerInstituteId: other.id, name: 'Their institute test' } });
    const outline = await get(`outline?courseId=${theirs.course.id}`, teacher);
    expect(outline.statusCode).toBe(200);
    expect(JSON.stringify(outline.json().body)).not.toContain('Their institute test');
    expect((await post('tasks/update', teacher, { taskId: theirs.task.id, isPublished: false })).statusCode).toBe(404);
    const made = await post('tasks/create', teacher, { courseId: theirs.course.id, topicId: theirs.topic.id, kind: 'test', name: 'Made in Content Management' });
    expect(made.statusCode, made.body).toBe(200);
    const [row] = await t.deps.db.select().from(tasks).where(eq(tasks.id, made.json().body.id));
    expect(row).toMatchObject({ ownerClientId: home.clientId, ownerInstituteId: home.id, createdBy: teacher.id });
    // Its own institute publishes it from Content Management, audited.
    expect((await post('tasks/update', teacher, { taskId: row!.id, isPublished: true })).statusCode).toBe(200);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, String(row!.id)))).map((e) => e.action)).toEqual(['academy.publishTest']);
  });
});
