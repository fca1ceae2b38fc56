import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@app/contracts';
import type { ExamSession, RouteDef } from '@app/contracts';
import { parentLinks } from './db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';
import { createTestTask, startAttempt, type BuiltTest } from '../test/factories/academy.js';

/**
 * The planted-secret scan over every route a student, parent or institution may call: questions
 * whose keys, explanations, solutions and hidden cases are marked SECRET sit in an open graded
 * attempt and an open practice attempt, and no response may contain the marker or a key's name.
 * The exempt routes (practice reveal, post-submission report, the mistake notebook that shows
 * questions as that report does) are checked by their own rules below; a notebook review's answer
 * (the key only after the answer is stored, as the test releases it) in notebook.review.test.ts.
 */
const MARKER = 'SECRET';
const KEY_NAMES = [/^correctAnswer/i, /hidden/i, /^solutions?$/i, /^explanations?$/i];
const AUDIENCE = ['Student', 'SchoolStudent', 'Parent', 'Institution'];
const EXEMPT = ['POST /task/v1/revealAnswer', 'GET /task/v1/feedbackReport', 'GET /notebook/v1/cards', 'POST /notebook/v1/updateCard', 'POST /notebook/v1/addCard', 'POST /notebook/v1/answerReview'];

const secretQuestions = [
  { explanation: 'SECRET explanation', correctAnswerId: 2, hint: 'A hint', topicTags: ['Optics'] },
  { questionType: 'text', data: 'Water boils at {0} °C.', options: [], correctAnswerId: null, correctAnswerData: [{ value: 'SECRET100' }], explanation: 'SECRET blanks' },
  {
    questionType: 'programming',
    data: 'Print the sum of two numbers.',
    options: [],
    correctAnswerId: null,
    solution: 'SECRET solution',
    programming: { codeStubs: { Python: '' }, allowedLanguages: ['Python'], inputFormat: 'a b', outputFormat: 'a+b', constraints: '', timeLimitMs: 2000, memoryLimitMb: 128 },
    sampleCases: [{ input: '1 2', output: '3' }],
    hiddenCases: [{ input: 'SECRET 40 2', output: '42' }],
    marks: 10,
    negativeMarks: 0,
  },
  { questionType: 'comprehensive', data: 'Explain refraction.', options: [], correctAnswerId: null, correctAnswerData: 'SECRET model answer', lineNumber: 5 },
] as const;

interface Ctx {
  graded: BuiltTest;
  practice: BuiltTest;
  gradedSession: ExamSession;
  practiceSession: ExamSession;
  /** The content resource of the graded attempt's served set. */
  gradedContentKey: string;
  student: TestUser;
  /** Bodies of earlier calls, by route name: edits use the ids that creates returned. */
  results: Map<string, unknown>;
}
interface Call {
  query?: Record<string, string | number>;
  body?: unknown;
}

/** The id in a create's response ({ id } or { labelId }…), for the edit and delete after it. */
const idFrom = (ctx: Ctx, name: string): number => {
  const body = ctx.results.get(name) as Record<string, unknown> | undefined;
  const id = body && Object.entries(body).find(([key, value]) => /id$/i.test(key) && typeof value === 'number')?.[1];
  return typeof id === 'number' ? id : 999_999;
};
const mapOf = (session: ExamSession, index = 0) => session.section[0]!.question[index]!.questionTaskMapID;

/** One request per route, in the route tables' order (a create comes before its edit). */
const CALLS: Record<string, (ctx: Ctx) => Call> = {
  'authRoutes.login': (c) => ({ body: { username: c.student.username, password: c.student.password } }),
  'authRoutes.loginWithSessionId': () => ({ body: { SessionID: 'no-such-link' } }),
  'authRoutes.sendMailForOtp': () => ({ body: { Email: 'leak-check@example.com' } }),
  'authRoutes.createStudent': () => ({ body: {} }),
  'studentsRoutes.setPassword': () => ({ body: { token: '00000000-0000-0000-0000-000000000000.not-a-token', password: 'abcd' } }),
  'studentsRoutes.changePassword': () => ({ body: { currentPassword: 'not-the-password', password: 'abcd' } }),
  'authRoutes.parentLogin': () => ({ body: { Email: 'leak-check@example.com', otp: '123456', sessionId: '00000000-0000-0000-0000-000000000000' } }),
  'authRoutes.forgotPassword': () => ({ body: { username: 'leak-check@example.com' } }),
  'authRoutes.validateEmailOtp': () => ({ body: { passcode: '123456', secret: '00000000-0000-0000-0000-000000000000' } }),
  'authRoutes.resetPassword': () => ({ body: {} }),
  'centreRoutes.pair': () => ({ body: { code: 'ABCD-EFGH-JKMN', name: 'Leak check' } }),
  'centreRoutes.stage': () => ({ body: {} }),
  'centreRoutes.releaseKey': () => ({ body: { scheduleId: 1 } }),
  'centreRoutes.resendRequests': () => ({ body: {} }),
  'centreRoutes.sync': () => ({ body: { attempts: [{ attemptId: 'leak-check-attempt', head: { recordCount: 2, headHash: '0'.repeat(64) }, records: [] }] } }),
  'centreRoutes.serverRole': () => ({}),
  'centreRoutes.check': () => ({}),
  'notebookRoutes.reviewQueue': () => ({}),
  'notebookRoutes.removeCard': (c) => ({ body: { attemptId: c.gradedSession.TestSessionID, questionTaskMapID: mapOf(c.gradedSession) } }),
  'notebookRoutes.keptQuestions': (c) => ({ query: { attemptId: c.gradedSession.TestSessionID } }),
  'notebookRoutes.gradeReview': () => ({ body: { reviewId: 1, rating: 'good' } }),
  'notebookRoutes.updateReviewSettings': () => ({ body: { minutesPerDay: 15 } }),
  'notebookRoutes.retestStatus': () => ({}),
  'notebookRoutes.startRetest': () => ({ body: {} }),
  'navigationRoutes.notification': () => ({}),
  'navigationRoutes.saveUrl': (c) => ({ body: { data: [{ url: 'https://example.com/page', time: 1 }], UserSessionID: c.student.sessionId } }),
  'profileRoutes.getInfo': () => ({}),
  'profileRoutes.getUserInfo': () => ({}),
  'profileRoutes.updateUserInfo': () => ({ body: {} }),
  'profileRoutes.register': () => ({ body: {} }),
  'profileRoutes.getParentInfo': () => ({}),
  'profileRoutes.updateParentInfo': () => ({ body: {} }),
  'profileRoutes.generateOtp2': () => ({ body: { mobile: '9876543210' } }),
  'lookupsRoutes.states': () => ({}),
  'lookupsRoutes.institutes': () => ({}),
  'lookupsRoutes.languages': () => ({}),
  'lookupsRoutes.classes': () => ({ query: { instituteID: 1 } }),
  'lookupsRoutes.sections': () => ({ query: { instituteID: 1, classID: 1 } }),
  'lookupsRoutes.cities': () => ({}),
  'lookupsRoutes.instituteDepartments': () => ({ body: {} }),
  'lookupsRoutes.coursesSimple': () => ({}),
  'installationRoutes.signInNotice': () => ({}),
  'notesRoutes.listLabels': () => ({}),
  'notesRoutes.createLabel': () => ({ body: { title: 'Physics' } }),
  'notesRoutes.editLabel': (c) => ({ body: { labelId: idFrom(c, 'notesRoutes.createLabel'), title: 'Optics' } }),
  'notesRoutes.deleteLabel': (c) => ({ query: { id: idFrom(c, 'notesRoutes.createLabel') } }),
  'notesRoutes.listNotes': () => ({}),
  'notesRoutes.createNotes': () => ({ body: { title: 'Lenses', description: 'Focal length' } }),
  'notesRoutes.editNotes': (c) => ({ body: { id: idFrom(c, 'notesRoutes.createNotes'), title: 'Mirrors' } }),
  'notesRoutes.deleteNotes': (c) => ({ query: { id: idFrom(c, 'notesRoutes.createNotes') } }),
  'bookmarksRoutes.getLabelList': () => ({}),
  'bookmarksRoutes.createLabel': () => ({ body: { title: 'Reading' } }),
  'bookmarksRoutes.editLabel': (c) => ({ body: { labelId: idFrom(c, 'bookmarksRoutes.createLabel'), title: 'Later' } }),
  'bookmarksRoutes.deleteLabel': (c) => ({ query: { labelId: idFrom(c, 'bookmarksRoutes.createLabel') } }),
  'bookmarksRoutes.bookmarkList': () => ({}),
  'bookmarksRoutes.createBookmark': () => ({ body: { link: 'https://example.com/optics', title: 'Optics' } }),
  'bookmarksRoutes.editBookmark': (c) => ({ body: { id: idFrom(c, 'bookmarksRoutes.createBookmark'), title: 'Lenses' } }),
  'bookmarksRoutes.deleteBookmark': (c) => ({ query: { id: idFrom(c, 'bookmarksRoutes.createBookmark') } }),
  'todoRoutes.list': () => ({}),
  'todoRoutes.create': () => ({ body: { title: 'Revise optics' } }),
  'todoRoutes.update': (c) => ({ body: { id: idFrom(c, 'todoRoutes.create'), starred: true } }),
  'todoRoutes.delete': (c) => ({ query: { id: idFrom(c, 'todoRoutes.create') } }),
  'todoRoutes.restore': (c) => ({ body: { id: idFrom(c, 'todoRoutes.create') } }),
  'todoRoutes.listLabels': () => ({}),
  'todoRoutes.createLabel': () => ({ body: { title: 'School' } }),
  'todoRoutes.editLabel': (c) => ({ body: { labelId: idFrom(c, 'todoRoutes.createLabel'), title: 'Home' } }),
  'todoRoutes.deleteLabel': (c) => ({ query: { id: idFrom(c, 'todoRoutes.createLabel') } }),
  'calendarRoutes.listEvents': () => ({ query: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z' } }),
  'calendarRoutes.createEvent': () => ({ body: { title: 'Mock test', start: '2026-01-05T10:00:00.000Z', end: '2026-01-05T11:00:00.000Z' } }),
  'calendarRoutes.updateEvent': (c) => ({ body: { id: idFrom(c, 'calendarRoutes.createEvent'), title: 'Mock test 2' } }),
  'calendarRoutes.deleteEvent': (c) => ({ query: { id: idFrom(c, 'calendarRoutes.createEvent') } }),
  'searchRoutes.query': () => ({ query: { q: 'optics' } }),
  'schedulesRoutes.mySchedule': () => ({}),
  'omrRoutes.practiceSheet': (c) => ({ query: { taskId: c.practice.task.id } }),
  'omrRoutes.myTests': () => ({}),
  'adaptiveRoutes.overview': () => ({}),
  'adaptiveRoutes.start': () => ({ body: {} }),
  'adaptiveRoutes.session': (c) => ({ query: { sessionId: idFrom(c, 'adaptiveRoutes.start') } }),
  'adaptiveRoutes.answer': (c) => ({ body: { sessionId: idFrom(c, 'adaptiveRoutes.start'), questionVersionId: 1, answerId: 1 } }),
  'omrRoutes.myUpload': (c) => ({ query: { taskId: c.practice.task.id } }),
  'omrRoutes.mySubmit': () => ({ body: { sheetId: 999_999 } }),
  'academyRoutes.listCourses': () => ({}),
  'academyRoutes.listTopics': (c) => ({ query: { courseId: c.graded.course.id } }),
  'academyRoutes.listTasks': (c) => ({ query: { courseId: c.graded.course.id, topicId: c.graded.topic.id } }),
  'academyRoutes.getContent': (c) => ({ query: { courseId: c.graded.course.id, taskId: c.graded.task.id } }),
  'academyRoutes.track': (c) => ({ body: { courseId: c.graded.course.id, taskId: c.graded.task.id, timeSpent: 10 } }),
  'examRoutes.isAnyActiveTestSession': () => ({}),
  'examRoutes.checkSession': (c) => ({ body: { TestSessionID: c.gradedSession.TestSessionID } }),
  'examRoutes.getSessionDetails': (c) => ({ body: { TestSessionID: c.gradedSession.TestSessionID, taskID: c.graded.task.id } }),
  'examRoutes.practise': (c) => ({ body: { taskID: c.practice.task.id, courseID: c.practice.course.id } }),
  'examRoutes.content': (c) => ({ query: { key: c.gradedContentKey } }),
  'examRoutes.saveSessionDetails': (c) => ({ body: { TestSessionID: c.gradedSession.TestSessionID, localState: { page: 2 } } }),
  'examRoutes.completeSection': (c) => ({ body: { TestSessionID: c.gradedSession.TestSessionID, sectionIndex: 0 } }),
  'examRoutes.instruction': (c) => ({ body: { courseID: c.graded.course.id, taskID: c.graded.task.id } }),
  'reportsRoutes.report': (c) => ({ body: { courseID: c.graded.course.id } }),
  'reportsRoutes.studentDashboard': () => ({}),
  'reportsRoutes.parentHome': () => ({}),
  'reportsRoutes.activity': () => ({}),
  'familyReportsRoutes.institution': () => ({}),
  'familyReportsRoutes.studentCourseDashboard': (c) => ({ query: { studentId: c.student.id, courseId: c.graded.course.id } }),
  'familyReportsRoutes.summary': () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  'familyReportsRoutes.effort': () => ({}),
  'familyReportsRoutes.digestSettings': () => ({}),
  'familyReportsRoutes.saveDigestSettings': () => ({ body: { weeklyDigest: true } }),
  'familyReportsRoutes.digestUnsubscribe': () => ({ body: { token: 'no-such-unsubscribe-token' } }),
  'examRoutes.saveAnswer': (c) => ({
    body: { TestSessionID: c.gradedSession.TestSessionID, data: [{ questionTaskMapID: mapOf(c.gradedSession), questionType: 'singleChoice', answerID: 1, seq: 1 }] },
  }),
  'proctoringRoutes.capturePhoto': (c) => ({ body: { dataURL: 'data:image/jpeg;base64,AAAA', taskID: c.graded.task.id, testSessionID: c.gradedSession.TestSessionID } }),
  'examRoutes.reportQuestion': (c) => ({ body: { questionTaskMapID: mapOf(c.gradedSession), message: 'Typo in option 2', TestSessionID: c.gradedSession.TestSessionID } }),
  'runnerRoutes.run': (c) => ({
    body: { taskID: c.graded.task.id, questionID: c.graded.sections[0]!.questions[2]!.question.id, languageID: 'Python', sourceCode: 'print(3)', type: 'run', TestSessionID: c.gradedSession.TestSessionID },
  }),
  'runnerRoutes.getRunDetails': (c) => ({ query: { runID: String((c.results.get('runnerRoutes.run') as { runID?: string } | undefined)?.runID ?? 'none') } }),
  'runnerRoutes.health': () => ({}),
  'officeRoutes.copyStartFile': (c) => ({ body: { taskID: c.graded.task.id, questionID: c.graded.sections[0]!.questions[0]!.question.id, TestSessionID: c.gradedSession.TestSessionID } }),
  'officeRoutes.file': () => ({ query: { path: 'no-such-file' } }),
  'officeRoutes.download': () => ({ query: { path: 'no-such-file' } }),
  'officeRoutes.upload': () => ({ query: { path: 'no-such-file' } }),
  'officeRoutes.solution': (c) => ({ query: { taskID: c.graded.task.id, questionID: c.graded.sections[0]!.questions[2]!.question.id, TestSessionID: c.gradedSession.TestSessionID } }),
  'officeRoutes.editorConfig': () => ({ query: { path: 'no-such-file' } }),
  'officeRoutes.solutionEditorConfig': (c) => ({ query: { taskID: c.graded.task.id, questionID: c.graded.sections[0]!.questions[2]!.question.id } }),
  'officeRoutes.create': () => ({ body: { path: 'no-such-file', title: 'Copy', url: 'http://localhost/x.xlsx' } }),
  'officeRoutes.callback': () => ({ query: { path: 'no-such-file' }, body: { status: 2, key: 'k' } }),
  'officeRoutes.health': () => ({}),
  'officeRoutes.runOffice': (c) => ({ body: { officeTypeID: 1, questionID: c.graded.sections[0]!.questions[0]!.question.id, path: 'no-such-file', taskID: c.graded.task.id, type: 'eval' } }),
  'officeRoutes.getRunDetailsOffice': () => ({ query: { runID: 'none' } }),
  'filesRoutes.get': () => ({ query: { key: 'proctoring/none/none.jpg', exp: '4102444800', sig: 'x'.repeat(43) } }),
  'jobsRoutes.get': () => ({ query: { id: '00000000-0000-4000-8000-000000000000' } }),
  'jobsRoutes.list': () => ({}),
  'jobsRoutes.cancel': () => ({ body: { id: '00000000-0000-4000-8000-000000000000' } }),
  'supportRoutes.create': () => ({ body: { subject: 'Reports', message: 'How is the rank computed?', category: 'question' } }),
  'supportRoutes.listMine': () => ({}),
  // Last: these end the attempt and the session.
  'examRoutes.submitTest': (c) => ({ body: { TestSessionID: c.gradedSession.TestSessionID, TaskID: c.graded.task.id } }),
  // After the submission: a question's thread and the key challenge (their own release rule, challenges.test.ts).
  'challengeRoutes.thread': (c) => ({ query: { taskId: c.graded.task.id, questionTaskMapID: mapOf(c.gradedSession) } }),
  'challengeRoutes.post': (c) => ({ body: { taskId: c.graded.task.id, questionTaskMapID: mapOf(c.gradedSession), text: 'Why is this the answer?', language: 'en' } }),
  'challengeRoutes.challenge': (c) => ({ body: { taskId: c.graded.task.id, questionTaskMapID: mapOf(c.gradedSession), reason: 'The key looks wrong to me.' } }),
  // A picture goes with the student's own open challenge only: another id answers 404 (challenges.image.test.ts).
  'challengeRoutes.attachImage': () => ({ query: { challengeId: 999_999 } }),
  'challengeRoutes.mine': (c) => ({ query: { taskId: c.graded.task.id } }),
  'authRoutes.logout': (c) => ({ body: { UserSessionID: c.student.sessionId } }),
};

const tables = contracts.routeTablesOf(contracts as Record<string, unknown>);
const audienceRoutes = Object.entries(tables).flatMap(([table, defs]) =>
  Object.entries(defs)
    .map(([name, route]) => ({ name: `${table}.${name}`, id: `${route.method} ${route.path}`, route: route as RouteDef }))
    .filter(({ route }) => route.access === 'public' || route.access === 'user' || route.access.some((role) => AUDIENCE.includes(role))),
);

let t: TestApp;
let ctx: Ctx;
let parent: TestUser;
let institution: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const student = await t.createUser({ role: 'Student' });
  parent = await t.createUser({ role: 'Parent' });
  institution = await t.createUser({ role: 'Institution' });
  await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: student.id });
  const graded = await createTestTask(t.deps.db, { sections: [{ name: 'Physics', questions: [...secretQuestions] as never }] });
  const practice = await createTestTask(t.deps.db, {
    course: graded.course,
    topic: graded.topic,
    task: { testType: 'practice', durationMinutes: null },
    sections: [{ questions: [...secretQuestions] as never }],
  });
  const gradedSession = await startAttempt(t, student, graded);
  const details = await t.call({ method: 'POST', url: '/api/task/v1/getSessionDetails', headers: student.headers, payload: { TestSessionID: gradedSession.TestSessionID, taskID: graded.task.id } });
  ctx = {
    graded,
    practice,
    student,
    gradedSession,
    practiceSession: await startAttempt(t, student, practice),
    gradedContentKey: details.json().body.contentKey,
    results: new Map(),
  };
});
afterAll(async () => t.close());

/** Every object key of a parsed JSON value. */
function jsonKeys(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => jsonKeys(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.push(key);
      jsonKeys(child, into);
    }
  }
  return into;
}

/** No planted marker anywhere in the body, and no field named like a key. */
function expectNoKeys(where: string, raw: string) {
  expect(raw, `${where} carries a planted secret`).not.toContain(MARKER);
  const parsed = raw.startsWith('{') || raw.startsWith('[') ? (JSON.parse(raw) as unknown) : null;
  expect(jsonKeys(parsed).filter((key) => KEY_NAMES.some((pattern) => pattern.test(key))), where).toEqual([]);
}

describe('the planted-secret scan', () => {
  it('has a request for every route a student, parent or institution may call', () => {
    const missing = audienceRoutes.filter(({ name, id }) => !EXEMPT.includes(id) && !(name in CALLS)).map(({ name }) => name);
    expect(missing).toEqual([]);
    expect(Object.keys(CALLS).filter((name) => !audienceRoutes.some((r) => r.name === name))).toEqual([]);
  });

  it('finds no key in any response, for the student, a parent, an institution and no token', async () => {
    const byName = new Map(audienceRoutes.map((r) => [r.name, r]));
    const statuses: Record<string, number> = {};
    for (const [name, build] of Object.entries(CALLS)) {
      const { route } = byName.get(name)!;
      const call = build(ctx);
      const url = `/api${route.path}${call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}` : ''}`;
      const callers: (TestUser | undefined)[] =
        route.access === 'public' ? [undefined, ctx.student] : route.access === 'user' ? [parent, institution, ctx.student] : [ctx.student];
      for (const caller of callers) {
        const res = await t.call({ method: route.method, url, headers: caller?.headers ?? {}, ...(call.body !== undefined ? { payload: call.body as object } : {}) });
        expect(res.statusCode, `${name} as ${caller?.role ?? 'anonymous'}: ${res.body}`).toBeLessThan(500);
        expectNoKeys(`${name} as ${caller?.role ?? 'anonymous'}`, res.body);
        if (caller === ctx.student) {
          statuses[name] = res.statusCode;
          if (res.statusCode === 200) ctx.results.set(name, res.json().body);
        }
      }
    }
    // The calls that show questions really ran (a scan of error pages would prove nothing).
    for (const name of ['examRoutes.practise', 'examRoutes.getSessionDetails', 'examRoutes.content', 'examRoutes.checkSession', 'examRoutes.saveAnswer', 'examRoutes.instruction', 'examRoutes.submitTest', 'examRoutes.reportQuestion', 'academyRoutes.getContent', 'academyRoutes.listTasks', 'runnerRoutes.run']) {
      expect(statuses[name], name).toBe(200);
    }
  });
});

describe('the exempt routes, each behind its own rule', () => {
  // The scan above signed everyone out (logout); these callers sign in again.
  const others = async () => [await t.createUser({ role: 'Student' }), { ...parent, ...(await t.signIn(parent.id)) }, { ...institution, ...(await t.signIn(institution.id)) }];

  it('practice reveal: a key only after the student asked for that question, and never in a graded test', async () => {
    const me = await t.createUser({ role: 'Student' });
    const graded = await startAttempt(t, me, ctx.graded);
    const refused = await t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: me.headers, payload: { TestSessionID: graded.TestSessionID, questionTaskMapID: mapOf(graded) } });
    expect(refused.statusCode).toBe(403);
    expectNoKeys('graded reveal', refused.body);
    const practice = await startAttempt(t, me, ctx.practice);
    expect(practice.section[0]!.question.every((q) => !q.isShowAnswer)).toBe(true);
    const shown = await t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: me.headers, payload: { TestSessionID: practice.TestSessionID, questionTaskMapID: mapOf(practice) } });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().body).toMatchObject({ correctAnswerID: 2, explanation: 'SECRET explanation' });
    // Only the question asked for: the other planted secrets stay hidden.
    expect(shown.body).not.toContain('SECRET100');
    expect(shown.body).not.toContain('SECRET solution');
    const after = await t.call({ method: 'POST', url: '/api/task/v1/getSessionDetails', headers: me.headers, payload: { TestSessionID: practice.TestSessionID, taskID: ctx.practice.task.id } });
    expect(after.json().body.section[0].question[0].isShowAnswer).toBe(true);
    expectNoKeys('session after a reveal', after.body);
    // Nobody else can ask for the student's practice keys.
    for (const caller of await others()) {
      const res = await t.call({ method: 'POST', url: '/api/task/v1/revealAnswer', headers: caller.headers, payload: { TestSessionID: practice.TestSessionID, questionTaskMapID: mapOf(practice) } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectNoKeys('someone else’s reveal', res.body);
    }
  });

  it('feedback report: keys only once the attempt is submitted, and only to its owner', async () => {
    const me = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, me, ctx.graded);
    const url = `/api/task/v1/feedbackReport?courseId=${ctx.graded.course.id}&taskId=${ctx.graded.task.id}&attemptId=${session.TestSessionID}`;
    const early = await t.call({ method: 'GET', url, headers: me.headers });
    expect(early.statusCode).toBe(409);
    expectNoKeys('report before submission', early.body);
    await t.call({ method: 'POST', url: '/api/task/v1/submitTest', headers: me.headers, payload: { TestSessionID: session.TestSessionID, TaskID: ctx.graded.task.id } });
    for (const caller of await others()) {
      const res = await t.call({ method: 'GET', url, headers: caller.headers });
      expect(res.statusCode).toBe(404);
      expectNoKeys('someone else’s report', res.body);
    }
    const done = await t.call({ method: 'GET', url, headers: me.headers });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('SECRET explanation');
  });

  it('mistake notebook: keys only once the attempt is submitted, and only to its owner', async () => {
    const me = await t.createUser({ role: 'Student' });
    const session = await startAttempt(t, me, ctx.graded);
    const cards = (user: TestUser) => t.call({ method: 'GET', url: '/api/notebook/v1/cards', headers: user.headers });
    await t.call({
      method: 'POST',
      url: '/api/task/v1/saveAnswer',
      headers: me.headers,
      payload: { TestSessionID: session.TestSessionID, data: [{ questionTaskMapID: mapOf(session), questionType: 'singleChoice', answerID: 3, seq: 1, isMarked: true }] },
    });
    const early = await cards(me);
    expect(early.json().body.total).toBe(0);
    expectNoKeys('notebook before submission', early.body);
    const keep = await t.call({ method: 'POST', url: '/api/notebook/v1/addCard', headers: me.headers, payload: { attemptId: session.TestSessionID, questionTaskMapID: mapOf(session) } });
    expect(keep.statusCode).toBe(404);
    expectNoKeys('keeping a question of an open attempt', keep.body);
    await t.call({ method: 'POST', url: '/api/task/v1/submitTest', headers: me.headers, payload: { TestSessionID: session.TestSessionID, TaskID: ctx.graded.task.id } });
    const done = await cards(me);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('SECRET explanation');
    const cardId = (done.json().body.cards as { id: number }[])[0]!.id;
    for (const caller of await others()) {
      const own = await cards(caller);
      expect(own.statusCode, caller.role).toBe(caller.role === 'Student' ? 200 : 403);
      expectNoKeys('someone else’s notebook', own.body);
      const edit = await t.call({ method: 'POST', url: '/api/notebook/v1/updateCard', headers: caller.headers, payload: { id: cardId, note: 'x' } });
      expect(edit.statusCode, caller.role).toBe(caller.role === 'Student' ? 404 : 403);
      expectNoKeys('someone else’s card', edit.body);
    }
  });
});

describe('the scan’s own check', () => {
  it('would see a leak: the planted markers are in the database', async () => {
    const { questionVersionTexts } = await import('./db/schema/index.js');
    const rows = await t.deps.db.select().from(questionVersionTexts).where(eq(questionVersionTexts.explanation, 'SECRET explanation'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
