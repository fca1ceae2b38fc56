import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, examAnswers } from '../../db/schema/index.js';
import { jsonCalls } from '../../../test/exam-fixtures.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createClient, createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { candidateCode } from './grading.service.js';

let t: TestApp;
let sunrise: TestInstitute;
let teacher: TestUser;
let outsider: TestUser;
let parent: TestUser;
let test: BuiltTest;
/** Two students: Asha (class 11) wrote an essay, Bala (class 12) answered the choice question only. */
let asha: TestUser;
let bala: TestUser;
let ashaAttempt: string;
let balaAttempt: string;

const { post, get } = jsonCalls(() => t);
const ESSAY = 'Osmosis moves water across a semi-permeable membrane.';

beforeAll(async () => {
  t = await createTestApp();
  sunrise = await createInstitute(t);
  const kaveri = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(sunrise) });
  outsider = await t.createUser({ role: 'SchoolTeacher', ...placeIn(kaveri) });
  parent = await t.createUser({ role: 'Parent' });
  test = await createTestTask(t.deps.db, {
    sections: [
      {
        questions: [
          {},
          { questionType: 'comprehensive', data: 'Explain osmosis.', solution: 'Water moves to the side with more solute.', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0 },
        ],
      },
    ],
  });
  asha = await t.createUser({ role: 'Student', firstName: 'Asha', lastName: 'Kumar', ...placeIn(sunrise, 0, 0) });
  bala = await t.createUser({ role: 'Student', firstName: 'Bala', ...placeIn(sunrise, 1, 0) });
  ashaAttempt = (await startAttempt(t, asha, test)).TestSessionID;
  balaAttempt = (await startAttempt(t, bala, test)).TestSessionID;
  await saveAnswers(t, asha, ashaAttempt, [
    { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 3, seq: 1 },
    { questionTaskMapID: test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: ESSAY, seq: 1 },
  ]);
  await saveAnswers(t, bala, balaAttempt, [
    { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
    { questionTaskMapID: test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: 'No idea.', seq: 1 },
  ]);
  await submitTest(t, asha, ashaAttempt, test.task.id);
  await submitTest(t, bala, balaAttempt, test.task.id);
});
afterAll(async () => t.close());

const report = async (user: TestUser, attemptId: string) =>
  (await get(`/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${attemptId}`, user)).json().body;
const auditOf = (action: string) => t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, teacher.id)));
const essayRow = async (attemptId: string) =>
  (await t.deps.db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.questionTaskMapId, test.mapIds[1]!))))[0]!;

describe('the marking queue', () => {
  it('lists written answers anonymised, with the question and its model answer, filtered by test, question and class', async () => {
    const res = await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, teacher);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Asha');
    expect(res.body).not.toContain('Bala');
    const rows = res.json().body;
    expect(rows).toHaveLength(2);
    const ashaRow = rows.find((r: { attemptId: string }) => r.attemptId === ashaAttempt);
    expect(ashaRow).toMatchObject({
      candidate: candidateCode(ashaAttempt),
      classId: sunrise.classes[0]!.id,
      taskId: test.task.id,
      questionTaskMapID: test.mapIds[1],
      questionData: 'Explain osmosis.',
      modelAnswer: 'Water moves to the side with more solute.',
      answerData: ESSAY,
      marks: 5,
      teacherMarks: null,
    });
    expect(candidateCode(ashaAttempt)).toMatch(/^C-[0-9A-F]{6}$/);
    const byClass = (await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}&classId=${sunrise.classes[1]!.id}`, teacher)).json().body;
    expect(byClass.map((r: { attemptId: string }) => r.attemptId)).toEqual([balaAttempt]);
    const byQuestion = (await get(`/api/task/v1/pendingEvaluations?questionTaskMapID=${test.mapIds[0]}`, teacher)).json().body;
    expect(byQuestion).toEqual([]);
    // Out of reach, the queue is empty.
    expect((await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, outsider)).json().body).toEqual([]);
  });

  it('reveals the student behind a candidate code, and records the reveal', async () => {
    const res = await post('/api/grading/v1/revealCandidate', teacher, { attemptId: ashaAttempt });
    expect(res.json().body).toMatchObject({ attemptId: ashaAttempt, studentName: 'Asha Kumar', username: asha.username });
    const [entry] = await auditOf('grading.revealCandidate');
    expect(entry).toMatchObject({ targetId: ashaAttempt, targetUserId: asha.id, instituteId: sunrise.id });
    expect((await post('/api/grading/v1/revealCandidate', outsider, { attemptId: ashaAttempt })).statusCode).toBe(404);
    expect((await post('/api/grading/v1/revealCandidate', asha, { attemptId: ashaAttempt })).statusCode).toBe(403);
    expect((await post('/api/grading/v1/revealCandidate', parent, { attemptId: ashaAttempt })).statusCode).toBe(403);
    expect((await post('/api/grading/v1/revealCandidate', undefined, { attemptId: ashaAttempt })).statusCode).toBe(401);
    expect((await post('/api/grading/v1/revealCandidate', teacher, {})).statusCode).toBe(400);
  });
});

describe('marking a written answer', () => {
  it('changes the score and the rank; the comment reaches the student’s feedback report; a re-mark is audited', async () => {
    // Before: Bala 4 (correct choice) ranks above Asha −1.
    expect((await report(asha, ashaAttempt)).MarkScored).toMatchObject({ scored: -1, rank: 2, pendingEvaluation: true });
    const marked = await post('/api/task/v1/markAnswer', teacher, { attemptId: ashaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 4.5, comment: 'Good; mention turgor.' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().body).toMatchObject({ scored: 3.5, pendingEvaluation: false });
    await post('/api/task/v1/markAnswer', teacher, { attemptId: balaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 0 });
    const after = await report(asha, ashaAttempt);
    expect(after.MarkScored).toMatchObject({ scored: 3.5, rank: 2 });
    expect(after.QuestionsWithAnswer.find((q: { questionTaskMapID: number }) => q.questionTaskMapID === test.mapIds[1])).toMatchObject({
      marksAwarded: 4.5,
      teacherComment: 'Good; mention turgor.',
    });
    // Marked again, higher: Asha (5 − 1 = 4) now ties Bala for first place.
    const remarked = await post('/api/task/v1/markAnswer', teacher, { attemptId: ashaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 5, comment: 'Full marks on review.' });
    expect(remarked.json().body.scored).toBe(4);
    expect((await report(asha, ashaAttempt)).MarkScored.rank).toBe(1);
    expect((await report(asha, ashaAttempt)).QuestionsWithAnswer[1].teacherComment).toBe('Full marks on review.');
    const first = (await auditOf('grading.mark')).find((e) => e.targetId === `${ashaAttempt}:${test.mapIds[1]}`);
    expect(first).toMatchObject({ targetUserId: asha.id, before: { marks: null, comment: null, scored: -1 }, after: { marks: 4.5, comment: 'Good; mention turgor.', scored: 3.5 } });
    const [again] = await auditOf('grading.remark');
    expect(again).toMatchObject({ before: { marks: 4.5, scored: 3.5 }, after: { marks: 5, comment: 'Full marks on review.', scored: 4 } });
    // Marked answers leave the queue and are listed as marked.
    expect((await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, teacher)).json().body).toEqual([]);
    const done = (await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}&status=marked`, teacher)).json().body;
    expect(done.find((r: { attemptId: string }) => r.attemptId === ashaAttempt)).toMatchObject({ teacherMarks: 5, teacherComment: 'Full marks on review.' });
  });

  it('refuses bad input with a clear message (English and Tamil) and writes nothing', async () => {
    const before = await essayRow(balaAttempt);
    const audits = (await t.deps.db.select().from(auditLog)).length;
    for (const [body, pattern] of [
      [{ marksAwarded: 2.3 }, /0\.25/],
      [{ marksAwarded: -1 }, /marks/i],
      [{ marksAwarded: 'five' }, /marks/i],
      [{ marksAwarded: 2, comment: 'x'.repeat(2001) }, /2000/],
    ] as const) {
      const res = await post('/api/task/v1/markAnswer', teacher, { attemptId: balaAttempt, questionTaskMapID: test.mapIds[1], ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(pattern);
    }
    const tamil = await post('/api/task/v1/markAnswer', teacher, { attemptId: balaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 2.3 }, { language: 'tn' });
    expect(tamil.json().message).toContain('மதிப்பெண்');
    expect(await essayRow(balaAttempt)).toEqual(before);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(audits);
  });

  it('another institute’s teacher finds no answer (404); a role without grading.mark is refused (403)', async () => {
    const res = await post('/api/task/v1/markAnswer', outsider, { attemptId: balaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Bala');
    expect((await post('/api/task/v1/markAnswer', parent, { attemptId: balaAttempt, questionTaskMapID: test.mapIds[1], marksAwarded: 5 })).statusCode).toBe(403);

    const clientId = await createClient(t);
    const school = await createInstitute(t, { clientId });
    const theirTeacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(school) });
    const theirStudent = await t.createUser({ role: 'Student', ...placeIn(school, 0, 0) });
    const s = (await startAttempt(t, theirStudent, test)).TestSessionID;
    await saveAnswers(t, theirStudent, s, [{ questionTaskMapID: test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: 'Mine.', seq: 1 }]);
    await submitTest(t, theirStudent, s, test.task.id);
    expect((await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, theirTeacher)).json().body).toHaveLength(1);
    await t.app.services.roles.revoke(clientId, 'SchoolTeacher', ['grading.mark', 'grading.viewPending']);
    expect((await post('/api/task/v1/markAnswer', theirTeacher, { attemptId: s, questionTaskMapID: test.mapIds[1], marksAwarded: 1 })).statusCode).toBe(403);
    expect((await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, theirTeacher)).statusCode).toBe(403);
    expect((await post('/api/grading/v1/revealCandidate', theirTeacher, { attemptId: s })).statusCode).toBe(403);
    expect((await essayRow(s)).teacherMarks).toBeNull();
  });
});
