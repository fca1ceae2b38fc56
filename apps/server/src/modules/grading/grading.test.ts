import { gradingRoutes, type StartRunBody } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAnswers } from '../../db/schema/index.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { actorOf, createExamTestApp, expectAccessMatrix, jsonCalls, secretQuestions } from '../../../test/exam-fixtures.js';
import type { Executor } from '../runner/runner.executor.js';
import { createRunnerRepository } from '../runner/runner.repository.js';
import { createRunnerService, type EvaluatedScoreSink } from '../runner/runner.service.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

describe('comprehensive answers: teacher marking', () => {
  it('keeps the attempt pending until a teacher marks it, then rescores', async () => {
    const test = await createTestTask(t.deps.db, {
      sections: [{ questions: [{}, { questionType: 'comprehensive', data: 'Explain osmosis.', options: [], correctAnswerId: null, lineNumber: 5, marks: 5, negativeMarks: 0 }] }],
    });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    await saveAnswers(t, me, s.TestSessionID, [
      { questionTaskMapID: test.mapIds[0]!, questionType: 'singleChoice', answerID: 2, seq: 1 },
      { questionTaskMapID: test.mapIds[1]!, questionType: 'comprehensive', answerID: 'text', answerData: 'Water moves across a membrane.', seq: 1 },
    ]);
    const result = await submitTest(t, me, s.TestSessionID, test.task.id);
    expect(result.json().body).toMatchObject({ scored: 4, total: 9, pendingEvaluation: true });
    const pending = await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, teacher);
    expect(pending.json().body).toEqual([expect.objectContaining({ attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1], answerData: 'Water moves across a membrane.' })]);
    expect((await post('/api/task/v1/markAnswer', teacher, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1], marksAwarded: 6 })).statusCode).toBe(422);
    expect((await post('/api/task/v1/markAnswer', teacher, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[0], marksAwarded: 1 })).statusCode).toBe(422);
    expect((await post('/api/task/v1/markAnswer', me, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1], marksAwarded: 5 })).statusCode).toBe(403);
    expect((await post('/api/task/v1/markAnswer', teacher, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1] })).statusCode).toBe(400);
    const marked = await post('/api/task/v1/markAnswer', teacher, { attemptId: s.TestSessionID, questionTaskMapID: test.mapIds[1], marksAwarded: 3.5 });
    expect(marked.json().body).toMatchObject({ scored: 7.5, pendingEvaluation: false });
    expect((await get(`/api/task/v1/pendingEvaluations?taskId=${test.task.id}`, teacher)).json().body).toEqual([]);
  });
});

describe('recordEvaluatedAnswer: the one entry for evaluated scores', () => {
  const programming = secretQuestions[2] as never;
  const sourceAnswer = { sourceCode: 'print(sum(map(int,input().split())))', programmingLanguageMasterID: 'Python' };

  it('stores the evaluated answer of the actor’s open attempt; submit scores it', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [programming, {}] }] });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const grading = t.app.services.grading;
    const actor = actorOf(me);
    const questionId = test.sections[0]!.questions[0]!.question.id;
    await grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId, answerData: sourceAnswer, scoreFraction: 1 });
    await expect(grading.recordEvaluatedAnswer({ ...actor, userId: other.id }, { attemptId: s.TestSessionID, questionId, answerData: null, scoreFraction: 1 })).rejects.toMatchObject({ statusCode: 404 });
    const [row] = (await t.deps.db.select().from(examAnswers)).filter((a) => a.attemptId === s.TestSessionID);
    expect(row).toMatchObject({ questionTaskMapId: test.mapIds[0], evaluatedFraction: 1, answerData: sourceAnswer });
    const result = await submitTest(t, me, s.TestSessionID, test.task.id);
    expect(result.json().body).toMatchObject({ scored: 10, total: 14 });
    // A submitted attempt takes no more scores.
    await expect(grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId, answerData: sourceAnswer, scoreFraction: 0 })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('refuses a question that is not evaluated or not in the test, and clamps the score to 0–1', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [programming, {}] }] });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const grading = t.app.services.grading;
    const actor = actorOf(me);
    const choiceId = test.sections[0]!.questions[1]!.question.id;
    await expect(grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId: choiceId, answerData: null, scoreFraction: 1 })).rejects.toMatchObject({
      def: { code: 'EXAM_QUESTION_TYPE_MISMATCH' },
    });
    await expect(grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId: 99999999, answerData: null, scoreFraction: 1 })).rejects.toMatchObject({
      def: { code: 'EXAM_QUESTION_NOT_IN_TEST' },
    });
    const questionId = test.sections[0]!.questions[0]!.question.id;
    await grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId, answerData: sourceAnswer, scoreFraction: 7 });
    const fraction = async () => (await t.deps.db.select().from(examAnswers)).find((a) => a.attemptId === s.TestSessionID)?.evaluatedFraction;
    expect(await fraction()).toBe(1);
    await grading.recordEvaluatedAnswer(actor, { attemptId: s.TestSessionID, questionId, answerData: sourceAnswer, scoreFraction: Number.NaN });
    expect(await fraction()).toBe(0);
  });

  it('refuses a question outside the active section (section-wise timing)', async () => {
    const test = await createTestTask(t.deps.db, {
      task: { sectionWiseTimer: true },
      sections: [
        { durationMinutes: 10, questions: [{}] },
        { durationMinutes: 10, questions: [programming] },
      ],
    });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const questionId = test.sections[1]!.questions[0]!.question.id;
    await expect(t.app.services.grading.recordEvaluatedAnswer(actorOf(me), { attemptId: s.TestSessionID, questionId, answerData: sourceAnswer, scoreFraction: 1 })).rejects.toMatchObject({
      def: { code: 'EXAM_SECTION_CLOSED' },
    });
  });

  it('is what the code runner calls with a submission’s share of passed cases', async () => {
    const test = await createTestTask(t.deps.db, { sections: [{ questions: [programming, {}] }] });
    const me = await t.createUser({ role: 'Student' });
    const s = await startAttempt(t, me, test);
    const questionId = test.sections[0]!.questions[0]!.question.id;
    // A judge that passes every case: the seam, not the sandbox, is under test here.
    const judge: Executor = {
      backend: 'local',
      capacity: 1,
      start: async () => undefined,
      languages: () => ['Python'],
      execute: async (job) => ({
        verdict: 'AC',
        compileOutput: '',
        cases: job.cases.map(() => ({ verdict: 'AC' as const, passed: true, timeMs: 1, memoryKb: 1, stdout: '42', stderr: '' })),
      }),
      stop: async () => undefined,
    };
    const calls: Parameters<EvaluatedScoreSink['recordEvaluatedAnswer']>[] = [];
    const sink: EvaluatedScoreSink = {
      recordEvaluatedAnswer: async (...args) => {
        calls.push(args);
        return t.app.services.grading.recordEvaluatedAnswer(...args);
      },
    };
    const repo = createRunnerRepository(t.deps.db);
    const runner = createRunnerService({ repo, clock: t.clock, executor: judge, questions: () => t.app.services.exam, grading: () => sink, soleWorker: true, autoStart: false });
    try {
      await runner.start();
      const body: StartRunBody = { taskID: test.task.id, questionID: questionId, languageID: 'Python', sourceCode: 'print(42)', type: 'submit', TestSessionID: s.TestSessionID };
      const { runID } = await runner.startRun(actorOf(me), body);
      const deadline = Date.now() + 20_000;
      while ((await repo.get(runID))!.status === 'PE' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect((await repo.get(runID))!.status).toBe('AC');
    } finally {
      await runner.stop();
    }
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ userId: me.id });
    expect(calls[0]![1]).toMatchObject({ attemptId: s.TestSessionID, questionId, scoreFraction: 1, answerData: { sourceCode: 'print(42)', programmingLanguageMasterID: 'Python' } });
    const result = await submitTest(t, me, s.TestSessionID, test.task.id);
    expect(result.json().body).toMatchObject({ scored: 10, total: 14 });
  });
});

describe('access matrix (every grading call)', () => {
  it('answers 401 without a token, 403 for the wrong role, 400 for missing input, 404 for unknown records', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    await expectAccessMatrix(t, gradingRoutes, { student, teacher, parent }, {
      samples: {
        listPendingEvaluations: {},
        markAnswer: { body: { attemptId: 'x', questionTaskMapID: 999999, marksAwarded: 1 } },
        revealCandidate: { body: { attemptId: 'x' } },
      },
      needsNoInput: ['listPendingEvaluations'],
    });
    // An unknown attempt is "not found".
    expect((await post('/api/task/v1/markAnswer', teacher, { attemptId: 'nope', questionTaskMapID: 1, marksAwarded: 1 })).statusCode).toBe(404);
  });
});
