import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, taskSections, tasks } from '../../../db/schema/index.js';
import { createCourse, createQuestion, createTopic, startAttempt, submitTest, type CourseRow, type TopicRow } from '../../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';

let t: TestApp;
let sunrise: TestInstitute;
let kaveri: TestInstitute;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let withoutPermission: TestUser;
let course: CourseRow;
let topic: TopicRow;
let physics: TopicRow;

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: 'Unit test 1',
  testType: 'test',
  courseId: course.id,
  topicId: topic.id,
  instructionsEn: '<p>Read carefully.</p><script>alert(1)</script>',
  instructionsTn: '<p>கவனமாகப் படிக்கவும்.</p>',
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
  ...overrides,
});

const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url: `/api/academy/v1/${url}`, headers: user?.headers ?? {} });
const post = (url: string, payload: object, user?: TestUser) => t.call({ method: 'POST', url: `/api/academy/v1/${url}`, headers: user?.headers ?? {}, payload });
const countTests = async () => (await t.deps.db.select().from(tasks).where(eq(tasks.kind, 'test'))).length;

async function createTest(user: TestUser, overrides: Record<string, unknown> = {}, pattern?: 'neet') {
  const res = await post('createTestConfig', { settings: settings(overrides), ...(pattern ? { pattern } : {}) }, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as { testId: number; updatedAt: string; sections: Array<{ sectionId: number }> };
}

/** A test of two sections: two picked questions, and a draw of two from the Physics topic. */
async function twoSectionTest(user: TestUser) {
  const picked = [await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id }), await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id })];
  const test = await createTest(user);
  const res = await post(
    'saveTestSections',
    {
      testId: test.testId,
      sections: [
        { name: 'Picked', nameTn: 'தேர்ந்தவை', source: 'pick', questions: [{ questionId: picked[0]!.id }, { questionId: picked[1]!.id, marks: 2, negativeMarks: 0.5 }] },
        { name: 'Drawn', source: 'draw', draw: { count: 2, topicIds: [physics.id], difficulties: [], marks: 4, negativeMarks: 1 } },
      ],
    },
    user,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { test: res.json().body, picked };
}

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  kaveri = await createInstitute(t);
  teacher = await t.createUser({ role: 'Teacher', ...placeIn(sunrise) });
  otherTeacher = await t.createUser({ role: 'Teacher', ...placeIn(kaveri) });
  student = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
  const clientId = await createClient(t);
  await t.app.services.roles.revoke(clientId, 'Teacher', ['academy.configureTests']);
  const elsewhere = await createInstitute(t, { clientId });
  withoutPermission = await t.createUser({ role: 'Teacher', ...placeIn(elsewhere) });
  course = await createCourse(t.deps.db, { name: 'NEET full course' });
  topic = await createTopic(t.deps.db, course.id, { name: 'Mock tests' });
  physics = await createTopic(t.deps.db, course.id, { name: 'Physics' });
  for (let i = 0; i < 5; i++) await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id, topicIds: [physics.id] });
  // Kaveri's physics questions are never drawn for Sunrise's tests.
  for (let i = 0; i < 3; i++) await createQuestion(t.deps.db, { ownerInstituteId: kaveri.id, topicIds: [physics.id] });
});
afterAll(async () => t.close());

describe('creating and reading a test', () => {
  it('creates a draft that its institute sees, with clean instructions and what stops publishing', async () => {
    const test = await createTest(teacher);
    const res = await get(`getTestConfig?testId=${test.testId}`, teacher);
    expect(res.statusCode).toBe(200);
    const body = res.json().body;
    expect(body).toMatchObject({ isPublished: false, isEditable: true, attemptCount: 0, sections: [], totalQuestions: 0 });
    expect(body.settings.instructionsEn).toBe('<p>Read carefully.</p>');
    expect(body.problems).toEqual([{ field: 'sections', key: 'tcNoSections' }]);
    const list = await get('listTestConfigs', teacher);
    expect(list.json().body.items.map((i: { testId: number }) => i.testId)).toContain(test.testId);
    expect((await get('listTestConfigs', otherTeacher)).json().body.items.map((i: { testId: number }) => i.testId)).not.toContain(test.testId);
  });

  it('builds the NEET pattern: four subjects of 45, 180 minutes, +4/−1, drawn where the course has the subject', async () => {
    const test = await createTest(teacher, { durationMinutes: 30 }, 'neet');
    const body = (await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body;
    expect(body.settings.durationMinutes).toBe(180);
    expect(body.sections.map((s: { name: string }) => s.name)).toEqual(['Physics', 'Chemistry', 'Botany', 'Zoology']);
    expect(body.sections[0]).toMatchObject({ source: 'draw', nameTn: 'இயற்பியல்', draw: { count: 45, topicIds: [physics.id], marks: 4, negativeMarks: 1 }, available: 5 });
    expect(body.sections[1]).toMatchObject({ source: 'pick', questions: [] });
    expect(body.totalQuestions).toBe(45);
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { field: 'sections.0.draw.count', key: 'tcDrawShort' },
        { field: 'sections.1.questions', key: 'tcSectionEmpty' },
      ]),
    );
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await countTests();
    const res = await post('createTestConfig', { settings: settings({ name: ' ', durationMinutes: -5, attemptsAllowed: 0 }) }, teacher);
    expect(res.statusCode).toBe(400);
    expect(res.json().body.fields).toMatchObject({ 'settings.name': 'Enter the test’s name (up to 200 characters).' });
    const tamil = await t.call({ method: 'POST', url: '/api/academy/v1/createTestConfig', headers: { ...teacher.headers, language: 'tn' }, payload: { settings: settings({ durationMinutes: -5 }) } });
    expect(tamil.json().message).toBe('0 முதல் 1440 வரையிலான நிமிடங்களை உள்ளிடவும்.');
    const wrongTopic = await post('createTestConfig', { settings: settings({ topicId: 999_999 }) }, teacher);
    expect(wrongTopic.statusCode).toBe(400);
    expect(wrongTopic.json().body.fields).toEqual({ 'settings.topicId': 'Choose a course and one of its topics.' });
    expect(await countTests()).toBe(before);
  });
});

describe('sections, picks and draws', () => {
  it('saves sections, renames, reorders and removes them; marks default to the question’s', async () => {
    const { test, picked } = await twoSectionTest(teacher);
    expect(test.sections).toHaveLength(2);
    expect(test.sections[0].questions.map((q: { questionId: number }) => q.questionId)).toEqual([picked[0]!.id, picked[1]!.id]);
    expect(test.sections[0].questions[0]).toMatchObject({ marks: null, defaultMarks: 4, defaultNegativeMarks: 1 });
    expect(test.sections[1]).toMatchObject({ source: 'draw', available: 5 });
    expect(test.totalQuestions).toBe(4);
    expect(test.totalMarks).toBe(4 + 2 + 8);
    expect(test.problems).toEqual([]);

    const [pickedSection, drawnSection] = test.sections;
    const res = await post(
      'saveTestSections',
      {
        testId: test.testId,
        sections: [
          { sectionId: drawnSection.sectionId, name: 'Random', nameTn: 'சீரற்றவை', source: 'draw', draw: drawnSection.draw },
          { sectionId: pickedSection.sectionId, name: 'Chosen', source: 'pick', questions: [{ questionId: picked[1]!.id }, { questionId: picked[0]!.id }] },
        ],
      },
      teacher,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().body;
    expect(saved.sections.map((s: { sectionId: number; name: string }) => [s.sectionId, s.name])).toEqual([
      [drawnSection.sectionId, 'Random'],
      [pickedSection.sectionId, 'Chosen'],
    ]);
    expect(saved.sections[1].questions.map((q: { questionId: number }) => q.questionId)).toEqual([picked[1]!.id, picked[0]!.id]);

    const removed = await post('saveTestSections', { testId: test.testId, sections: [{ sectionId: pickedSection.sectionId, name: 'Chosen', source: 'pick', questions: [{ questionId: picked[0]!.id }] }] }, teacher);
    expect(removed.json().body.sections).toHaveLength(1);
    expect(await t.deps.db.select().from(taskSections).where(eq(taskSections.taskId, test.testId))).toHaveLength(1);
  });

  it('refuses another institute’s question, a question twice, and negative input, changing nothing', async () => {
    const { test } = await twoSectionTest(teacher);
    const theirs = await createQuestion(t.deps.db, { ownerInstituteId: kaveri.id });
    const mine = await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id });
    const foreign = await post('saveTestSections', { testId: test.testId, sections: [{ name: 'A', source: 'pick', questions: [{ questionId: theirs.id }] }] }, teacher);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().body.code).toBe('TC_QUESTION_NOT_FOUND');
    const twice = await post('saveTestSections', { testId: test.testId, sections: [{ name: 'A', source: 'pick', questions: [{ questionId: mine.id }, { questionId: mine.id }] }] }, teacher);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().body.code).toBe('TC_DUPLICATE_QUESTION');
    const negative = await post('saveTestSections', { testId: test.testId, sections: [{ name: 'A', source: 'pick', questions: [{ questionId: mine.id, marks: -1 }] }] }, teacher);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().body.fields['sections.0.questions.0.marks']).toBe('Marks are a number from 0 to 1000.');
    const noRule = await post('saveTestSections', { testId: test.testId, sections: [{ name: 'A', source: 'draw' }] }, teacher);
    expect(noRule.statusCode).toBe(400);
    const after = (await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body;
    expect(after.sections.map((s: { name: string }) => s.name)).toEqual(['Picked', 'Drawn']);
  });
});

describe('publishing', () => {
  it('refuses a test that cannot be taken, with every reason, and publishes a complete one', async () => {
    const empty = await createTest(teacher);
    const refused = await post('publishTestConfig', { testId: empty.testId, isPublished: true }, teacher);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Add at least one section.');

    const mine = await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id });
    await post('saveTestSections', { testId: empty.testId, sections: [{ name: 'A', source: 'pick', questions: [{ questionId: mine.id, marks: 1, negativeMarks: 2 }] }, { name: 'B', source: 'pick' }] }, teacher);
    const reasons = await post('publishTestConfig', { testId: empty.testId, isPublished: true }, teacher);
    expect(reasons.statusCode).toBe(422);
    expect(reasons.json().body.fields).toEqual({
      'sections.0.questions.0.negativeMarks': 'Negative marks cannot be more than the marks.',
      'sections.1.questions': 'This section has no questions: pick some or set a random draw.',
    });

    const short = await createTest(teacher);
    await post('saveTestSections', { testId: short.testId, sections: [{ name: 'Drawn', source: 'draw', draw: { count: 6, topicIds: [physics.id], marks: 4, negativeMarks: 1 } }] }, teacher);
    const shortRes = await post('publishTestConfig', { testId: short.testId, isPublished: true }, teacher);
    expect(shortRes.statusCode).toBe(422);
    expect(shortRes.json().message).toBe('The question bank has fewer matching questions than this draw needs.');

    const { test } = await twoSectionTest(teacher);
    const ok = await post('publishTestConfig', { testId: test.testId, isPublished: true }, teacher);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().body.isPublished).toBe(true);
    const untimed = await post('updateTestConfig', { testId: test.testId, settings: settings({ durationMinutes: 0 }) }, teacher);
    expect(untimed.statusCode).toBe(422);
  });
});

describe('a test with attempts, draws and previews', () => {
  it('draws when an attempt starts, keeps the draw on resume, and differs between attempts', async () => {
    const { test } = await twoSectionTest(teacher);
    await post('publishTestConfig', { testId: test.testId, isPublished: true }, teacher);
    const built = { course, task: { id: test.testId } } as never;
    const first = await startAttempt(t, student, built);
    const drawnOf = (session: typeof first) => session.section[1]!.question.map((q) => q.questionID).sort();
    expect(first.section[0]!.question).toHaveLength(2);
    expect(first.section[1]!.question).toHaveLength(2);
    const resumed = await startAttempt(t, student, built);
    expect(resumed.TestSessionID).toBe(first.TestSessionID);
    expect(drawnOf(resumed)).toEqual(drawnOf(first));
    // The draw is not part of the test: its configuration still shows the rule.
    const config = (await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body;
    expect(config.sections[1].questions).toEqual([]);
    expect(config.attemptCount).toBe(1);
    // Another student's draw is made on its own (over many, at least one differs).
    const draws = new Set<string>([drawnOf(first).join()]);
    for (let i = 0; i < 4; i++) {
      const other = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
      draws.add(drawnOf(await startAttempt(t, other, built)).join());
    }
    expect(draws.size).toBeGreaterThan(1);
    const submitted = await submitTest(t, student, first.TestSessionID, test.testId);
    expect(submitted.statusCode).toBe(200);
  });

  it('refuses changes to questions and scoring once students have attempts (409), and still allows renames and settings that do not score', async () => {
    const { test, picked } = await twoSectionTest(teacher);
    await post('publishTestConfig', { testId: test.testId, isPublished: true }, teacher);
    await startAttempt(t, student, { course, task: { id: test.testId } } as never);
    const [a, b] = test.sections;
    const moreQuestions = await post(
      'saveTestSections',
      { testId: test.testId, sections: [{ sectionId: a.sectionId, name: 'Picked', source: 'pick', questions: [{ questionId: picked[0]!.id }] }, { sectionId: b.sectionId, name: 'Drawn', source: 'draw', draw: b.draw }] },
      teacher,
    );
    expect(moreQuestions.statusCode).toBe(409);
    expect(moreQuestions.json().body.code).toBe('TC_HAS_ATTEMPTS');
    const marks = await post('updateTestConfig', { testId: test.testId, settings: settings({ durationMinutes: 90 }) }, teacher);
    expect(marks.statusCode).toBe(409);
    expect(marks.json().body.fields).toEqual({ 'settings.durationMinutes': 'Students have taken this test: this can no longer change.' });
    const rename = await post(
      'saveTestSections',
      {
        testId: test.testId,
        sections: [
          { sectionId: a.sectionId, name: 'Renamed', nameTn: 'மறுபெயர்', source: 'pick', questions: a.questions.map((q: { questionId: number; marks: number | null; negativeMarks: number | null }) => q) },
          { sectionId: b.sectionId, name: 'Drawn', source: 'draw', draw: b.draw },
        ],
      },
      teacher,
    );
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().body.sections[0].name).toBe('Renamed');
    const harmless = await post('updateTestConfig', { testId: test.testId, settings: settings({ name: 'Renamed test', isCameraAllowed: true }) }, teacher);
    expect(harmless.statusCode).toBe(200);
    expect(harmless.json().body.settings).toMatchObject({ name: 'Renamed test', isCameraAllowed: true });
  });

  it('previews as a student would see it, with a sample draw and no keys, without starting an attempt', async () => {
    const { test } = await twoSectionTest(teacher);
    const res = await get(`previewTestConfig?testId=${test.testId}`, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().body;
    expect(session.section.map((s: { sectionName: string; question: unknown[] }) => [s.sectionName, s.question.length])).toEqual([
      ['Picked', 2],
      ['Drawn', 2],
    ]);
    expect(session.section[0].question[1]).toMatchObject({ marks: 2, negativeMarks: 0.5 });
    expect(res.body).not.toContain('correctAnswer');
    expect(res.body).not.toContain('explanation');
    expect(await t.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, test.testId))).toHaveLength(0);
    expect((await get(`previewTestConfig?testId=${test.testId}`, otherTeacher)).statusCode).toBe(404);
    expect((await get(`previewTestConfig?testId=${test.testId}`, student)).statusCode).toBe(403);
    expect((await get(`previewTestConfig?testId=${test.testId}`)).statusCode).toBe(401);
    expect((await get(`previewTestConfig?testId=${test.testId}`, withoutPermission)).statusCode).toBe(403);
    expect((await get('previewTestConfig?testId=abc', teacher)).statusCode).toBe(400);
  });

  it('refuses a start when the bank no longer fills a draw', async () => {
    const narrow = await createTopic(t.deps.db, course.id, { name: 'Optics' });
    const q = await createQuestion(t.deps.db, { ownerInstituteId: sunrise.id, topicIds: [narrow.id] });
    const test = await createTest(teacher);
    await post('saveTestSections', { testId: test.testId, sections: [{ name: 'Drawn', source: 'draw', draw: { count: 1, topicIds: [narrow.id], marks: 4, negativeMarks: 1 } }] }, teacher);
    expect((await post('publishTestConfig', { testId: test.testId, isPublished: true }, teacher)).statusCode).toBe(200);
    await t.deps.db.execute(`DELETE FROM question_topics WHERE question_id = ${q.id}` as never);
    // A student with no other graded test in progress (one at a time).
    const newcomer = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    const res = await t.call({ method: 'POST', url: '/api/task/v1/practise', headers: newcomer.headers, payload: { taskID: test.testId, courseID: course.id, languageID: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().body.code).toBe('TC_DRAW_SHORT');
  });
});

describe('English is final, per test', () => {
  it('is on unless turned off, is saved, and reaches the student in the session', async () => {
    const { test } = await twoSectionTest(teacher);
    // Left out (as by an older editor): on.
    expect((await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body.settings.englishAuthoritative).toBe(true);
    await post('publishTestConfig', { testId: test.testId, isPublished: true }, teacher);
    const built = { course, task: { id: test.testId } } as never;
    const before = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    expect((await startAttempt(t, before, built)).englishAuthoritative).toBe(true);

    // Not a scoring setting: it may change after students have started.
    const off = await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: false }) }, teacher);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().body.settings.englishAuthoritative).toBe(false);
    expect((await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body.settings.englishAuthoritative).toBe(false);
    const [row] = await t.deps.db.select({ englishAuthoritative: tasks.englishAuthoritative }).from(tasks).where(eq(tasks.id, test.testId));
    expect(row!.englishAuthoritative).toBe(false);
    const after = await t.createUser({ role: 'Student', ...placeIn(sunrise, 0) });
    expect((await startAttempt(t, after, built)).englishAuthoritative).toBe(false);
    // The resumed session and the staff preview say the same.
    expect((await startAttempt(t, before, built)).englishAuthoritative).toBe(false);
    expect((await get(`previewTestConfig?testId=${test.testId}`, teacher)).json().body.englishAuthoritative).toBe(false);

    const on = await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: true }) }, teacher);
    expect(on.json().body.settings.englishAuthoritative).toBe(true);
  });

  it('refuses a value that is not yes or no, and another institute’s teacher cannot change it', async () => {
    const test = await createTest(teacher, { englishAuthoritative: false });
    const bad = await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: 'yes' }) }, teacher);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().body.fields)).toEqual(['settings.englishAuthoritative']);
    const elsewhere = await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: true }) }, otherTeacher);
    expect(elsewhere.statusCode).toBe(404);
    expect((await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: true }) }, student)).statusCode).toBe(403);
    expect((await post('updateTestConfig', { testId: test.testId, settings: settings({ englishAuthoritative: true }) })).statusCode).toBe(401);
    expect((await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body.settings.englishAuthoritative).toBe(false);
  });
});

describe('who may configure tests', () => {
  const calls = (testId: number, updatedAt?: string) => [
    () => get(`getTestConfig?testId=${testId}`, undefined),
    () => post('updateTestConfig', { testId, settings: settings(), updatedAt }, undefined),
    () => post('saveTestSections', { testId, sections: [] }, undefined),
    () => post('publishTestConfig', { testId, isPublished: false }, undefined),
  ];
  const as = (user: TestUser, testId: number) => [
    get(`getTestConfig?testId=${testId}`, user),
    post('updateTestConfig', { testId, settings: settings() }, user),
    post('saveTestSections', { testId, sections: [] }, user),
    post('publishTestConfig', { testId, isPublished: false }, user),
  ];

  it('answers 401 without a token, 403 to a student and to a role without the permission, 404 to another institute', async () => {
    const test = await createTest(teacher);
    for (const call of calls(test.testId)) expect((await call()).statusCode).toBe(401);
    expect((await get('listTestConfigs')).statusCode).toBe(401);
    expect((await post('createTestConfig', { settings: settings() })).statusCode).toBe(401);
    for (const res of await Promise.all(as(student, test.testId))) expect(res.statusCode).toBe(403);
    expect((await get('listTestConfigs', student)).statusCode).toBe(403);
    expect((await post('createTestConfig', { settings: settings() }, student)).statusCode).toBe(403);
    for (const res of await Promise.all(as(withoutPermission, test.testId))) expect(res.statusCode).toBe(403);
    expect((await get('listTestConfigs', withoutPermission)).statusCode).toBe(403);
    expect((await post('createTestConfig', { settings: settings() }, withoutPermission)).statusCode).toBe(403);
    for (const res of await Promise.all(as(otherTeacher, test.testId))) {
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe('TC_TEST_NOT_FOUND');
    }
    const after = (await get(`getTestConfig?testId=${test.testId}`, teacher)).json().body;
    expect(after.settings.name).toBe('Unit test 1');
  });

  it('refuses an edit made on a stale copy (409)', async () => {
    const test = await createTest(teacher);
    t.clock.advance(1000);
    const first = await post('updateTestConfig', { testId: test.testId, settings: settings({ name: 'First' }), updatedAt: test.updatedAt }, teacher);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await post('updateTestConfig', { testId: test.testId, settings: settings({ name: 'Second' }), updatedAt: test.updatedAt }, teacher);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().body.code).toBe('TC_STALE');
  });
});
