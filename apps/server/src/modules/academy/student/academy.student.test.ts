import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';
import { createCourse, createLesson, createTestTask, createTopic, startAttempt, submitTest, withContent } from '../../../../test/factories/academy.js';

let t: TestApp;
let student: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ role: 'Student' });
  teacher = await t.createUser({ role: 'SchoolTeacher' });
});
afterAll(async () => t.close());

const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url, headers: user?.headers ?? {} });
const track = (user: TestUser | undefined, payload: object) => t.call({ method: 'POST', url: '/api/academy/v1/track', headers: user?.headers ?? {}, payload });

describe('courses, topics, tasks and content', () => {
  it('shows progress from completed lessons and submitted tests', async () => {
    const course = await createCourse(t.deps.db, { name: 'NEET Biology' });
    await createCourse(t.deps.db, { name: 'Draft course', isPublished: false });
    const topic = await createTopic(t.deps.db, course.id, { name: 'Cell biology' });
    const lesson = await createLesson(t.deps.db, course.id, topic.id, {
      name: 'The cell',
      richText: '<p>Cells <b>divide</b>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    const test = await createTestTask(t.deps.db, { course, topic, task: { name: 'Cell quiz', durationMinutes: 20 } });
    await createLesson(t.deps.db, course.id, topic.id, { name: 'Hidden', isPublished: false });

    const courses = await get('/api/academy/v1/courses', student);
    expect(courses.statusCode).toBe(200);
    const mine = courses.json().body.find((c: { courseID: number }) => c.courseID === course.id);
    expect(mine).toMatchObject({ courseName: 'NEET Biology', totalTopics: 1, totalTasks: 2, completedTasks: 0, progress: 0 });
    expect(courses.json().body.some((c: { courseName: string }) => c.courseName === 'Draft course')).toBe(false);

    const session = await startAttempt(t, student, test);
    await submitTest(t, student, session.TestSessionID, test.task.id);
    const topics = await get(`/api/academy/v1/topics?courseId=${course.id}`, student);
    expect(topics.json().body).toMatchObject({ courseName: 'NEET Biology', topics: [{ topicName: 'Cell biology', totalTasks: 2, completedTasks: 1, progress: 50 }] });

    const tasks = await get(`/api/academy/v1/tasks?courseId=${course.id}&topicId=${topic.id}`, student);
    expect(tasks.json().body.tasks).toEqual([
      expect.objectContaining({ taskID: lesson.id, taskKind: 'lesson', contentType: 'richText', isCompleted: false, lastAttempt: null }),
      expect.objectContaining({
        taskID: test.task.id,
        taskKind: 'test',
        type: 'test',
        duration: 20,
        totalQuestions: 3,
        totalMarks: 12,
        isCompleted: true,
        lastAttempt: expect.objectContaining({ attemptId: session.TestSessionID, status: 'submitted', scored: 0, total: 12 }),
      }),
    ]);

    const content = await get(`/api/academy/v1/content?courseId=${course.id}&taskId=${lesson.id}`, student);
    expect(content.json().body.richText).toContain('<b>divide</b>');
    expect(content.json().body.richText).not.toContain('<script');
    expect(content.json().body.richText).not.toContain('onerror');
    const testContent = await get(`/api/academy/v1/content?courseId=${course.id}&taskId=${test.task.id}`, student);
    expect(testContent.json().body).toMatchObject({ taskKind: 'test', testPath: `/test/test/${course.id}/${test.task.id}`, isCompleted: true });

    const progress = (await get('/api/academy/v1/courses', student)).json().body.find((c: { courseID: number }) => c.courseID === course.id);
    expect(progress).toMatchObject({ completedTasks: 1, progress: 50 });
  });

  it('answers 404 for unknown, unpublished or mismatched ids, 400 for bad ones, 401 without a token', async () => {
    const course = await createCourse(t.deps.db);
    const draft = await createCourse(t.deps.db, { isPublished: false });
    const topic = await createTopic(t.deps.db, course.id);
    const otherTopic = await createTopic(t.deps.db, draft.id);
    const lesson = await createLesson(t.deps.db, course.id, topic.id);
    expect((await get(`/api/academy/v1/topics?courseId=${draft.id}`, student)).statusCode).toBe(404);
    expect((await get(`/api/academy/v1/topics?courseId=${draft.id}`, teacher)).statusCode).toBe(200);
    expect((await get(`/api/academy/v1/tasks?courseId=${course.id}&topicId=${otherTopic.id}`, student)).statusCode).toBe(404);
    expect((await get(`/api/academy/v1/content?courseId=${draft.id}&taskId=${lesson.id}`, teacher)).statusCode).toBe(404);
    const bad = await get(`/api/academy/v1/tasks?courseId=abc&topicId=1`, student);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect((await get('/api/academy/v1/courses')).statusCode).toBe(401);
    expect((await get(`/api/academy/v1/topics?courseId=${course.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/academy/v1/track', () => {
  it('adds time per course and task, never more than really passed, and completes a lesson', async () => {
    const me = await t.createUser({ role: 'Student' });
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id);
    const lesson = await createLesson(t.deps.db, course.id, topic.id, { contentType: 'video', videoUrl: 'https://example.org/v.mp4' });
    const first = await track(me, { courseId: course.id, taskId: lesson.id, timeSpent: 10 });
    expect(first.json().body).toMatchObject({ counted: 10, timeSpent: 10, taskTimeSpent: 10 });
    // A second report at once can only count one interval; an inflated one is capped.
    const burst = await track(me, { courseId: course.id, timeSpent: 3600 });
    expect(burst.json().body).toMatchObject({ counted: 10, timeSpent: 20 });
    t.clock.advance(10_000);
    const done = await track(me, { courseId: course.id, taskId: lesson.id, timeSpent: 10, isCompleted: true });
    expect(done.json().body).toMatchObject({ counted: 10, timeSpent: 30, taskTimeSpent: 20 });
    const courses = (await get('/api/academy/v1/courses', me)).json().body.find((c: { courseID: number }) => c.courseID === course.id);
    expect(courses).toMatchObject({ timeSpent: 30, completedTasks: 1, progress: 100 });
  });

  it('refuses bad input (nothing written), no token, the wrong role and unknown courses', async () => {
    const me = await t.createUser({ role: 'Student' });
    const course = await createCourse(t.deps.db);
    const bad = await track(me, { courseId: course.id, timeSpent: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('whole number of seconds');
    expect((await get('/api/academy/v1/courses', me)).json().body.find((c: { courseID: number }) => c.courseID === course.id).timeSpent).toBe(0);
    expect((await track(undefined, { courseId: course.id, timeSpent: 10 })).statusCode).toBe(401);
    expect((await track(teacher, { courseId: course.id, timeSpent: 10 })).statusCode).toBe(403);
    expect((await track(me, { courseId: 999999, timeSpent: 10 })).statusCode).toBe(404);
  });
});

describe('demo content', () => {
  it('seeds every question kind, both languages and lesson files, idempotently', async () => {
    const { seedAcademy } = await import('../../../db/seed/seed-academy.js');
    // The NEET mock is imported as a client administrator.
    await t.createUser({ role: 'ClientAdmin' });
    await seedAcademy(t.deps);
    await seedAcademy(t.deps);
    const courses = (await get('/api/academy/v1/courses', student)).json().body as { courseID: number; courseName: string; language: string }[];
    const en = courses.filter((c) => c.courseName === 'NEET Complete Preparation');
    expect(en).toHaveLength(1);
    expect(courses.some((c) => c.language === 'tn')).toBe(true);
    const { questions } = await import('../../../db/schema/index.js');
    const kinds = new Set((await t.deps.db.select({ type: questions.questionType }).from(questions)).map((q) => q.type));
    for (const kind of ['singleChoice', 'multipleChoice', 'text', 'comprehensive', 'video', 'image', 'programming', 'xlsx', 'docx', 'pptx']) expect(kinds).toContain(kind);
    const pdf = await get('/api/academy/v1/media/newton-laws-notes.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-1.4')).toBe(true);
    expect((await get('/api/academy/v1/media/..%2Fsecret.pdf')).statusCode).toBe(404);

    const topics = (await get(`/api/academy/v1/topics?courseId=${en[0]!.courseID}`, student)).json().body.topics as { topicID: number; topicName: string }[];
    const mocks = topics.find((x) => x.topicName === 'Mock tests')!;
    const tasks = (await get(`/api/academy/v1/tasks?courseId=${en[0]!.courseID}&topicId=${mocks.topicID}`, student)).json().body.tasks;
    expect(tasks[0]).toMatchObject({ TaskName: 'NEET Mock Test 1', duration: 180, totalQuestions: 180, totalMarks: 720 });
    const session = await t.call({ method: 'POST', url: '/api/task/v1/practise', headers: student.headers, payload: { taskID: tasks[0].taskID, courseID: en[0]!.courseID } });
    expect(session.json().body).toMatchObject({ RemainingTime: 10800, sectionWiseTimer: false });
    const sections = (await withContent(t, student, session.json().body)).section as { sectionName: string; question: { questionData: string; marks: number; negativeMarks: number }[] }[];
    expect(sections.map((s) => s.sectionName)).toEqual(['Physics', 'Chemistry', 'Botany', 'Zoology']);
    expect(sections.map((s) => s.question.length)).toEqual([45, 45, 45, 45]);
    expect(sections.flatMap((s) => s.question).every((q) => q.marks === 4 && q.negativeMarks === 1)).toBe(true);
    // The file's order is kept: the player's first questions are the ones the e2e suite answers.
    expect(sections[0]!.question[0]!.questionData).toMatch(/^A body starts from rest/);
    expect(session.body).not.toContain('explanation');

    // The one-minute drill: a section can time out within a short session (used by the e2e suite).
    expect(tasks.map((x: { TaskName: string }) => x.TaskName)).toEqual(['NEET Mock Test 1', 'Quick Check: timed sections', 'Quick Check: one-minute sections']);
    const drill = await t.call({ method: 'POST', url: '/api/task/v1/instruction', headers: student.headers, payload: { taskID: tasks[2].taskID, courseID: en[0]!.courseID } });
    expect(drill.json().body).toMatchObject({ sectionWiseTimer: true, totalDuration: 120, sections: [{ sectionDuration: 60, totalQuestions: 2 }, { sectionDuration: 60, totalQuestions: 2 }] });
  });
});
