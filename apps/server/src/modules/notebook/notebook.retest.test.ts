import { notebookRoutes, RETEST_LIMITS, type Retest, type RetestStatus } from '@app/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../test/factories/scope.js';
import { createExamTestApp, expectAccessMatrix, jsonCalls } from '../../../test/exam-fixtures.js';
import { notebookCards, notebookReviews, notebookSchedules, tasks, users } from '../../db/schema/index.js';
import { createAcademyRepository } from '../academy/student/academy.student.repository.js';
import { createAcademyManageRepository } from '../academy/manage/academy.manage.repository.js';
import { createTestConfigRepository } from '../academy/test-config/academy.test-config.repository.js';
import { createOmrRepository } from '../omr/omr.repository.js';
import { createQuestionBankRepository } from '../question-bank/question-bank.repository.js';
import { createPsychometricsRepository } from '../psychometrics/psychometrics.repository.js';
import { createFamilyReportsRepository } from '../reports/family/reports.family.repository.js';
import { createStaffReportsRepository } from '../reports/staff/reports.staff.repository.js';
import { createSchedulesRepository } from '../schedules/schedules.repository.js';
import { pickRetest, ratingOf, weightOf, type RetestCandidate } from './notebook.retest.js';

describe('choosing the re-test’s questions', () => {
  const card = (cardId: number, subject: string, extra: Partial<RetestCandidate> = {}): RetestCandidate => ({
    cardId,
    questionId: cardId,
    subject,
    lapses: 0,
    errorType: 'misread',
    overdueDays: 0,
    ...extra,
  });

  it('weighs lapses most, then the error type, then how overdue', () => {
    expect(weightOf(card(1, 'P', { lapses: 1 }))).toBeGreaterThan(weightOf(card(2, 'P', { errorType: 'concept' })));
    expect(weightOf(card(1, 'P', { errorType: 'concept' }))).toBeGreaterThan(weightOf(card(2, 'P', { overdueDays: 14 })));
    expect(weightOf(card(1, 'P', { overdueDays: 7 }))).toBeGreaterThan(weightOf(card(2, 'P')));
  });

  it('takes the subjects in turn, the weakest first, each question once, at most the limit', () => {
    const candidates = [
      ...Array.from({ length: 10 }, (_, i) => card(i + 1, 'Physics', { lapses: 3 })),
      card(20, 'Chemistry', { errorType: 'concept' }),
      card(21, 'Biology'),
      card(22, 'Biology', { questionId: 21, lapses: 5 }),
    ];
    const picked = pickRetest(candidates, 5);
    expect(picked.map((c) => c.subject)).toEqual(['Biology', 'Physics', 'Chemistry', 'Physics', 'Physics']);
    // The same question from two cards: the heavier card is asked.
    expect(picked.filter((c) => c.questionId === 21).map((c) => c.cardId)).toEqual([22]);
    expect(pickRetest(candidates, RETEST_LIMITS.questionsMax)).toHaveLength(12);
    expect(pickRetest([], 5)).toEqual([]);
  });

  it('grades right as good, partly right as hard, wrong or left as again', () => {
    expect([ratingOf('correct'), ratingOf('partial'), ratingOf('wrong'), ratingOf('unanswered'), ratingOf(undefined)]).toEqual(['good', 'hard', 'again', 'again', 'again']);
  });
});

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

const statusOf = async (user: TestUser): Promise<RetestStatus> => {
  const res = await get('/api/notebook/v1/retest', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as RetestStatus;
};

describe('the weekly re-test', () => {
  let test: BuiltTest;
  let me: TestUser;
  let retest: Retest;

  beforeAll(async () => {
    // Option 2 is right throughout.
    test = await createTestTask(t.deps.db, {
      sections: [
        { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Waves'] }] },
        { name: 'Chemistry', questions: [{ topicTags: ['Moles'] }] },
      ],
    });
    me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    t.clock.advance(60_000);
    const data = test.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, timeSpent: 20, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', me, { TestSessionID: s.TestSessionID, data })).statusCode).toBe(200);
    expect((await submitTest(t, me, s.TestSessionID, test.task.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
  });

  it('offers the due cards as a timed test, then makes it once a week as a test of the student’s own', async () => {
    const before = await statusOf(me);
    expect(before).toMatchObject({ dueCards: 3, questions: 3, minutes: 3, blockedBy: null, current: null, past: [] });
    const res = await post('/api/notebook/v1/retest/start', me, {});
    expect(res.statusCode, res.body).toBe(200);
    retest = res.json().body as Retest;
    expect(retest).toMatchObject({ weekStart: before.weekStart, courseId: test.course.id, questions: 3, minutes: 3, status: 'notStarted', total: 12 });
    const [task] = await t.deps.db.select().from(tasks).where(eq(tasks.id, retest.taskId));
    expect(task).toMatchObject({ ownerUserId: me.id, isPublished: false, durationMinutes: 3, attemptsAllowed: 1, testType: 'test' });
    // Started again before it is taken: the same test.
    expect((await post('/api/notebook/v1/retest/start', me, {})).json().body.taskId).toBe(retest.taskId);
    expect((await statusOf(me)).current).toMatchObject({ taskId: retest.taskId, status: 'notStarted' });
  });

  it('made by two Start presses at once, is one test: the other test made goes', async () => {
    const twin = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, twin, test);
    const data = test.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, timeSpent: 20, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', twin, { TestSessionID: s.TestSessionID, data })).statusCode).toBe(200);
    expect((await submitTest(t, twin, s.TestSessionID, test.task.id)).statusCode).toBe(200);
    // Both presses get past the check for this week's re-test before either has made its test.
    const academy = t.app.services.academy;
    const make = academy.createOwnedTest.bind(academy);
    let entered = 0;
    let bothIn: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (bothIn = resolve));
    const spy = vi.spyOn(academy, 'createOwnedTest').mockImplementation(async (input) => {
      if (++entered === 2) bothIn();
      await gate;
      return make(input);
    });
    const [first, second] = await Promise.all([post('/api/notebook/v1/retest/start', twin, {}), post('/api/notebook/v1/retest/start', twin, {})]);
    spy.mockRestore();
    expect(entered).toBe(2);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().body.taskId).toBe(first.json().body.taskId);
    const owned = await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.ownerUserId, twin.id));
    expect(owned.map((row) => row.id)).toEqual([first.json().body.taskId]);
  });

  it('is reached by its owner only: another student, staff and another institute are told it does not exist', async () => {
    const elsewhere = await t.createUser({ role: 'SchoolStudent', ...placeIn(await createInstitute(t, { isSchool: true }), 0) });
    for (const stranger of [other, elsewhere]) {
      for (const url of ['/api/task/v1/practise', '/api/task/v1/instruction']) {
        const res = await post(url, stranger, { taskID: retest.taskId, courseID: retest.courseId, languageID: 1 });
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
      }
      expect((await statusOf(stranger)).current).toBeNull();
    }
    // Never listed in its course: not to another student, not to its owner's course page either.
    const academy = createAcademyRepository(t.deps.db);
    for (const user of [other, me]) {
      expect((await academy.listTasks(test.topic.id, user.id)).map((r) => r.task.id)).not.toContain(retest.taskId);
    }
  });

  it('is taken in the player, +4/−1, timed; its results grade the cards and it is not offered again this week', async () => {
    const session = await startAttempt(t, me, { course: { id: retest.courseId } as BuiltTest['course'], task: { id: retest.taskId } as BuiltTest['task'] });
    const maps = session.section.flatMap((s) => s.question.map((q) => q.questionTaskMapID));
    expect(maps).toHaveLength(3);
    // NEET's pace: a minute a question.
    expect(session.RemainingTime).toBe(3 * 60);
    const data = maps.map((mapId, i) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: i === 0 ? 2 : 3, timeSpent: 15, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', me, { TestSessionID: session.TestSessionID, data })).statusCode).toBe(200);
    const submitted = await submitTest(t, me, session.TestSessionID, retest.taskId);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const after = await statusOf(me);
    expect(after).toMatchObject({ blockedBy: 'takenThisWeek', current: { status: 'submitted', scored: 4 - 1 - 1, total: 12 } });
    const reviews = await t.deps.db.select().from(notebookReviews).where(and(eq(notebookReviews.userId, me.id), isNotNull(notebookReviews.rating)));
    expect(reviews.map((r) => [r.status, r.rating]).sort()).toEqual([['correct', 'good'], ['wrong', 'again'], ['wrong', 'again']]);
    const schedules = await t.deps.db.select().from(notebookSchedules).where(eq(notebookSchedules.userId, me.id));
    expect(schedules).toHaveLength(3);
    // The queue moves on: the right one is due after the wrong ones; the cards carry their schedules' due dates.
    const cards = await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id));
    expect(cards).toHaveLength(3); // the re-test made no cards of its own
    const goodCard = reviews.find((r) => r.rating === 'good')!.cardId;
    const dueOf = (id: number) => cards.find((c) => c.id === id)!.due.getTime();
    for (const r of reviews.filter((x) => x.rating === 'again')) expect(dueOf(goodCard)).toBeGreaterThan(dueOf(r.cardId));
    for (const s of schedules) expect(dueOf(s.cardId)).toBe(s.due.getTime());
    expect(Math.min(...cards.map((c) => c.due.getTime()))).toBeGreaterThan(t.clock.now().getTime() - 60_000);
    // Read again, nothing is graded twice.
    await statusOf(me);
    expect((await t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.userId, me.id))).length).toBe(3);

    // Class figures never count it: staff reports, the course editor, scheduling and the item calibration leave it out.
    const [mine] = await t.deps.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, me.id));
    const clientId = mine!.clientId;
    const staff = createStaffReportsRepository(t.deps.db);
    expect((await staff.firstAttemptsOf([me.id])).map((r) => r.taskId)).toEqual([test.task.id]);
    expect((await staff.recentTasks({ kind: 'client', clientId }, 100)).map((r) => r.taskId)).not.toContain(retest.taskId);
    expect((await staff.recentTasks({ kind: 'client', clientId }, 100)).map((r) => r.taskId)).toContain(test.task.id);
    expect((await createAcademyManageRepository(t.deps.db).listTasks(retest.courseId)).map((r) => r.id)).not.toContain(retest.taskId);
    expect(await createAcademyManageRepository(t.deps.db).getTask(retest.taskId)).toBeUndefined();
    const content = await createSchedulesRepository(t.deps.db).listCourseContent();
    expect(content.flatMap((c) => c.tests.map((x) => x.id))).not.toContain(retest.taskId);
    // Nor the test settings list, the answer sheets or the question bank's "used in tests".
    const configured = await createTestConfigRepository(t.deps.db).list({ kind: 'client', clientId: test.course.clientId }, {}, { offset: 0, limit: 1000 });
    expect(configured.rows.map((r) => r.task.id)).toContain(test.task.id);
    expect(configured.rows.map((r) => r.task.id)).not.toContain(retest.taskId);
    expect(await createTestConfigRepository(t.deps.db).getTest(retest.taskId)).toBeUndefined();
    expect(await createOmrRepository(t.deps.db).findTest(retest.taskId)).toBeNull();
    const usedIn = await createQuestionBankRepository(t.deps.db).testsOf(test.sections.flatMap((x) => x.questions.map((q) => q.question.id)));
    expect([...usedIn.values()].flat().map((x) => x.taskId)).toContain(test.task.id);
    expect([...usedIn.values()].flat().map((x) => x.taskId)).not.toContain(retest.taskId);
    const responses = [];
    for await (const rows of createPsychometricsRepository(t.deps.db).responseBatches({ clientId, instituteId: null })) responses.push(...rows.filter((r) => r.userId === me.id));
    expect(responses.map((r) => r.status)).toEqual(['wrong', 'wrong', 'wrong']);

    const again = await post('/api/notebook/v1/retest/start', me, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have taken this week’s re-test. The next one opens on Monday.');
    // Its report opens as any report does, for its owner only.
    const report = `/api/task/v1/feedbackReport?courseId=${retest.courseId}&taskId=${retest.taskId}&attemptId=${session.TestSessionID}`;
    expect((await get(report, me)).statusCode).toBe(200);
    expect((await get(report, other)).statusCode).toBe(404);
  });

  it('opens again the next week', async () => {
    t.clock.advance(7 * 86_400_000);
    me = { ...me, ...(await t.signIn(me.id)) };
    const next = await statusOf(me);
    expect(next.current).toBeNull();
    expect(next.past.map((p) => p.taskId)).toEqual([retest.taskId]);
  });

  it('is not counted in an institute’s class reports', async () => {
    const institute = await createInstitute(t, { isSchool: true });
    const placed = await t.createUser({ role: 'SchoolStudent', ...placeIn(institute, 0) });
    const own = await createTestTask(t.deps.db, { sections: [{ name: 'Biology', questions: [{ topicTags: ['Cells'] }, { topicTags: ['Cells'] }] }] });
    const first = await startAttempt(t, placed, own);
    const wrong = own.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, timeSpent: 20, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', placed, { TestSessionID: first.TestSessionID, data: wrong })).statusCode).toBe(200);
    expect((await submitTest(t, placed, first.TestSessionID, own.task.id)).statusCode).toBe(200);
    const made = (await post('/api/notebook/v1/retest/start', placed, {})).json().body as Retest;
    const session = await startAttempt(t, placed, { course: { id: made.courseId } as BuiltTest['course'], task: { id: made.taskId } as BuiltTest['task'] });
    expect((await submitTest(t, placed, session.TestSessionID, made.taskId)).statusCode).toBe(200);
    expect((await statusOf(placed)).current).toMatchObject({ status: 'submitted' });
    const family = createFamilyReportsRepository(t.deps.db);
    expect((await family.firstAttemptsByClassAndTest({ instituteId: institute.id })).map((r) => r.taskId)).toEqual([own.task.id]);
    expect((await family.classStudents({ instituteId: institute.id }, placeIn(institute, 0).classId!)).find((r) => r.studentId === placed.id)).toMatchObject({ tests: 1 });
  });

  it('refuses when no card is due, and refuses fields it does not know', async () => {
    const fresh = await t.createUser({ role: 'Student' });
    expect(await statusOf(fresh)).toMatchObject({ blockedBy: 'noDueCards', questions: 0 });
    const res = await post('/api/notebook/v1/retest/start', fresh, {});
    expect(res.statusCode).toBe(409);
    expect((await post('/api/notebook/v1/retest/start', fresh, { weeks: 2 })).statusCode).toBe(400);
  });
});

describe('who may take a re-test', () => {
  it('gives staff and parents no access, and nobody without a token', async () => {
    student = { ...student, ...(await t.signIn(student.id)) };
    teacher = { ...teacher, ...(await t.signIn(teacher.id)) };
    const parent = await t.createUser({ role: 'Parent' });
    const { retestStatus, startRetest } = notebookRoutes;
    await expectAccessMatrix(
      t,
      { retestStatus, startRetest },
      { student, teacher, parent },
      { samples: { retestStatus: {}, startRetest: { body: {} } }, needsNoInput: ['retestStatus', 'startRetest'] },
    );
  });
});
