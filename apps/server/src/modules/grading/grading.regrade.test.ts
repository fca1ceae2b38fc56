import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { jsonCalls } from '../../../test/exam-fixtures.js';
import { attemptQuestionVersions, examAttempts, studentSubjectTotals } from '../../db/schema/index.js';
import { createSummariesRepository } from '../reports/shared/reports.repository.js';
import { questionsOf, summariseAttempt, topicFiguresOf } from '../reports/shared/reports.summary.js';
import { scoreAll } from './grading.scoring.js';
import { marksOf } from '../../../test/attempt-marks.js';

/**
 * The set-based regrade (decision 062) scores one question again across attempts and patches
 * their marks, totals and summaries in place: the result must be what scoring every attempt
 * again from nothing gives. A test of two sections: single choice +4/−1, multiple choice +4/−2
 * with partial credit, a written answer a teacher marked, and questions left unanswered.
 */
let t: TestApp;
let institute: TestInstitute;
let teacher: TestUser;
let test: BuiltTest;
const attemptIds: string[] = [];
const { get, post } = jsonCalls(() => t);

type Plan = Array<[number, unknown]>;
const KINDS = ['singleChoice', 'multipleChoice', 'singleChoice', 'comprehensive'] as const;

async function sit(plan: Plan, firstName: string): Promise<string> {
  const student = await t.createUser({ role: 'Student', firstName, lastName: 'R', ...placeIn(institute, 0, 0) });
  const session = await startAttempt(t, student, test);
  const answers = plan.map(([index, answer]) => ({
    questionTaskMapID: test.mapIds[index]!,
    questionType: KINDS[index]!,
    ...(KINDS[index] === 'comprehensive' ? { answerID: 'text', answerData: answer } : { answerID: answer }),
    timeSpent: 7,
    seq: 1,
  }));
  if (answers.length) expect((await saveAnswers(t, student, session.TestSessionID, answers)).statusCode).toBe(200);
  // A changed answer: the summary keeps how the first one scores, by the key of the day.
  if (plan.some(([index]) => index === 0)) {
    const again = { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 1, timeSpent: 8, seq: 2 };
    if (firstName === 'Bala') expect((await saveAnswers(t, student, session.TestSessionID, [again])).statusCode).toBe(200);
  }
  expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
  attemptIds.push(session.TestSessionID);
  return session.TestSessionID;
}

/** Every attempt's marks, totals and summary as stored, in a stable order. */
async function stored() {
  const attempts = await t.deps.db
    .select({ id: examAttempts.id, scored: examAttempts.scored, total: examAttempts.total, negativeMarksLost: examAttempts.negativeMarksLost, pendingEvaluation: examAttempts.pendingEvaluation })
    .from(examAttempts)
    .where(inArray(examAttempts.id, attemptIds))
    .orderBy(asc(examAttempts.id));
  const marks = (await marksOf(t.deps.db, attemptIds)).map((m) => ({
    attemptId: m.attemptId,
    mapId: m.questionTaskMapId,
    marksAwarded: m.marksAwarded,
    status: m.status,
    teacherMarks: m.answer?.teacherMarks ?? null,
  }));
  // Whole (their questions and topics made from their layouts and item arrays), as the dashboards read them.
  const summaries = (await createSummariesRepository(t.deps.db).summariesOf(attemptIds))
    .sort((a, b) => a.attemptId.localeCompare(b.attemptId))
    .map(({ updatedAt: _at, ...row }) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>);
  return { attempts, marks, summaries };
}

/** The same figures worked out from nothing: every attempt scored whole with the versions it now holds. */
async function fromScratch() {
  const exam = t.app.services.exam;
  const attempts = [];
  const marks = [];
  const summaries = [];
  for (const id of [...attemptIds].sort()) {
    const attempt = await exam.anyAttempt(id);
    const bundle = await exam.loadAttemptBundle(attempt);
    const answers = await exam.listAnswers(id);
    const { scores, totals } = scoreAll(bundle, answers);
    attempts.push({ id, scored: totals.scored, total: totals.total, negativeMarksLost: totals.negativeMarksLost, pendingEvaluation: totals.pendingEvaluation });
    const teacherOf = new Map(answers.map((a) => [a.questionTaskMapId, a.teacherMarks]));
    marks.push(
      ...bundle.maps
        .map((m, i) => ({ attemptId: id, mapId: m.mapId, marksAwarded: scores[i]!.marksAwarded, status: scores[i]!.status, teacherMarks: teacherOf.get(m.mapId) ?? null }))
        .sort((a, b) => a.mapId - b.mapId),
    );
    const { isFirstAttempt: _first, layout, ...summary } = { ...summariseAttempt(attempt, bundle, answers), isFirstAttempt: true };
    const questions = questionsOf(summary, layout.questions);
    summaries.push(JSON.parse(JSON.stringify({ ...summary, questions, topics: topicFiguresOf(questions) })) as Record<string, unknown>);
  }
  return { attempts, marks, summaries };
}

/** Ranks by score (ties share the better rank), from the stored totals and from the statistics. */
const ranksOf = (scores: { id: string; scored: number | null }[]) =>
  Object.fromEntries(scores.map((s) => [s.id, 1 + scores.filter((o) => (o.scored ?? 0) > (s.scored ?? 0)).length]));

/** The subject totals the trigger keeps for these students (each sat only this test), by student and subject. */
async function subjectTotals() {
  const owners = (await t.deps.db.select({ userId: examAttempts.userId }).from(examAttempts).where(inArray(examAttempts.id, attemptIds))).map((a) => a.userId);
  const rows = await t.deps.db.select().from(studentSubjectTotals).where(inArray(studentSubjectTotals.userId, owners));
  return Object.fromEntries(rows.map((r) => [`${r.userId}:${r.subject}`, [r.questions, r.correct]]));
}

async function expectFromScratch() {
  const now = await stored();
  const scratch = await fromScratch();
  expect(now.attempts).toEqual(scratch.attempts);
  expect(now.marks).toEqual(scratch.marks);
  expect(now.summaries.map(({ isFirstAttempt: _f, ...s }) => s)).toEqual(scratch.summaries);
  // The first attempts' subject totals (decision 079) add up the summaries' subjects as scored from scratch.
  const totals: Record<string, [number, number]> = {};
  for (const s of scratch.summaries as unknown as { userId: number; subjects: { name: string; questions: number; correct: number }[] }[]) {
    for (const f of s.subjects) totals[`${s.userId}:${f.name}`] = [f.questions, f.correct];
  }
  expect(await subjectTotals()).toEqual(totals);
  const res = await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, teacher);
  expect(res.statusCode, res.body).toBe(200);
  const ranked = Object.fromEntries((res.json().body.students as { userId: number; scored: number; rank: number }[]).map((s) => [s.userId, [s.scored, s.rank]]));
  const owners = new Map((await t.deps.db.select({ id: examAttempts.id, userId: examAttempts.userId }).from(examAttempts).where(inArray(examAttempts.id, attemptIds))).map((a) => [a.id, a.userId]));
  const expected = ranksOf(scratch.attempts);
  expect(ranked).toEqual(Object.fromEntries(scratch.attempts.map((a) => [owners.get(a.id), [a.scored, expected[a.id]]])));
  return now;
}

beforeAll(async () => {
  t = await createTestApp();
  institute = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(institute) });
  const own = { ownerInstituteId: institute.id, ownerClientId: institute.clientId };
  test = await createTestTask(t.deps.db, {
    task: { name: 'Regrade from scratch' },
    sections: [
      {
        name: 'Physics',
        questions: [
          { topicTags: ['Optics'], ...own },
          { questionType: 'multipleChoice', correctAnswerId: [1, 3], marks: 4, negativeMarks: 2, allowsPartialCredit: true, topicTags: ['Waves', 'Sound'], ...own },
        ],
      },
      {
        name: 'Biology',
        questions: [
          { topicTags: ['Cells'], ...own },
          { questionType: 'comprehensive', data: 'Explain osmosis.', solution: 'Water moves to the side with more solute.', options: [], correctAnswerId: null, marks: 5, negativeMarks: 0, topicTags: ['Cells'], ...own },
        ],
      },
    ],
  });
  const asha = await sit([[0, 2], [1, [1, 3]], [2, 2], [3, 'Osmosis is water moving across a membrane.']], 'Asha');
  await sit([[0, 3], [1, [1]], [3, 'Water moves.']], 'Bala');
  await sit([[0, 3], [1, [2]], [2, 1]], 'Chitra');
  await sit([], 'Devi');
  await sit([[1, [3]], [2, 2]], 'Esha');
  // A teacher marks Asha's written answer; Bala's stays waiting for a mark.
  const marked = await post('/api/task/v1/markAnswer', teacher, { attemptId: asha, questionTaskMapID: test.mapIds[3]!, marksAwarded: 3.5, comment: 'Good' });
  expect(marked.statusCode, marked.body).toBe(200);
});
afterAll(async () => t.close());

describe('a set-based regrade', () => {
  it('gives every attempt the marks, totals, summary and rank of a rescore from scratch', async () => {
    const before = await expectFromScratch();
    expect(before.attempts.map((a) => a.pendingEvaluation).filter(Boolean)).toHaveLength(1);

    // The multiple-choice key becomes option 1 alone: partial credit and wrong answers move.
    const mcq = test.sections[0]!.questions[1]!.question;
    expect((await post('/api/question-bank/v1/update', teacher, { questionId: mcq.id, expectedVersion: 1, correctAnswerId: [1], changeNote: 'Key was wrong' })).statusCode).toBe(200);
    const res = await post('/api/question-bank/v1/regrade', teacher, { questionId: mcq.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.attempts).toHaveLength(5);
    const afterMcq = await expectFromScratch();
    expect(afterMcq.attempts).not.toEqual(before.attempts);
    // Only that question's marks moved, and with them the totals: every other question's mark and summary entry is as it was.
    const mcqMap = test.mapIds[1]!;
    const others = (marks: typeof before.marks) => marks.filter((m) => m.mapId !== mcqMap);
    expect(others(afterMcq.marks)).toEqual(others(before.marks));
    const entries = (summaries: typeof before.summaries) => summaries.map((s) => (s.questions as { mapId: number }[]).filter((q) => q.mapId !== mcqMap));
    expect(entries(afterMcq.summaries)).toEqual(entries(before.summaries));
    const markOf = (marks: typeof before.marks, id: string) => marks.find((m) => m.attemptId === id && m.mapId === mcqMap)?.marksAwarded ?? 0;
    for (const [i, attempt] of afterMcq.attempts.entries()) {
      const was = before.attempts[i]!;
      expect(attempt.scored).toBeCloseTo((was.scored ?? 0) - markOf(before.marks, was.id) + markOf(afterMcq.marks, attempt.id), 2);
    }
    expect(afterMcq.marks.filter((m) => m.mapId === mcqMap)).not.toEqual(before.marks.filter((m) => m.mapId === mcqMap));
    // The attempts moved together onto a served set with the new version (no rows of their own written).
    expect(await t.deps.db.select().from(attemptQuestionVersions).where(inArray(attemptQuestionVersions.attemptId, attemptIds))).toEqual([]);
    expect(new Set((await t.deps.db.select({ setId: examAttempts.servedSetId }).from(examAttempts).where(inArray(examAttempts.id, attemptIds))).map((r) => r.setId)).size).toBe(1);

    // The first single choice's key becomes option 3: Bala's changed answer and Chitra's wrong one become right.
    const first = test.sections[0]!.questions[0]!.question;
    expect((await post('/api/question-bank/v1/update', teacher, { questionId: first.id, expectedVersion: 1, correctAnswerId: 3 })).statusCode).toBe(200);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: first.id })).statusCode).toBe(200);
    await expectFromScratch();

    // The written question's model answer changes: the teacher's mark is kept, the unmarked answer still waits.
    const written = test.sections[1]!.questions[1]!.question;
    const edited = await post('/api/question-bank/v1/update', teacher, { questionId: written.id, expectedVersion: 1, solution: 'Water moves across a membrane towards more solute.', lineNumber: 10 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: written.id })).statusCode).toBe(200);
    const afterWritten = await expectFromScratch();
    expect(afterWritten.marks.filter((m) => m.mapId === test.mapIds[3]).map((m) => [m.teacherMarks, m.status])).toEqual(
      expect.arrayContaining([
        [3.5, 'partial'],
        [null, 'pending'],
      ]),
    );
    expect(afterWritten.attempts.map((a) => a.pendingEvaluation).filter(Boolean)).toHaveLength(1);
    expect(afterWritten.attempts.map((a) => a.scored)).not.toContain(null);
    expect((await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptIds[0]!)))[0]!.scored).toBe(afterWritten.attempts.find((a) => a.id === attemptIds[0])!.scored);
  });
});
