import { randomUUID } from 'node:crypto';
import * as contracts from '@app/contracts';
import { DEFAULT_ROLE_PERMISSIONS, type RouteDef } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseMappings, languages, loginLinks, parentInfo, parentLinks, runs, states, tasks } from '../src/db/schema/index.js';
import { seedLookups } from '../src/db/seed/seed-lookups.js';
import { addQuestionToTask, createCourse, createLesson, createTestTask, createTopic, saveAnswers, startAttempt, submitTest, type BuiltTest } from './factories/academy.js';
import { recordAudit } from '../src/lib/audit.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from './factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';

/**
 * The IDOR matrix: every record a student owns × every actor who is not entitled to it — read,
 * change, delete. Nothing leaks and each refusal is the one the rule gives (401 without a token,
 * 403 for a role the call is not for, 404 for a record out of scope), with no record data; a call
 * naming no record answers with the caller's own data. Nothing changes (the owner reads everything
 * back unchanged). Then the actors who are entitled: the owner, the owner's parent, a teacher of
 * the owner's institute.
 */

let t: TestApp;
let sunrise: TestInstitute;
let kaveri: TestInstitute;

/** Written into every record the owner makes, so that any leak of it is found in a body. */
const MARKER = `owned-${randomUUID().slice(0, 8)}`;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0xff, 0xd9]);
const JPEG_DATA_URL = `data:image/jpeg;base64,${JPEG.toString('base64')}`;
const MARCH = { from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' };

let owner: TestUser;
let ownParent: TestUser;
let sameTeacher: TestUser;
let sameAdmin: TestUser;
/** The ones who must learn nothing about the owner's records. */
let outsiders: Record<string, TestUser | null>;

/** The owner's records. */
const rec = {} as {
  noteId: number;
  noteLabelId: number;
  bookmarkId: number;
  bookmarkLabelId: number;
  todoId: number;
  todoLabelId: number;
  eventId: number;
  test: BuiltTest;
  attemptId: string;
  frameId: number;
  runId: string;
  /** Schedule rows for the owner's class, made by the owner's institute staff. */
  courseMappingId: number;
  testScheduleId: number;
  topicOpeningId: number;
  supportId: number;
};

type Input = { body?: object; query?: Record<string, string | number> };
const call = (user: TestUser | null, method: string, path: string, input: Input = {}) =>
  t.call({
    method: method as 'GET',
    url: `/api${path}${input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)]))}` : ''}`,
    headers: user?.headers ?? {},
    ...(input.body ? { payload: input.body } : {}),
  });

async function ok(user: TestUser, method: string, path: string, input: Input = {}) {
  const res = await call(user, method, path, input);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().body;
}

beforeAll(async () => {
  t = await createTestApp();
  const otherClient = await createClient(t);
  sunrise = await createInstitute(t);
  kaveri = await createInstitute(t);
  const elsewhere = await createInstitute(t, { clientId: otherClient });

  owner = await t.createUser({ role: 'Student', firstName: MARKER, ...placeIn(sunrise, 1, 0) });
  ownParent = await t.createUser({ role: 'Parent' });
  sameTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  const classmate = await t.createUser({ role: 'Student', ...placeIn(sunrise, 1, 0) });
  const otherParent = await t.createUser({ role: 'Parent' });
  await t.deps.db.insert(parentLinks).values([
    { parentUserId: ownParent.id, studentUserId: owner.id },
    { parentUserId: otherParent.id, studentUserId: classmate.id },
  ]);
  outsiders = {
    'another student (same class)': classmate,
    'a teacher of another institute': await t.createUser({ role: 'SchoolTeacher', ...placeIn(kaveri) }),
    'a teacher of another class': await assignedTeacher(sunrise.classes[0]!.id),
    'the admin of another institute': await t.createUser({ role: 'InstituteAdmin', ...placeIn(kaveri) }),
    "another client's admin": await t.createUser({ role: 'ClientAdmin', ...placeIn(elsewhere) }),
    'a parent of another child': otherParent,
    'the Institution account of another institute': await t.createUser({ role: 'Institution', ...placeIn(kaveri) }),
    'no token': null,
  };

  // The owner's workspace, made through the API.
  rec.noteLabelId = (await ok(owner, 'POST', '/notes/v1/createLabel', { body: { title: `${MARKER} n` } })).id;
  rec.noteId = (await ok(owner, 'POST', '/notes/v1/createNotes', { body: { title: MARKER, description: MARKER, labels: [rec.noteLabelId] } })).id;
  rec.bookmarkLabelId = (await ok(owner, 'POST', '/bookmark/v1/createLabel', { body: { title: `${MARKER} b` } })).id;
  rec.bookmarkId = (await ok(owner, 'POST', '/bookmark/v1/createBookmark', { body: { title: MARKER, link: 'https://example.com/owned', labels: [rec.bookmarkLabelId] } })).id;
  rec.todoLabelId = (await ok(owner, 'POST', '/todo/v1/createLabel', { body: { title: `${MARKER} t` } })).id;
  rec.todoId = (await ok(owner, 'POST', '/todo/v1/create', { body: { title: MARKER, labels: [rec.todoLabelId] } })).id;
  rec.eventId = (await ok(owner, 'POST', '/calendar/v1/createEvent', { body: { title: MARKER, start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' } })).id;
  await t.deps.db.insert(parentInfo).values({
    studentUserId: owner.id,
    parentName: MARKER,
    guardian1: MARKER,
    email: 'owned-parent@example.com',
    phone: '9876543210',
    updatedAt: t.clock.now(),
  });

  // A submitted attempt with a camera frame and a written answer waiting for a mark.
  rec.test = await createTestTask(t.deps.db, {
    task: { isCameraAllowed: true },
    sections: [{ questions: [{}, { questionType: 'comprehensive', data: 'Explain osmosis.', options: [], correctAnswerId: null, lineNumber: 5, marks: 5, negativeMarks: 0 }] }],
  });
  const session = await startAttempt(t, owner, rec.test);
  rec.attemptId = session.TestSessionID;
  rec.frameId = (await ok(owner, 'POST', '/task/v1/capturePhoto', { body: { dataURL: JPEG_DATA_URL, taskID: rec.test.task.id, testSessionID: rec.attemptId } })).frameId;
  const saved = await saveAnswers(t, owner, rec.attemptId, [
    { questionTaskMapID: rec.test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
    { questionTaskMapID: rec.test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: MARKER, seq: 1 },
  ]);
  expect(saved.statusCode).toBe(200);
  expect((await submitTest(t, owner, rec.attemptId, rec.test.task.id)).statusCode).toBe(200);

  // A queued code run (the queue does not run in tests); its source carries the marker.
  rec.runId = randomUUID();
  await t.deps.db.insert(runs).values({
    id: rec.runId,
    userId: owner.id,
    userRole: 'Student',
    taskId: rec.test.task.id,
    questionId: rec.test.sections[0]!.questions[0]!.question.id,
    type: 'run',
    language: 'Python',
    sourceCode: `print("${MARKER}")`,
    cases: [{ input: '', expected: null }],
    timeLimitMs: 1000,
    memoryLimitMb: 64,
    createdAt: t.clock.now(),
  });

  // The owner's class schedule: a course mapping, a test window and a topic opening.
  sameAdmin = await t.createUser({ role: 'InstituteAdmin', ...placeIn(sunrise) });
  const target = { instituteId: sunrise.id, classId: sunrise.classes[1]!.id };
  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();
  rec.courseMappingId = (await ok(sameTeacher, 'POST', '/schedules/v1/createCourseMapping', { body: { courseId: rec.test.course.id, ...target } })).id;
  rec.testScheduleId = (await ok(sameTeacher, 'POST', '/schedules/v1/createTestSchedule', { body: { taskId: rec.test.task.id, ...target, opensAt: at(1), closesAt: at(48) } })).id;
  rec.topicOpeningId = (await ok(sameAdmin, 'POST', '/schedules/v1/createTopicOpening', { body: { topicId: rec.test.topic.id, ...target, opensAt: at(-1) } })).id;
  // Staff records about the owner: an audit entry (its reason carries the marker) and a message
  // the owner's teacher sent to the institute's admins.
  await recordAudit(t.deps.db, await t.app.services.auth.resolveToken(sameTeacher.token), {
    action: 'students.resetPassword',
    targetType: 'user',
    targetId: owner.id,
    targetUserId: owner.id,
    reason: MARKER,
  });
  rec.supportId = (await ok(sameTeacher, 'POST', '/support/v1/create', { body: { subject: MARKER, message: MARKER, category: 'account' } })).id;
});
afterAll(async () => t.close());

async function assignedTeacher(classId: number): Promise<TestUser> {
  const teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  await t.app.services.roles.assignClasses(teacher.id, [{ classId, sectionId: null }]);
  return teacher;
}

const feedbackQuery = () => ({ courseId: rec.test.course.id, taskId: rec.test.task.id, attemptId: rec.attemptId });

/**
 * Each owned resource and what may be tried on it. `own`: the call names no record and answers
 * with the caller's own data (or a filtered list), so a 200 is fine as long as nothing leaks;
 * every other call names one of the owner's records and must be refused.
 */
const MATRIX: Array<{ resource: string; op: 'read' | 'change' | 'delete'; method: string; path: string; input: () => Input; own?: true }> = [
  { resource: 'notes', op: 'read', method: 'GET', path: '/notes/v1/listNotes', input: () => ({}), own: true },
  { resource: 'notes', op: 'change', method: 'PUT', path: '/notes/v1/editNotes', input: () => ({ body: { id: rec.noteId, title: 'taken' } }) },
  { resource: 'notes', op: 'delete', method: 'DELETE', path: '/notes/v1/deleteNotes', input: () => ({ query: { id: rec.noteId } }) },
  { resource: 'note labels', op: 'read', method: 'GET', path: '/notes/v1/listLabels', input: () => ({}), own: true },
  { resource: 'note labels', op: 'change', method: 'PUT', path: '/notes/v1/editLabel', input: () => ({ body: { labelId: rec.noteLabelId, title: 'taken' } }) },
  { resource: 'note labels', op: 'delete', method: 'DELETE', path: '/notes/v1/deleteLabel', input: () => ({ query: { id: rec.noteLabelId } }) },
  { resource: 'bookmarks', op: 'read', method: 'GET', path: '/bookmark/v1/bookmarkList', input: () => ({}), own: true },
  { resource: 'bookmarks', op: 'change', method: 'POST', path: '/bookmark/v1/editBookmark', input: () => ({ body: { id: rec.bookmarkId, title: 'taken' } }) },
  { resource: 'bookmarks', op: 'delete', method: 'DELETE', path: '/bookmark/v1/deleteBookmark', input: () => ({ query: { id: rec.bookmarkId } }) },
  { resource: 'bookmark labels', op: 'read', method: 'GET', path: '/bookmark/v1/getLabelList', input: () => ({}), own: true },
  { resource: 'bookmark labels', op: 'change', method: 'POST', path: '/bookmark/v1/editLabel', input: () => ({ body: { labelId: rec.bookmarkLabelId, title: 'taken' } }) },
  { resource: 'bookmark labels', op: 'delete', method: 'DELETE', path: '/bookmark/v1/deleteLabel', input: () => ({ query: { labelId: rec.bookmarkLabelId } }) },
  { resource: 'to-dos', op: 'read', method: 'GET', path: '/todo/v1/list', input: () => ({}), own: true },
  { resource: 'to-dos', op: 'change', method: 'PUT', path: '/todo/v1/update', input: () => ({ body: { id: rec.todoId, title: 'taken' } }) },
  { resource: 'to-dos', op: 'delete', method: 'DELETE', path: '/todo/v1/delete', input: () => ({ query: { id: rec.todoId } }) },
  { resource: 'to-do labels', op: 'read', method: 'GET', path: '/todo/v1/listLabels', input: () => ({}), own: true },
  { resource: 'to-do labels', op: 'change', method: 'PUT', path: '/todo/v1/editLabel', input: () => ({ body: { labelId: rec.todoLabelId, title: 'taken' } }) },
  { resource: 'to-do labels', op: 'delete', method: 'DELETE', path: '/todo/v1/deleteLabel', input: () => ({ query: { id: rec.todoLabelId } }) },
  { resource: 'events', op: 'read', method: 'GET', path: '/calendar/v1/listEvents', input: () => ({ query: MARCH }), own: true },
  { resource: 'events', op: 'change', method: 'PUT', path: '/calendar/v1/updateEvent', input: () => ({ body: { id: rec.eventId, title: 'taken' } }) },
  { resource: 'events', op: 'delete', method: 'DELETE', path: '/calendar/v1/deleteEvent', input: () => ({ query: { id: rec.eventId } }) },
  { resource: 'search', op: 'read', method: 'GET', path: '/search/v1/query', input: () => ({ query: { q: MARKER } }), own: true },
  { resource: 'profile', op: 'read', method: 'GET', path: '/user/v1/getUserInfo', input: () => ({}), own: true },
  { resource: 'parent info', op: 'read', method: 'GET', path: '/user/v1/getParentInfo', input: () => ({}), own: true },
  { resource: 'attempts', op: 'read', method: 'POST', path: '/task/v1/checkSession', input: () => ({ body: { TestSessionID: rec.attemptId } }) },
  { resource: 'attempts', op: 'read', method: 'POST', path: '/task/v1/getSessionDetails', input: () => ({ body: { TestSessionID: rec.attemptId, taskID: rec.test.task.id } }) },
  { resource: 'attempts', op: 'change', method: 'POST', path: '/task/v1/submitTest', input: () => ({ body: { TestSessionID: rec.attemptId, TaskID: rec.test.task.id } }) },
  {
    resource: 'answers',
    op: 'change',
    method: 'POST',
    path: '/task/v1/saveAnswer',
    input: () => ({ body: { TestSessionID: rec.attemptId, data: [{ questionTaskMapID: rec.test.mapIds[0]!, questionType: 'singleChoice', answerID: 3, seq: 99 }] } }),
  },
  { resource: 'answers', op: 'read', method: 'POST', path: '/task/v1/revealAnswer', input: () => ({ body: { TestSessionID: rec.attemptId, questionTaskMapID: rec.test.mapIds[0]! } }) },
  { resource: 'reports', op: 'read', method: 'GET', path: '/task/v1/feedbackReport', input: () => ({ query: feedbackQuery() }) },
  { resource: 'reports', op: 'read', method: 'GET', path: '/reports/v1/dashboard', input: () => ({ query: { studentId: owner.id } }) },
  { resource: 'reports', op: 'read', method: 'GET', path: '/reports/v1/activity', input: () => ({ query: { studentId: owner.id } }) },
  { resource: 'reports', op: 'read', method: 'POST', path: '/task/v1/report', input: () => ({ body: { taskID: rec.test.task.id } }), own: true },
  { resource: 'runs', op: 'read', method: 'GET', path: '/task/v1/getRunDetails', input: () => ({ query: { runID: rec.runId } }) },
  { resource: 'frames', op: 'read', method: 'GET', path: '/task/v1/attemptPhotos', input: () => ({ query: { attemptId: rec.attemptId } }) },
  { resource: 'frames', op: 'read', method: 'GET', path: '/task/v1/attemptPhoto', input: () => ({ query: { frameId: rec.frameId } }) },
  { resource: 'marking', op: 'read', method: 'GET', path: '/task/v1/pendingEvaluations', input: () => ({ query: { taskId: rec.test.task.id } }), own: true },
  { resource: 'marking', op: 'change', method: 'POST', path: '/task/v1/markAnswer', input: () => ({ body: { attemptId: rec.attemptId, questionTaskMapID: rec.test.mapIds[1]!, marksAwarded: 5 } }) },
  { resource: 'course mappings', op: 'read', method: 'GET', path: '/schedules/v1/listCourseMappings', input: () => ({}), own: true },
  { resource: 'course mappings', op: 'delete', method: 'POST', path: '/schedules/v1/deleteCourseMapping', input: () => ({ body: { id: rec.courseMappingId } }) },
  { resource: 'test schedules', op: 'read', method: 'GET', path: '/schedules/v1/listTestSchedules', input: () => ({}), own: true },
  { resource: 'test schedules', op: 'change', method: 'POST', path: '/schedules/v1/updateTestSchedule', input: () => ({ body: { id: rec.testScheduleId, opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-01-02T00:00:00Z' } }) },
  { resource: 'test schedules', op: 'delete', method: 'POST', path: '/schedules/v1/deleteTestSchedule', input: () => ({ body: { id: rec.testScheduleId } }) },
  { resource: 'topic openings', op: 'read', method: 'GET', path: '/schedules/v1/listTopicOpenings', input: () => ({}), own: true },
  { resource: 'topic openings', op: 'change', method: 'POST', path: '/schedules/v1/updateTopicOpening', input: () => ({ body: { id: rec.topicOpeningId, opensAt: '2030-01-01T00:00:00Z' } }) },
  { resource: 'topic openings', op: 'delete', method: 'POST', path: '/schedules/v1/deleteTopicOpening', input: () => ({ body: { id: rec.topicOpeningId } }) },
  { resource: 'marking', op: 'read', method: 'POST', path: '/grading/v1/revealCandidate', input: () => ({ body: { attemptId: rec.attemptId } }) },
  { resource: 'live room', op: 'read', method: 'GET', path: '/exam/v1/supervisedTests', input: () => ({}), own: true },
  { resource: 'live room', op: 'read', method: 'GET', path: '/exam/v1/liveRoom', input: () => ({ query: { taskId: rec.test.task.id } }), own: true },
  { resource: 'live room', op: 'change', method: 'POST', path: '/exam/v1/extendTime', input: () => ({ body: { attemptId: rec.attemptId, minutes: 5, reason: 'taken' } }) },
  { resource: 'live room', op: 'change', method: 'POST', path: '/exam/v1/reopenAttempt', input: () => ({ body: { attemptId: rec.attemptId, minutes: 5, reason: 'taken' } }) },
  { resource: 'live room', op: 'change', method: 'POST', path: '/exam/v1/forceSubmit', input: () => ({ body: { attemptId: rec.attemptId, reason: 'taken' } }) },
  { resource: 'login links', op: 'change', method: 'POST', path: '/user/v1/createLoginLink', input: () => ({ body: { userId: owner.id } }) },
  { resource: 'account', op: 'read', method: 'GET', path: '/students/v1/get', input: () => ({ query: { id: owner.id } }) },
  { resource: 'account', op: 'change', method: 'POST', path: '/students/v1/update', input: () => ({ body: { id: owner.id, lastName: 'Changed', classId: sunrise.classes[0]!.id } }) },
  { resource: 'account', op: 'change', method: 'POST', path: '/students/v1/linkParent', input: () => ({ body: { id: owner.id, email: 'intruder-parent@example.com' } }) },
  { resource: 'account', op: 'delete', method: 'POST', path: '/students/v1/unlinkParent', input: () => ({ body: { id: owner.id, parentUserId: ownParent.id } }) },
  { resource: 'account', op: 'change', method: 'POST', path: '/students/v1/resetPassword', input: () => ({ body: { id: owner.id, mode: 'temporary', temporaryPassword: 'taken-over' } }) },
  { resource: 'account', op: 'delete', method: 'POST', path: '/students/v1/setActive', input: () => ({ body: { id: owner.id, isActive: false } }) },
  { resource: 'audit log', op: 'read', method: 'GET', path: '/audit/v1/list', input: () => ({ query: { targetUserId: owner.id } }), own: true },
  { resource: 'contact messages', op: 'read', method: 'GET', path: '/support/v1/inbox', input: () => ({}), own: true },
  { resource: 'contact messages', op: 'change', method: 'POST', path: '/support/v1/update', input: () => ({ body: { id: rec.supportId, status: 'closed', replyNote: 'taken' } }) },
  { resource: 'class assignments', op: 'change', method: 'POST', path: '/roles/v1/assignClasses', input: () => ({ body: { userId: sameTeacher.id, classes: [{ classId: sunrise.classes[0]!.id, sectionId: null }] } }) },
];

/** Everything the owner can see of their records, read as the owner (frames as their teacher). */
async function ownerView() {
  return {
    notes: await ok(owner, 'GET', '/notes/v1/listNotes'),
    noteLabels: await ok(owner, 'GET', '/notes/v1/listLabels'),
    bookmarks: await ok(owner, 'GET', '/bookmark/v1/bookmarkList'),
    bookmarkLabels: await ok(owner, 'GET', '/bookmark/v1/getLabelList'),
    todos: await ok(owner, 'GET', '/todo/v1/list'),
    todoLabels: await ok(owner, 'GET', '/todo/v1/listLabels'),
    events: await ok(owner, 'GET', '/calendar/v1/listEvents', { query: MARCH }),
    profile: await ok(owner, 'GET', '/user/v1/getUserInfo'),
    parentInfo: await ok(owner, 'GET', '/user/v1/getParentInfo'),
    attempt: await ok(owner, 'POST', '/task/v1/checkSession', { body: { TestSessionID: rec.attemptId } }),
    report: await ok(owner, 'GET', '/task/v1/feedbackReport', { query: feedbackQuery() }),
    run: await ok(owner, 'GET', '/task/v1/getRunDetails', { query: { runID: rec.runId } }),
    frames: await ok(sameTeacher, 'GET', '/task/v1/attemptPhotos', { query: { attemptId: rec.attemptId } }),
    loginLinks: (await t.deps.db.select().from(loginLinks)).filter((link) => link.userId === owner.id).length,
    schedule: await ok(owner, 'GET', '/schedules/v1/mySchedule'),
    mappings: await ok(sameAdmin, 'GET', '/schedules/v1/listCourseMappings'),
    windows: await ok(sameAdmin, 'GET', '/schedules/v1/listTestSchedules'),
    openings: await ok(sameAdmin, 'GET', '/schedules/v1/listTopicOpenings'),
    account: await ok(sameTeacher, 'GET', '/students/v1/get', { query: { id: owner.id } }),
    contactMessages: await ok(sameTeacher, 'GET', '/support/v1/mine'),
    teacherClasses: await t.app.services.roles.listAssignments(sameTeacher.id),
  };
}

/** Every contract route, to know who may call each path (its roles and its permission). */
const ROUTES: RouteDef[] = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Routes') && typeof value === 'object' && value !== null)
  .flatMap(([, value]) => Object.values(value as Record<string, unknown>))
  .filter((def): def is RouteDef => typeof def === 'object' && def !== null && 'path' in def && 'method' in def && 'access' in def);

/**
 * The one right answer to a refused call: no token 401; a role the route is not for, or without its
 * permission, 403; a record out of the caller's scope 404. `own` calls answer a caller the route is
 * for with their own (empty) data.
 */
function expectedStatus(actor: TestUser | null, entry: { method: string; path: string; own?: true }): number {
  if (actor === null) return 401;
  const def = ROUTES.find((r) => r.method === entry.method && r.path.toLowerCase() === entry.path.toLowerCase());
  if (!def) throw new Error(`no contract route for ${entry.method} ${entry.path}`);
  const role = actor.role as keyof typeof DEFAULT_ROLE_PERMISSIONS;
  if (def.access !== 'user' && def.access !== 'public' && !def.access.includes(role)) return 403;
  if (def.permission && !DEFAULT_ROLE_PERMISSIONS[role].includes(def.permission)) return 403;
  return entry.own ? 200 : 404;
}

/** A refusal carries the error's code (and field messages) only; an answer of the caller's own data never the owner's. */
function expectNothingLeaked(res: Awaited<ReturnType<typeof call>>, label: string) {
  expect(res.body, `${label} leaked the owner's data`).not.toContain(MARKER);
  if (res.statusCode === 200) return;
  expect([401, 403, 404], `${label}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  const envelope = res.json();
  expect(envelope.status, label).toBe(false);
  expect(Object.keys(envelope.body ?? {}).filter((key) => key !== 'code' && key !== 'fields'), label).toEqual([]);
}

describe('IDOR matrix: nothing leaks, nothing changes', () => {
  it('the owner sees every record', async () => {
    const view = await ownerView();
    expect(JSON.stringify(view.notes)).toContain(MARKER);
    expect(view.frames.frames).toHaveLength(1);
    expect(view.report.MarkScored).toBeDefined();
    expect(view.schedule.tests).toHaveLength(1);
    expect(view.schedule.topics).toHaveLength(1);
    expect(view.mappings).toHaveLength(1);
  });

  it.each(['another student (same class)', 'a teacher of another institute', 'a teacher of another class', 'the admin of another institute', "another client's admin", 'a parent of another child', 'the Institution account of another institute', 'no token'])(
    '%s: read, change and delete of every owned record',
    async (who) => {
      const before = await ownerView();
      const actor = outsiders[who]!;
      const mismatches: string[] = [];
      for (const entry of MATRIX) {
        const label = `${who} → ${entry.op} ${entry.resource} (${entry.path})`;
        const res = await call(actor, entry.method, entry.path, entry.input());
        expectNothingLeaked(res, label);
        mismatches.push(...(res.statusCode === expectedStatus(actor, entry) ? [] : [`${label}: ${res.statusCode}, expected ${expectedStatus(actor, entry)} ${res.body.slice(0, 120)}`]));
      }
      expect(mismatches).toEqual([]);
      expect(await ownerView(), `${who} changed the owner's records`).toEqual(before);
    },
  );
});

describe('IDOR matrix: those entitled', () => {
  it("the owner's parent reads the child's report, and nothing else of the workspace", async () => {
    const report = await call(ownParent, 'GET', '/task/v1/feedbackReport', { query: feedbackQuery() });
    expect(report.statusCode).toBe(200);
    expect((await ok(ownParent, 'GET', '/reports/v1/dashboard', { query: { studentId: owner.id } })).attempts).toHaveLength(1);
    expect(report.json().body.MarkScored).toBeDefined();
    // A parent never marks, never sees frames and never signs in as the child.
    for (const path of ['/task/v1/attemptPhotos', '/user/v1/createLoginLink']) {
      const entry = MATRIX.find((e) => e.path === path)!;
      expect((await call(ownParent, entry.method, path, entry.input())).statusCode).toBe(403);
    }
  });

  it("a teacher of the owner's institute reads frames and the report, marks the answer and creates a sign-in link", async () => {
    const frames = await ok(sameTeacher, 'GET', '/task/v1/attemptPhotos', { query: { attemptId: rec.attemptId } });
    expect(frames.userId).toBe(owner.id);
    expect((await ok(sameTeacher, 'GET', '/task/v1/attemptPhoto', { query: { frameId: rec.frameId } })).dataURL).toBe(JPEG_DATA_URL);
    expect((await ok(sameTeacher, 'GET', '/task/v1/feedbackReport', { query: feedbackQuery() })).MarkScored).toBeDefined();
    const pending = await ok(sameTeacher, 'GET', '/task/v1/pendingEvaluations', { query: { taskId: rec.test.task.id } });
    expect(pending).toEqual([expect.objectContaining({ attemptId: rec.attemptId, answerData: MARKER })]);
    const marked = await ok(sameTeacher, 'POST', '/task/v1/markAnswer', { body: { attemptId: rec.attemptId, questionTaskMapID: rec.test.mapIds[1]!, marksAwarded: 4 } });
    expect(marked).toMatchObject({ pendingEvaluation: false });
    const link = await ok(sameTeacher, 'POST', '/user/v1/createLoginLink', { body: { userId: owner.id } });
    const signedIn = await call(null, 'POST', '/user/v1/loginwithsessionid', { body: { SessionID: link.SessionID } });
    expect(signedIn.json().body.userName).toBe(owner.username);
  });

  it('a teacher assigned to the owner’s class reaches the owner; one assigned to another section does not', async () => {
    const ownClass = sunrise.classes[1]!;
    const inClass = await assignedTeacher(ownClass.id);
    expect((await call(inClass, 'GET', '/task/v1/attemptPhotos', { query: { attemptId: rec.attemptId } })).statusCode).toBe(200);
    const otherSection = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
    await t.app.services.roles.assignClasses(otherSection.id, [{ classId: ownClass.id, sectionId: ownClass.sections[1] }]);
    expect((await call(otherSection, 'GET', '/task/v1/attemptPhotos', { query: { attemptId: rec.attemptId } })).statusCode).toBe(404);
  });
});

describe('IDOR matrix: an institute’s test configuration', () => {
  it('staff of another institute or client, students, parents and no token read and change nothing', async () => {
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id);
    const settings = {
      name: MARKER,
      testType: 'test',
      courseId: course.id,
      topicId: topic.id,
      instructionsEn: MARKER,
      instructionsTn: '',
      durationMinutes: 60,
      questionSwitch: 1,
      isSectionNavigationAllowed: true,
      mandatory: false,
      sectionWiseTimer: false,
      shuffle: false,
      questionDisplayType: 'vertical',
      isEditorAllowed: true,
      isCameraAllowed: false,
      isTabAlertAllowed: 1,
      warnings: 3,
      scoreVisible: true,
      partialSubmitMinutes: 30,
      attemptsAllowed: 1,
      showAnswers: 'afterSubmit',
    };
    const created = await ok(sameTeacher, 'POST', '/academy/v1/createTestConfig', { body: { settings } });
    const testId = created.testId as number;
    const entries: Array<[string, string, Input]> = [
      ['GET', '/academy/v1/getTestConfig', { query: { testId } }],
      ['GET', '/academy/v1/previewTestConfig', { query: { testId } }],
      ['GET', '/academy/v1/listTestConfigs', {}],
      ['POST', '/academy/v1/updateTestConfig', { body: { testId, settings: { ...settings, name: 'taken' } } }],
      ['POST', '/academy/v1/saveTestSections', { body: { testId, sections: [] } }],
      ['POST', '/academy/v1/publishTestConfig', { body: { testId, isPublished: true } }],
    ];
    const before = await ok(sameTeacher, 'GET', '/academy/v1/getTestConfig', { query: { testId } });
    const mismatches: string[] = [];
    for (const who of [
      'another student (same class)',
      'a teacher of another institute',
      'the admin of another institute',
      "another client's admin",
      'a parent of another child',
      'the Institution account of another institute',
      'no token',
    ]) {
      for (const [method, path, input] of entries) {
        const res = await call(outsiders[who]!, method, path, input);
        const label = `${who} → ${path}`;
        expectNothingLeaked(res, label);
        const expected = expectedStatus(outsiders[who]!, { method, path, ...(path === '/academy/v1/listTestConfigs' ? { own: true as const } : {}) });
        if (res.statusCode !== expected) mismatches.push(`${label}: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await ok(sameTeacher, 'GET', '/academy/v1/getTestConfig', { query: { testId } })).toEqual(before);
  });
});

describe('IDOR matrix: a regrade by staff of another institute', () => {
  it('re-scores, counts and names none of the owner’s attempts: dry run, real run and the log agree', async () => {
    // A question of the other institute, served in a test the owner (of this one) takes.
    const foreignTeacher = outsiders['a teacher of another institute']!;
    const foreignAdmin = outsiders['the admin of another institute']!;
    const created = await ok(foreignTeacher, 'POST', '/question-bank/v1/create', {
      body: {
        questionType: 'singleChoice',
        difficulty: 'easy',
        marks: 4,
        negativeMarks: 1,
        correctAnswerId: 2,
        tags: [],
        texts: { en: { data: 'Which is the powerhouse of the cell?', options: [1, 2, 3, 4].map((answerID) => ({ answerID, answerData: `Option ${answerID}` })) } },
      },
    });
    const questionId = created.questionId as number;
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [] }] });
    const mapId = await addQuestionToTask(t.deps.db, test.task.id, test.sections[0]!.id, questionId);
    const session = await startAttempt(t, owner, test);
    await saveAnswers(t, owner, session.TestSessionID, [{ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, seq: 1 }]);
    expect((await submitTest(t, owner, session.TestSessionID, test.task.id)).json().body.scored).toBe(-1);
    // The key changes to the owner's answer: a regrade would move the owner −1 → 4.
    expect((await ok(foreignTeacher, 'POST', '/question-bank/v1/update', { body: { questionId, expectedVersion: 1, correctAnswerId: 3 } })).currentVersion).toBe(2);
    const scored = async () => (await ok(owner, 'POST', '/task/v1/checkSession', { body: { TestSessionID: session.TestSessionID } })).testResult.scored;

    const leaks = (body: unknown) => {
      const text = JSON.stringify(body);
      return text.includes(session.TestSessionID) || text.includes(`"userId":${owner.id}`);
    };
    for (const actor of [foreignTeacher, foreignAdmin]) {
      const dry = await ok(actor, 'POST', '/question-bank/v1/regrade', { body: { questionId, dryRun: true } });
      expect(leaks(dry), `dry run: ${JSON.stringify(dry)}`).toBe(false);
      expect(dry).toMatchObject({ attempts: [], outsideReach: 1 });
      const real = await ok(actor, 'POST', '/question-bank/v1/regrade', { body: { questionId } });
      expect(leaks(real), `regrade: ${JSON.stringify(real)}`).toBe(false);
      expect(real).toMatchObject({ attempts: [], outsideReach: 1 });
      const log = await ok(actor, 'GET', '/question-bank/v1/regrades', { query: { questionId } });
      expect(leaks(log), `log: ${JSON.stringify(log)}`).toBe(false);
      expect(await scored()).toBe(-1);
    }

    // Staff who reach the owner see and re-score the owner's attempt: a client admin above both institutes.
    const clientAdmin = await t.createUser({ role: 'ClientAdmin', ...placeIn(kaveri) });
    const dry = await ok(clientAdmin, 'POST', '/question-bank/v1/regrade', { body: { questionId, dryRun: true } });
    expect(dry).toMatchObject({ attempts: [{ attemptId: session.TestSessionID, userId: owner.id, oldScored: -1, newScored: 4 }], outsideReach: 0 });
    const real = await ok(clientAdmin, 'POST', '/question-bank/v1/regrade', { body: { questionId } });
    expect(real).toMatchObject({ attempts: [{ attemptId: session.TestSessionID, userId: owner.id, oldScored: -1, newScored: 4 }], outsideReach: 0 });
    expect(await scored()).toBe(4);
    // The log shows the attempt to the client admin, and still not to the other institute's staff.
    expect(leaks(await ok(clientAdmin, 'GET', '/question-bank/v1/regrades', { query: { questionId } }))).toBe(true);
    expect(leaks(await ok(foreignTeacher, 'GET', '/question-bank/v1/regrades', { query: { questionId } }))).toBe(false);
  });
});

describe('IDOR matrix: a student placed by staff moving itself', () => {
  it('cannot change its institute, class or section through its profile; its own staff still reach it', async () => {
    await seedLookups(t.deps);
    const [state] = await t.deps.db.select().from(states).limit(1);
    const [language] = await t.deps.db.select().from(languages).limit(1);
    const before = (await ok(owner, 'GET', '/user/v1/getUserInfo')) as { instituteID: number; classID: number; sectionID: number };
    const form = (placement: { instituteID: number | null; classID: number | null; sectionID: number | null }) => ({
      firstName: MARKER,
      lastName: 'Student',
      DOB: '05-03-2008',
      email: owner.email,
      mobile: '98' + String(owner.id).padStart(8, '0'),
      city: 'Coimbatore',
      address: '3 Gandhi Street',
      state: state!.id,
      languageId: language!.id,
      ...placement,
    });
    const moves = [
      { instituteID: kaveri.id, classID: kaveri.classes[0]!.id, sectionID: kaveri.classes[0]!.sections[0] },
      { instituteID: sunrise.id, classID: sunrise.classes[0]!.id, sectionID: sunrise.classes[0]!.sections[0] },
      { instituteID: sunrise.id, classID: sunrise.classes[1]!.id, sectionID: sunrise.classes[1]!.sections[1] },
      { instituteID: null, classID: null, sectionID: null },
    ];
    for (const move of moves) {
      for (const path of ['/user/v1/updateUserInfo', '/user/v1/register']) {
        const res = await call(owner, path.endsWith('register') ? 'POST' : 'PUT', path, { body: form(move) });
        expect(res.statusCode, `${path} ${JSON.stringify(move)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().body.fields ?? {}).filter((field) => ['instituteID', 'classID', 'sectionID'].includes(field)), path).not.toEqual([]);
      }
    }
    expect(await ok(owner, 'GET', '/user/v1/getUserInfo')).toMatchObject({ instituteID: before.instituteID, classID: before.classID, sectionID: before.sectionID });
    expect((await call(sameTeacher, 'GET', '/students/v1/get', { query: { id: owner.id } })).statusCode).toBe(200);
    expect((await call(outsiders['a teacher of another institute']!, 'GET', '/students/v1/get', { query: { id: owner.id } })).statusCode).toBe(404);
    // The rest of the profile is still the student's to change, with the placement as it is.
    const kept = await call(owner, 'PUT', '/user/v1/updateUserInfo', { body: form({ instituteID: before.instituteID, classID: before.classID, sectionID: before.sectionID }) });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

/**
 * Content across institutes (decision 038): an institute's own course and test are read, mapped,
 * scheduled, taken, supervised and reported only within that institute; a mapping narrows only the
 * mapping institute's students. Kaveri's records here, tried from Sunrise (the owner's institute).
 */
describe('IDOR matrix: an institute’s courses, tests and mappings', () => {
  let kaveriTeacher: TestUser;
  let kaveriStudent: TestUser;
  let sunriseSchoolStudent: TestUser;
  let kaveriCourse: BuiltTest;
  let kaveriLessonId: number;
  /** A Kaveri test placed in a course the whole client shares. */
  let kaveriTest: BuiltTest;
  let sharedCourse: BuiltTest;

  beforeAll(async () => {
    kaveriTeacher = outsiders['a teacher of another institute']!;
    kaveriStudent = await t.createUser({ role: 'SchoolStudent', ...placeIn(kaveri, 0, 1) });
    sunriseSchoolStudent = await t.createUser({ role: 'SchoolStudent', ...placeIn(sunrise, 0, 0) });
    kaveriCourse = await createTestTask(t.deps.db, {
      course: await createCourse(t.deps.db, { name: `${MARKER} Kaveri course`, instituteId: kaveri.id }),
      task: { name: `${MARKER} Kaveri course test`, ownerInstituteId: kaveri.id },
    });
    kaveriLessonId = (await createLesson(t.deps.db, kaveriCourse.course.id, kaveriCourse.topic.id, { name: `${MARKER} lesson` })).id;
    sharedCourse = await createTestTask(t.deps.db);
    kaveriTest = await createTestTask(t.deps.db, { course: sharedCourse.course, topic: sharedCourse.topic, task: { name: `${MARKER} Kaveri test`, ownerInstituteId: kaveri.id } });
    // A Sunrise student's attempt made before the rule (a shared test the owner has since made Kaveri's).
    await t.deps.db.update(tasks).set({ ownerInstituteId: null }).where(eq(tasks.id, kaveriTest.task.id));
    const early = await startAttempt(t, classmateOf(), kaveriTest);
    expect((await submitTest(t, classmateOf(), early.TestSessionID, kaveriTest.task.id)).statusCode).toBe(200);
    await t.deps.db.update(tasks).set({ ownerInstituteId: kaveri.id }).where(eq(tasks.id, kaveriTest.task.id));
    // Kaveri's own student sits it.
    const own = await startAttempt(t, kaveriStudent, kaveriTest);
    expect((await submitTest(t, kaveriStudent, own.TestSessionID, kaveriTest.task.id)).statusCode).toBe(200);
  });

  const classmateOf = () => outsiders['another student (same class)']!;
  const status = async (user: TestUser, method: string, path: string, input: Input = {}) => {
    const res = await call(user, method, path, input);
    expect(res.body, `${path} leaked Kaveri's content`).not.toContain(MARKER);
    return res.statusCode;
  };

  it('a Kaveri course is neither listed, read nor mapped from Sunrise', async () => {
    const courseId = kaveriCourse.course.id;
    const reads: Array<[string, Input]> = [
      ['/academy/v1/topics', { query: { courseId } }],
      ['/academy/v1/tasks', { query: { courseId, topicId: kaveriCourse.topic.id } }],
      ['/academy/v1/content', { query: { courseId, taskId: kaveriLessonId } }],
    ];
    const sunriseInstitution = await t.createUser({ role: 'Institution', ...placeIn(sunrise) });
    const mismatches: string[] = [];
    for (const [who, user] of Object.entries({ owner, sameTeacher, sameAdmin, sunriseInstitution, ownParent })) {
      for (const [path, input] of reads) {
        const code = await status(user, 'GET', path, input);
        if (code !== 404) mismatches.push(`${who} → ${path}: ${code}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await status(owner, 'GET', '/academy/v1/courses')).toBe(200);
    const before = await t.deps.db.select().from(courseMappings);
    expect(await status(sameTeacher, 'POST', '/schedules/v1/createCourseMapping', { body: { courseId, instituteId: sunrise.id } })).toBe(404);
    expect(await status(sameAdmin, 'POST', '/schedules/v1/createCourseMapping', { body: { courseId, instituteId: sunrise.id, classId: sunrise.classes[1]!.id } })).toBe(404);
    expect(await t.deps.db.select().from(courseMappings)).toEqual(before);
    // Kaveri's own people read it.
    expect((await ok(kaveriStudent, 'GET', '/academy/v1/courses')).map((c: { courseID: number }) => c.courseID)).toContain(courseId);
    expect((await ok(kaveriTeacher, 'GET', '/academy/v1/content', { query: { courseId, taskId: kaveriLessonId } })).taskID).toBe(kaveriLessonId);
  });

  it('a Kaveri test in a shared course is not listed, started, supervised, reported or scheduled from Sunrise', async () => {
    const { course, topic, task } = kaveriTest;
    const listed = await ok(owner, 'GET', '/academy/v1/tasks', { query: { courseId: course.id, topicId: topic.id } });
    expect(listed.tasks.map((x: { taskID: number }) => x.taskID)).toEqual([sharedCourse.task.id]);
    expect(await status(owner, 'GET', '/academy/v1/content', { query: { courseId: course.id, taskId: task.id } })).toBe(404);
    expect(await status(owner, 'POST', '/task/v1/instruction', { body: { taskID: task.id, courseID: course.id } })).toBe(404);
    expect(await status(owner, 'POST', '/task/v1/practise', { body: { taskID: task.id, courseID: course.id, languageID: 1 } })).toBe(404);
    expect(await status(sameTeacher, 'GET', '/exam/v1/liveRoom', { query: { taskId: task.id } })).toBe(404);
    expect((await ok(sameTeacher, 'GET', '/exam/v1/supervisedTests')).map((x: { taskId: number }) => x.taskId)).not.toContain(task.id);
    expect(await status(sameTeacher, 'GET', '/reports/v1/examStatistics', { query: { taskId: task.id } })).toBe(404);
    expect(await status(sameTeacher, 'POST', '/schedules/v1/createTestSchedule', { body: { taskId: task.id, instituteId: sunrise.id, opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-01-02T00:00:00Z' } })).toBe(404);
    expect((await ok(sunriseSchoolStudent, 'GET', '/omr/v1/myTests')).map((x: { id: number }) => x.id)).not.toContain(task.id);
    expect(await status(sameTeacher, 'GET', '/omr/v1/review', { query: { taskId: task.id } })).toBe(404);
    // Kaveri's staff and students keep it.
    expect((await ok(kaveriTeacher, 'GET', '/exam/v1/liveRoom', { query: { taskId: task.id } })).students.map((s: { userId: number }) => s.userId)).toContain(kaveriStudent.id);
    expect((await ok(kaveriTeacher, 'GET', '/reports/v1/examStatistics', { query: { taskId: task.id } })).students.map((s: { userId: number }) => s.userId)).toEqual([kaveriStudent.id]);
    expect((await ok(kaveriStudent, 'GET', '/omr/v1/myTests')).map((x: { id: number }) => x.id)).toContain(task.id);
    expect((await ok(kaveriTeacher, 'GET', '/omr/v1/review', { query: { taskId: task.id } })).taskId).toBe(task.id);
  });

  it('a Kaveri mapping of a shared course narrows Kaveri’s students only', async () => {
    const shared = await createCourse(t.deps.db, { name: 'Shared by the client' });
    const mapping = await ok(kaveriTeacher, 'POST', '/schedules/v1/createCourseMapping', { body: { courseId: shared.id, instituteId: kaveri.id, classId: kaveri.classes[0]!.id } });
    const ids = async (user: TestUser) => (await ok(user, 'GET', '/academy/v1/courses')).map((c: { courseID: number }) => c.courseID);
    expect(await ids(owner)).toContain(shared.id);
    expect(await ids(kaveriStudent)).toContain(shared.id);
    const kaveriOtherClass = await t.createUser({ role: 'SchoolStudent', ...placeIn(kaveri, 1, 0) });
    expect(await ids(kaveriOtherClass)).not.toContain(shared.id);
    expect(await status(owner, 'GET', '/academy/v1/topics', { query: { courseId: shared.id } })).toBe(200);
    // Sunrise neither sees nor removes Kaveri's row.
    expect((await ok(sameAdmin, 'GET', '/schedules/v1/listCourseMappings')).map((m: { id: number }) => m.id)).not.toContain(mapping.id);
    expect(await status(sameAdmin, 'POST', '/schedules/v1/deleteCourseMapping', { body: { id: mapping.id } })).toBe(404);
  });
});
