import { academyRoutes, calendarRoutes, navigationRoutes, schedulesRoutes, testConfigRoutes, type RouteDef } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseMappings, testSchedules, topicOpenings } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createCourse, createLesson, createTestTask, createTopic, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';

const START = new Date('2026-05-04T04:00:00Z');
const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(START.getTime() + ms).toISOString();

let t: TestApp;
let home: TestInstitute;
let other: TestInstitute;
let teacher: TestUser;
let classTeacher: TestUser;
let admin: TestUser;
let outsider: TestUser;
let outsideAdmin: TestUser;
let revoked: TestUser;
let student: TestUser;
let classmate: TestUser;
let otherClass: TestUser;
let test: BuiltTest;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(START) });
  home = await createInstitute(t);
  other = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(home) });
  admin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  outsider = await t.createUser({ role: 'SchoolTeacher', ...placeIn(other) });
  outsideAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(other) });
  classTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(home) });
  await t.app.services.roles.assignClasses(classTeacher.id, [{ classId: home.classes[0]!.id, sectionId: null }]);
  classTeacher = { ...classTeacher, ...(await t.signIn(classTeacher.id)) };
  // A client whose teachers lost the schedule screens.
  const stripped = await createClient(t);
  const strippedInstitute = await createInstitute(t, { clientId: stripped });
  await t.app.services.roles.revokeTabs(stripped, 'SchoolTeacher', ['Test Schedule', 'Course Mapping', 'Course Schedule']);
  revoked = await t.createUser({ role: 'SchoolTeacher', ...placeIn(strippedInstitute) });
  student = await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 0, 0) });
  classmate = await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 0, 1) });
  otherClass = await t.createUser({ role: 'SchoolStudent', ...placeIn(home, 1, 0) });
  test = await createTestTask(t.deps.db);
});
afterAll(() => t.close());

const ok = async (user: TestUser, def: RouteDef, input: { body?: unknown; query?: Record<string, string | number> } = {}) => {
  const res = await callAs(t, user, def, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
};
const windowBody = (overrides: Record<string, unknown> = {}) => ({
  taskId: test.task.id,
  instituteId: home.id,
  classId: home.classes[0]!.id,
  opensAt: iso(HOUR),
  closesAt: iso(5 * HOUR),
  lateStartUntil: iso(2 * HOUR),
  ...overrides,
});

describe('access to every call', () => {
  const samples: Record<string, { body?: unknown; query?: Record<string, string | number> }> = {
    options: { query: { screen: 'testSchedule' } },
    createCourseMapping: { body: { courseId: 1, instituteId: 1 } },
    deleteCourseMapping: { body: { id: 1 } },
    createTestSchedule: { body: { taskId: 1, instituteId: 1, opensAt: iso(0), closesAt: iso(HOUR) } },
    updateTestSchedule: { body: { id: 1, opensAt: iso(0), closesAt: iso(HOUR) } },
    deleteTestSchedule: { body: { id: 1 } },
    createTopicOpening: { body: { topicId: 1, instituteId: 1, opensAt: iso(0) } },
    updateTopicOpening: { body: { id: 1, opensAt: iso(0) } },
    deleteTopicOpening: { body: { id: 1 } },
  };
  for (const [name, def] of Object.entries(schedulesRoutes)) {
    if (name === 'mySchedule') continue;
    it(`${name}: 401 without a token, 403 for a student and for a role without the permission`, async () => {
      expect((await callAs(t, null, def, samples[name])).statusCode).toBe(401);
      expect((await callAs(t, student, def, samples[name])).statusCode).toBe(403);
      expect((await callAs(t, revoked, def, samples[name])).statusCode).toBe(403);
    });
  }
  it('mySchedule: 401 without a token, 403 for staff', async () => {
    expect((await callAs(t, null, schedulesRoutes.mySchedule)).statusCode).toBe(401);
    expect((await callAs(t, teacher, schedulesRoutes.mySchedule)).statusCode).toBe(403);
  });
});

describe('options', () => {
  it('lists the caller’s institute with its classes, and a class teacher only their class', async () => {
    const all = await ok(teacher, schedulesRoutes.options, { query: { screen: 'testSchedule' } });
    expect(all.institutes.map((i: { id: number }) => i.id)).toEqual([home.id]);
    expect(all.institutes[0].classes).toHaveLength(2);
    expect(all.courses.some((c: { tests: { id: number }[] }) => c.tests.some((x) => x.id === test.task.id))).toBe(true);
    const narrow = await ok(classTeacher, schedulesRoutes.options, { query: { screen: 'courseMapping' } });
    expect(narrow.institutes[0].classes.map((c: { id: number }) => c.id)).toEqual([home.classes[0]!.id]);
  });
  it('refuses an unknown screen with 400', async () => {
    expect((await callAs(t, teacher, schedulesRoutes.options, { query: { screen: 'nope' } })).statusCode).toBe(400);
  });
});

describe('course mapping', () => {
  it('maps a course to a class; the class sees it, another class does not; unmapped courses stay open to all', async () => {
    const mapped = await createCourse(t.deps.db, { name: 'Mapped course' });
    const open = await createCourse(t.deps.db, { name: 'Open course' });
    const res = await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: mapped.id, instituteId: home.id, classId: home.classes[0]!.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Course mapped', body: { courseName: 'Mapped course', classId: home.classes[0]!.id, sectionId: null } });
    const ids = async (user: TestUser) => ((await ok(user, academyRoutes.listCourses)) as { courseID: number }[]).map((c) => c.courseID);
    expect(await ids(student)).toEqual(expect.arrayContaining([mapped.id, open.id]));
    expect(await ids(otherClass)).toContain(open.id);
    expect(await ids(otherClass)).not.toContain(mapped.id);
    expect((await callAs(t, otherClass, academyRoutes.listTopics, { query: { courseId: mapped.id } })).statusCode).toBe(404);
    // A self-registered student (no institute) is not narrowed by institutes' mappings.
    const independent = await t.createUser({ role: 'Student' });
    expect(await ids(independent)).toEqual(expect.arrayContaining([mapped.id, open.id]));
    // The same mapping twice is a conflict.
    expect((await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: mapped.id, instituteId: home.id, classId: home.classes[0]!.id } })).statusCode).toBe(409);
    const listed = await ok(admin, schedulesRoutes.listCourseMappings);
    expect(listed.map((m: { courseId: number }) => m.courseId)).toContain(mapped.id);
    expect(await ok(outsider, schedulesRoutes.listCourseMappings)).toEqual([]);
    // Another institute's teacher cannot delete it (404), the owner can.
    const id = res.json().body.id;
    expect((await callAs(t, outsider, schedulesRoutes.deleteCourseMapping, { body: { id } })).statusCode).toBe(404);
    expect((await ok(teacher, schedulesRoutes.deleteCourseMapping, { body: { id } })).id).toBe(id);
    expect(await ids(otherClass)).toContain(mapped.id);
  });

  it('refuses bad input with 400, another institute’s class with 404, and writes nothing', async () => {
    const before = (await t.deps.db.select().from(courseMappings)).length;
    const bad = await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: 'x', instituteId: home.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    const sectionOnly = await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: test.course.id, instituteId: home.id, sectionId: home.classes[0]!.sections[0] } });
    expect(sectionOnly.statusCode).toBe(400);
    expect(sectionOnly.body).toContain('class');
    expect((await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: test.course.id, instituteId: other.id, classId: other.classes[0]!.id } })).statusCode).toBe(404);
    // A class of another institute named under one's own institute is not found either.
    expect((await callAs(t, teacher, schedulesRoutes.createCourseMapping, { body: { courseId: test.course.id, instituteId: home.id, classId: other.classes[0]!.id } })).statusCode).toBe(404);
    // A class teacher cannot map for the whole institute or another class.
    expect((await callAs(t, classTeacher, schedulesRoutes.createCourseMapping, { body: { courseId: test.course.id, instituteId: home.id } })).statusCode).toBe(404);
    expect((await callAs(t, classTeacher, schedulesRoutes.createCourseMapping, { body: { courseId: test.course.id, instituteId: home.id, classId: home.classes[1]!.id } })).statusCode).toBe(404);
    expect((await t.deps.db.select().from(courseMappings)).length).toBe(before);
  });
});

describe('test schedule', () => {
  let scheduleId: number;

  it('creates a window with an audit entry; bad windows are refused with a clear message', async () => {
    const closesFirst = await callAs(t, teacher, schedulesRoutes.createTestSchedule, { body: windowBody({ closesAt: iso(0) }) });
    expect(closesFirst.statusCode).toBe(400);
    expect(closesFirst.body).toContain('closing time must be after');
    const tamil = await callAs(t, teacher, schedulesRoutes.createTestSchedule, { body: windowBody({ lateStartUntil: iso(9 * HOUR) }) }, { language: 'tn' });
    expect(tamil.statusCode).toBe(400);
    expect(tamil.body).toContain('கடைசித் தொடக்க நேரம்');
    expect((await callAs(t, teacher, schedulesRoutes.createTestSchedule, { body: windowBody({ opensAt: 'tomorrow' }) })).statusCode).toBe(400);
    expect((await callAs(t, outsider, schedulesRoutes.createTestSchedule, { body: windowBody() })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(testSchedules)).toHaveLength(0);

    const res = await callAs(t, teacher, schedulesRoutes.createTestSchedule, { body: windowBody() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Schedule saved', body: { taskId: test.task.id, opensAt: iso(HOUR), closesAt: iso(5 * HOUR), lateStartUntil: iso(2 * HOUR) } });
    scheduleId = res.json().body.id;
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'schedules.scheduleTest'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(teacher.id);
    expect((await ok(teacher, schedulesRoutes.listTestSchedules)).map((s: { id: number }) => s.id)).toEqual([scheduleId]);
    expect(await ok(outsider, schedulesRoutes.listTestSchedules)).toEqual([]);
  });

  it('the test screen says who can take it: the scheduled class here, and the client’s other institutes by their own schedules', async () => {
    const config = await ok(teacher, testConfigRoutes.get, { query: { testId: test.task.id } });
    expect(config.audience).toEqual({
      sharedWithClient: true,
      institutes: [{ instituteName: expect.any(String), windows: [{ className: '11', sectionName: null, opensAt: iso(HOUR), closesAt: iso(5 * HOUR), lateStartUntil: iso(2 * HOUR) }] }],
      otherInstitutes: true,
    });
    // Another institute's staff see their own institute, where nothing narrows it.
    expect((await ok(outsideAdmin, testConfigRoutes.get, { query: { testId: test.task.id } })).audience.institutes).toEqual([{ instituteName: expect.any(String), windows: [] }]);
  });

  it('hides the test from the task list outside the window and from another class', async () => {
    const taskIds = async (user: TestUser) =>
      ((await ok(user, academyRoutes.listTasks, { query: { courseId: test.course.id, topicId: test.topic.id } })).tasks as { taskID: number }[]).map((x) => x.taskID);
    expect(await taskIds(student)).not.toContain(test.task.id);
    t.clock.set(new Date(START.getTime() + HOUR + 1));
    expect(await taskIds(student)).toContain(test.task.id);
    expect(await taskIds(otherClass)).not.toContain(test.task.id);
  });

  it('refuses a start before the window, after the late-start cut-off and after closing; a started attempt keeps its deadline', async () => {
    const start = (user: TestUser) => callAs(t, user, { method: 'POST', path: '/task/v1/practise', access: 'user', summary: '', response: undefined as never }, { body: { taskID: test.task.id, courseID: test.course.id, languageID: 1 } });
    t.clock.set(START);
    const early = await start(student);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ status: false, message: 'This test is not open yet. Please start it when its window opens.' });
    const earlyTamil = await callAs(t, student, { method: 'POST', path: '/task/v1/practise', access: 'user', summary: '', response: undefined as never }, { body: { taskID: test.task.id, courseID: test.course.id } }, { language: 'tn' });
    expect(earlyTamil.json().message).toContain('இன்னும் திறக்கப்படவில்லை');
    // Another class has no window of its own: the test does not exist for it.
    t.clock.set(new Date(START.getTime() + 90 * 60_000));
    expect((await start(otherClass)).statusCode).toBe(404);
    const started = await start(student);
    expect(started.statusCode, started.body).toBe(200);
    t.clock.set(new Date(START.getTime() + 130 * 60_000));
    const late = await start(classmate);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('The last time to start this test has passed.');
    // The started attempt resumes after the cut-off.
    expect((await start(student)).statusCode).toBe(200);
    t.clock.set(new Date(START.getTime() + 6 * HOUR));
    expect((await start(classmate)).json().message).toContain('window has closed');
  });

  it('takes the tightest of overlapping windows', async () => {
    const section = await callAs(t, teacher, schedulesRoutes.createTestSchedule, {
      body: windowBody({ sectionId: home.classes[0]!.sections[1], opensAt: iso(90 * 60_000), closesAt: iso(4 * HOUR), lateStartUntil: null }),
    });
    expect(section.statusCode, section.body).toBe(200);
    t.clock.set(new Date(START.getTime() + 90 * 60_000));
    const mine = await ok(classmate, schedulesRoutes.mySchedule);
    expect(mine.tests).toEqual([expect.objectContaining({ opensAt: iso(90 * 60_000), closesAt: iso(4 * HOUR), lateStartUntil: iso(2 * HOUR) })]);
    await ok(teacher, schedulesRoutes.deleteTestSchedule, { body: { id: section.json().body.id } });
  });

  it('updates and deletes only in scope', async () => {
    const body = { id: scheduleId, opensAt: iso(25 * HOUR), closesAt: iso(7 * 24 * HOUR) };
    expect((await callAs(t, outsider, schedulesRoutes.updateTestSchedule, { body })).statusCode).toBe(404);
    expect((await callAs(t, teacher, schedulesRoutes.updateTestSchedule, { body: { ...body, closesAt: iso(0) } })).statusCode).toBe(400);
    const updated = await ok(admin, schedulesRoutes.updateTestSchedule, { body });
    expect(updated).toMatchObject({ opensAt: iso(25 * HOUR), lateStartUntil: null });
    expect((await callAs(t, outsider, schedulesRoutes.deleteTestSchedule, { body: { id: scheduleId } })).statusCode).toBe(404);
  });

  it('shows the window in the student’s calendar and, within 24 hours, in the bell', async () => {
    t.clock.set(START);
    const events = await ok(student, calendarRoutes.listEvents, { query: { from: iso(0), to: iso(10 * 24 * HOUR) } });
    expect(events).toEqual([expect.objectContaining({ key: `test:${test.task.id}`, source: 'test', readOnly: true, start: iso(25 * HOUR) })]);
    expect(await ok(otherClass, calendarRoutes.listEvents, { query: { from: iso(0), to: iso(10 * 24 * HOUR) } })).toEqual([]);
    expect((await ok(student, navigationRoutes.notification)).upcomingTests).toEqual([]);
    t.clock.set(new Date(START.getTime() + 2 * HOUR));
    expect((await ok(student, navigationRoutes.notification)).upcomingTests).toEqual([expect.objectContaining({ taskId: test.task.id })]);
    expect((await ok(otherClass, navigationRoutes.notification)).upcomingTests).toEqual([]);
    await ok(teacher, schedulesRoutes.deleteTestSchedule, { body: { id: scheduleId } });
    expect(await ok(student, calendarRoutes.listEvents, { query: { from: iso(0), to: iso(10 * 24 * HOUR) } })).toEqual([]);
  });
});

describe('course schedule', () => {
  it('locks a topic until it opens, for the student’s class only', async () => {
    t.clock.set(START);
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id, { name: 'Later topic' });
    const lesson = await createLesson(t.deps.db, course.id, topic.id);
    expect((await callAs(t, teacher, schedulesRoutes.createTopicOpening, { body: { topicId: topic.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt: 'soon' } })).statusCode).toBe(400);
    expect((await callAs(t, outsideAdmin, schedulesRoutes.createTopicOpening, { body: { topicId: topic.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt: iso(HOUR) } })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(topicOpenings)).toHaveLength(0);
    const created = await ok(admin, schedulesRoutes.createTopicOpening, { body: { topicId: topic.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt: iso(HOUR) } });
    expect(created).toMatchObject({ topicName: 'Later topic', opensAt: iso(HOUR) });
    const topics = await ok(student, academyRoutes.listTopics, { query: { courseId: course.id } });
    expect(topics.topics[0]).toMatchObject({ topicID: topic.id, opensAt: iso(HOUR) });
    const locked = await callAs(t, student, academyRoutes.listTasks, { query: { courseId: course.id, topicId: topic.id } });
    expect(locked.statusCode).toBe(423);
    expect((await callAs(t, student, academyRoutes.getContent, { query: { courseId: course.id, taskId: lesson.id } })).statusCode).toBe(423);
    expect((await ok(otherClass, academyRoutes.listTopics, { query: { courseId: course.id } })).topics[0].opensAt).toBeNull();
    expect((await ok(student, schedulesRoutes.mySchedule)).topics).toEqual([expect.objectContaining({ topicId: topic.id, isOpen: false })]);
    expect((await ok(admin, schedulesRoutes.listTopicOpenings)).map((o: { id: number }) => o.id)).toEqual([created.id]);
    expect(await ok(outsideAdmin, schedulesRoutes.listTopicOpenings)).toEqual([]);
    expect((await callAs(t, outsideAdmin, schedulesRoutes.updateTopicOpening, { body: { id: created.id, opensAt: iso(0) } })).statusCode).toBe(404);
    t.clock.set(new Date(START.getTime() + HOUR));
    expect((await callAs(t, student, academyRoutes.listTasks, { query: { courseId: course.id, topicId: topic.id } })).statusCode).toBe(200);
    await ok(admin, schedulesRoutes.updateTopicOpening, { body: { id: created.id, opensAt: iso(48 * HOUR) } });
    expect((await callAs(t, student, academyRoutes.getContent, { query: { courseId: course.id, taskId: lesson.id } })).statusCode).toBe(423);
    expect((await callAs(t, outsideAdmin, schedulesRoutes.deleteTopicOpening, { body: { id: created.id } })).statusCode).toBe(404);
    await ok(admin, schedulesRoutes.deleteTopicOpening, { body: { id: created.id } });
    expect((await callAs(t, student, academyRoutes.getContent, { query: { courseId: course.id, taskId: lesson.id } })).statusCode).toBe(200);
  });
});
