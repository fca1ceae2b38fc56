import { reportsRoutes } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../../test/test-app.js';
import { testSchedules } from '../../../db/schema/index.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../../test/factories/scope.js';
import { createExamTestApp, expectAccessMatrix, expectNoKeys, jsonCalls } from '../../../../test/exam-fixtures.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

describe('POST /api/task/v1/report', () => {
  it('gives the student’s submitted attempts', async () => {
    const test = await createTestTask(t.deps.db, { task: { instructions: '<p>Read carefully</p>', durationMinutes: 45 } });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await submitTest(t, me, s.TestSessionID, test.task.id);
    const report = await post('/api/task/v1/report', me, { instructionType: 2 });
    expect(report.json().body.attempts).toEqual([expect.objectContaining({ attemptId: s.TestSessionID, scored: 0 })]);
    expect((await post('/api/task/v1/report', other, { instructionType: 2, taskID: test.task.id })).json().body.attempts).toEqual([]);
    expect((await post('/api/task/v1/report', me, { instructionType: 'x' })).statusCode).toBe(400);
  });
});

describe('GET /api/task/v1/feedbackReport', () => {
  it('computes every report type, with rank and percentile among the task’s attempts', async () => {
    // Two sections; topics tagged. Hand-computed below.
    const test = await createTestTask(t.deps.db, {
      sections: [
        { name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Optics'] }] },
        { name: 'Biology', questions: [{ topicTags: ['Genetics'] }, { topicTags: ['Genetics'], questionType: 'text', data: 'DNA has {0} strands.', options: [], correctAnswerId: null, correctAnswerData: [{ value: '2' }] }] },
      ],
    });
    // The blank's id is questionID-0, given when the question is written.
    const blankQ = test.sections[1]!.questions[1]!.question;
    const [p1, p2, b1, b2] = test.mapIds as [number, number, number, number];
    const students = await Promise.all([0, 1, 2, 3].map(() => t.createUser({ role: 'Student' })));
    // A: p1 right, p2 wrong, b1 right, b2 right → 4 − 1 + 4 + 4 = 11
    // B: all four right → 16; C: p1 right only → 4; D: nothing → 0
    const plans: { mapId: number; type: string; answerID: unknown; answerData?: unknown }[][] = [
      [
        { mapId: p1, type: 'singleChoice', answerID: 2 },
        { mapId: p2, type: 'singleChoice', answerID: 3 },
        { mapId: b1, type: 'singleChoice', answerID: 2 },
        { mapId: b2, type: 'text', answerID: 'filled', answerData: [{ id: `${blankQ.id}-0`, value: ' 2 ' }] },
      ],
      [
        { mapId: p1, type: 'singleChoice', answerID: 2 },
        { mapId: p2, type: 'singleChoice', answerID: 2 },
        { mapId: b1, type: 'singleChoice', answerID: 2 },
        { mapId: b2, type: 'text', answerID: 'filled', answerData: [{ id: `${blankQ.id}-0`, value: '2' }] },
      ],
      [{ mapId: p1, type: 'singleChoice', answerID: 2 }],
      [],
    ];
    const attempts: string[] = [];
    for (const [i, user] of students.entries()) {
      const s = await startAttempt(t, user, test);
      attempts.push(s.TestSessionID);
      if (plans[i]!.length) {
        t.clock.advance(1000);
        await saveAnswers(t, user, s.TestSessionID, plans[i]!.map((p) => ({ questionTaskMapID: p.mapId, questionType: p.type, answerID: p.answerID, answerData: p.answerData, timeSpent: 1, seq: 1 })));
      }
    }
    const a = students[0]!;
    const url = (attemptId: string, taskId = test.task.id) => `/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${taskId}&attemptId=${attemptId}`;
    const early = await get(url(attempts[0]!), a);
    expect(early.statusCode).toBe(409);
    expectNoKeys(early.body);
    for (const [i, user] of students.entries()) await submitTest(t, user, attempts[i]!, test.task.id);

    const res = await get(url(attempts[0]!), a);
    expect(res.statusCode).toBe(200);
    const r = res.json().body;
    expect(r.MarkScored).toMatchObject({ scored: 11, total: 16, percentage: 68.75, negativeMarksLost: 1, accuracy: 75, rank: 2, percentile: 75, candidates: 4 });
    expect(r.SectionWiseCourse).toEqual([
      expect.objectContaining({ sectionName: 'Physics', scored: 3, total: 8, correct: 1, wrong: 1, negativeMarksLost: 1 }),
      expect.objectContaining({ sectionName: 'Biology', scored: 8, total: 8, correct: 2, wrong: 0 }),
    ]);
    expect(r.QuestionWiseAnalysisPie).toEqual([
      { name: 'correct', value: 3 },
      { name: 'partial', value: 0 },
      { name: 'wrong', value: 1 },
      { name: 'unanswered', value: 0 },
      { name: 'pending', value: 0 },
    ]);
    expect(r.QuestionWiseAnalysisBar[0]).toMatchObject({ sectionName: 'Physics', correct: 1, wrong: 1 });
    expect(r.QuestionsAttempted).toMatchObject({ totalQuestions: 4, attempted: 4, correct: 3, wrong: 1 });
    expect(r.TopicsWiseAnalysis).toEqual(
      expect.arrayContaining([expect.objectContaining({ topic: 'Optics', accuracy: 50, scored: 3 }), expect.objectContaining({ topic: 'Genetics', accuracy: 100 })]),
    );
    expect(r.TopicsToImprove).toEqual([{ topic: 'Optics', accuracy: 50, scored: 3, total: 8 }]);
    // Class accuracy of p1: A, B, C right of 4 attempts → 75 %; p2: only B → 25 %.
    expect(r.QuestionWiseAnalysis.map((q: { classAccuracy: number }) => q.classAccuracy)).toEqual([75, 25, 50, 50]);
    expect(r.QuestionWiseAnalysis[1]).toMatchObject({ status: 'wrong', marksAwarded: -1, timeSpent: 1 });
    expect(r.QuestionsWithAnswer[3]).toMatchObject({ correctAnswerData: [{ id: `${blankQ.id}-0`, value: '2' }], status: 'correct' });

    const best = (await get(url(attempts[1]!), students[1])).json().body.MarkScored;
    expect(best).toMatchObject({ rank: 1, percentile: 100, candidates: 4 });
    const last = (await get(url(attempts[3]!), students[3])).json().body.MarkScored;
    expect(last).toMatchObject({ rank: 4, percentile: 25, accuracy: 0 });

    expect((await get(url(attempts[0]!), students[1])).statusCode).toBe(404);
    expect((await get(url(attempts[0]!), teacher)).statusCode).toBe(200);
    expect((await get(url(attempts[0]!, test.task.id + 1000), a)).statusCode).toBe(404);
    expect((await get(`/api/task/v1/feedbackReport?courseId=x&taskId=1&attemptId=${attempts[0]}`, a)).statusCode).toBe(400);
    expect((await get(url(attempts[0]!))).statusCode).toBe(401);
  });
});

describe('when answers are shown (the test\'s setting)', () => {
  it('holds every key back from the student and their report when the test says never, and until the window closes; staff see them', async () => {
    const home = await createInstitute(t);
    const me = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
    const staff = await t.createUser({ role: 'Teacher', ...placeIn(home) });
    const take = async (showAnswers: 'never' | 'afterWindow' | 'afterSubmit', window?: { closesAt: Date }) => {
      const test = await createTestTask(t.deps.db, { task: { showAnswers }, sections: [{ questions: [{ explanation: 'SECRET explanation', correctAnswerId: 2 }] }] });
      if (window) {
        await t.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, classId: null, sectionId: null, opensAt: new Date(t.clock.now().getTime() - 60_000), closesAt: window.closesAt });
      }
      const s = await startAttempt(t, me, test);
      await saveAnswers(t, me, s.TestSessionID, [{ questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 3, timeSpent: 1, seq: 1 }]);
      await submitTest(t, me, s.TestSessionID, test.task.id);
      return `/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${s.TestSessionID}`;
    };

    const never = await take('never');
    const hidden = await get(never, me);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().body.answersHidden).toEqual({ reason: 'never', shownFrom: null });
    expect(hidden.json().body.QuestionsWithAnswer[0]).toMatchObject({ correctAnswerID: null, explanation: null, status: 'wrong' });
    expect(hidden.body).not.toContain('SECRET');
    const forStaff = (await get(never, staff)).json().body;
    expect(forStaff.answersHidden).toBeNull();
    expect(forStaff.QuestionsWithAnswer[0]).toMatchObject({ correctAnswerID: 2, explanation: 'SECRET explanation' });

    const closesAt = new Date(t.clock.now().getTime() + 3_600_000);
    const afterWindow = await take('afterWindow', { closesAt });
    expect((await get(afterWindow, me)).json().body.answersHidden).toEqual({ reason: 'afterWindow', shownFrom: closesAt.toISOString() });
    t.clock.advance(3_600_001);
    const open = (await get(afterWindow, me)).json().body;
    expect(open.answersHidden).toBeNull();
    expect(open.QuestionsWithAnswer[0].correctAnswerID).toBe(2);

    // No window for the student: nothing to wait for. After submit: shown.
    expect((await get(await take('afterWindow'), me)).json().body.answersHidden).toBeNull();
    expect((await get(await take('afterSubmit'), me)).json().body.QuestionsWithAnswer[0].explanation).toBe('SECRET explanation');
  });
});

describe('rank and percentile among first attempts', () => {
  it('ranks a retake against the others’ first attempts, never against the student’s own', async () => {
    const practice = await createTestTask(t.deps.db, { task: { testType: 'practice', durationMinutes: null }, sections: [{ questions: [{}, {}] }] });
    const [q1, q2] = practice.mapIds as [number, number];
    const [me, peer] = await Promise.all([t.createUser({ role: 'Student' }), t.createUser({ role: 'Student' })]);
    const take = async (user: TestUser, answers: number[]) => {
      const s = await startAttempt(t, user, practice);
      if (answers.length) await saveAnswers(t, user, s.TestSessionID, answers.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 2, timeSpent: 1, seq: 1 })));
      await submitTest(t, user, s.TestSessionID, practice.task.id);
      return s.TestSessionID;
    };
    const url = (attemptId: string) => `/api/task/v1/feedbackReport?courseId=${practice.course.id}&taskId=${practice.task.id}&attemptId=${attemptId}`;
    const myFirst = await take(me, []); // 0
    await take(peer, [q1]); // 4
    const myRetake = await take(me, [q1, q2]); // 8
    // First attempts: me 0, peer 4. My first: rank 2 of 2, percentile 50.
    expect((await get(url(myFirst), me)).json().body.MarkScored).toMatchObject({ scored: 0, rank: 2, percentile: 50, candidates: 2 });
    // The retake (8) ranks against the peer's 4 only: still two candidates, top at 100.
    expect((await get(url(myRetake), me)).json().body.MarkScored).toMatchObject({ scored: 8, rank: 1, percentile: 100, candidates: 2 });
  });
});

describe('access matrix (every reports call)', () => {
  it('answers 401 without a token, 403 for the wrong role, 400 for missing input, 404 for unknown records', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    // The parents' home is for parents only; its access is tested with the dashboards.
    const { parentHome: _parentHome, ...forAnyone } = reportsRoutes;
    await expectAccessMatrix(t, forAnyone, { student, teacher, parent }, {
      samples: {
        report: { body: {} },
        feedbackReport: { query: 'courseId=999999&taskId=999999&attemptId=x' },
        studentDashboard: { query: 'studentId=99999999' },
        activity: { query: 'studentId=99999999' },
      },
      // A student's own dashboard and activity need no input.
      needsNoInput: ['report', 'studentDashboard', 'activity'],
    });
  });
});
