import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../../test/test-app.js';
import { createTestApp } from '../../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { users } from '../../../db/schema/index.js';
import { createStaffReportsRepository } from './reports.staff.repository.js';
import { createEquatingRepository } from './reports.staff.equating.repository.js';
import { createStaffReportsService } from './reports.staff.service.js';

/**
 * The Exam Report's statistics are kept once computed (decision 058): after a close, a regrade or
 * a renamed student they must be what a computation from nothing gives. One test of three kinds:
 * single choice +4/−1, multiple choice +4/−2 with partial credit, and a second single choice that
 * most leave unanswered.
 */
let t: TestApp;
let institute: TestInstitute;
let teacher: TestUser;
let test: BuiltTest;
const { get, post } = jsonCalls(() => t);

type Plan = Array<[number, unknown]>;

async function sit(plan: Plan, firstName: string): Promise<TestUser> {
  const student = await t.createUser({ role: 'Student', firstName, lastName: 'S', ...placeIn(institute, 0, 0) });
  const session = await startAttempt(t, student, test);
  const answers = plan.map(([index, answerID]) => ({
    questionTaskMapID: test.mapIds[index]!,
    questionType: index === 1 ? 'multipleChoice' : 'singleChoice',
    answerID,
    timeSpent: 5,
    seq: 1,
  }));
  if (answers.length) expect((await saveAnswers(t, student, session.TestSessionID, answers)).statusCode).toBe(200);
  expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
  return student;
}

/** The same call through a service made now, with nothing kept: the figures from scratch. */
async function fromScratch(user: TestUser) {
  const s = t.app.services;
  const service = createStaffReportsService({
    repo: createStaffReportsRepository(t.deps.db),
    equating: createEquatingRepository(t.deps.db),
    clock: t.clock,
    academy: s.academy,
    exam: s.exam,
    schedules: s.schedules,
    userNames: (ids) => s.auth.userNames(ids),
    scopesOf: (ids) => s.auth.scopesOf(ids),
  });
  // Through JSON, as the API sends it.
  return JSON.parse(JSON.stringify(await service.examStatistics(await s.auth.resolveToken(user.token), { taskId: test.task.id })));
}

const statistics = async () => {
  const res = await get(`/api/reports/v1/examStatistics?taskId=${test.task.id}`, teacher);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body;
};

beforeAll(async () => {
  t = await createTestApp();
  institute = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(institute) });
  test = await createTestTask(t.deps.db, {
    task: { name: 'Mixed kinds' },
    sections: [
      {
        name: 'Physics',
        questions: [
          { topicTags: ['Optics'] },
          // The institute's own question: its teacher may change the key and regrade.
          { questionType: 'multipleChoice', correctAnswerId: [1, 3], marks: 4, negativeMarks: 2, allowsPartialCredit: true, topicTags: ['Waves'], ownerInstituteId: institute.id, ownerClientId: institute.clientId },
        ],
      },
      { name: 'Biology', questions: [{ topicTags: ['Cells'] }] },
    ],
  });
  await sit([[0, 2], [1, [1, 3]], [2, 2]], 'Asha'); // 4 + 4 + 4
  await sit([[0, 2], [1, [1]]], 'Bala'); // 4 + partial + unanswered
  await sit([[0, 3], [1, [2]]], 'Chitra'); // −1 − 2
  await sit([], 'Devi'); // nothing
});
afterAll(async () => t.close());

describe('exam statistics kept between calls', () => {
  it('equal a computation from scratch, with partial credit, negative marks and unanswered questions', async () => {
    const first = await statistics();
    expect(first.items.map((i: { counts: object }) => i.counts)).toEqual([
      { correct: 2, partial: 0, wrong: 1, unanswered: 1, pending: 0 },
      { correct: 1, partial: 1, wrong: 1, unanswered: 1, pending: 0 },
      { correct: 1, partial: 0, wrong: 0, unanswered: 3, pending: 0 },
    ]);
    expect(first.students.map((s: { scored: number }) => s.scored)).toEqual([12, 6, 0, -3]);
    expect(first).toEqual(await fromScratch(teacher));
    // Asked again: the same figures.
    expect(await statistics()).toEqual(first);
  });

  it('follow a new close, a renamed student and a regrade at once', async () => {
    const before = await statistics();
    // A new attempt closes: five students, Esha first-equal with Asha.
    await sit([[0, 2], [1, [1, 3]], [2, 2]], 'Esha');
    const afterClose = await statistics();
    expect(afterClose.attempts).toBe(5);
    expect(afterClose.students.slice(0, 2).map((s: { displayName: string; rank: number }) => [s.displayName, s.rank])).toEqual([
      ['Asha S', 1],
      ['Esha S', 1],
    ]);
    expect(afterClose).toEqual(await fromScratch(teacher));
    expect(afterClose.items[2].facility).not.toBe(before.items[2].facility);

    // A renamed student: the results sheet shows the new name.
    const devi = afterClose.students.find((s: { displayName: string }) => s.displayName === 'Devi S');
    await t.deps.db.update(users).set({ firstName: 'Deepa' }).where(eq(users.id, devi.userId));

    // The multiple-choice key changes to option 1 alone and the question is regraded: Bala's partial
    // becomes correct, Asha and Esha's [1, 3] wrong; the ranks follow.
    const mcq = test.sections[0]!.questions[1]!.question;
    const edited = await post('/api/question-bank/v1/update', teacher, { questionId: mcq.id, expectedVersion: 1, correctAnswerId: [1], changeNote: 'Key was wrong' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: mcq.id })).statusCode).toBe(200);
    const afterRegrade = await statistics();
    expect(afterRegrade.items[1].counts).toEqual({ correct: 1, partial: 0, wrong: 3, unanswered: 1, pending: 0 });
    expect(afterRegrade.students.map((s: { displayName: string; scored: number; rank: number }) => [s.displayName, s.scored, s.rank])).toEqual([
      ['Bala S', 8, 1],
      ['Asha S', 6, 2],
      ['Esha S', 6, 2],
      ['Deepa S', 0, 4],
      ['Chitra S', -3, 5],
    ]);
    expect(afterRegrade).toEqual(await fromScratch(teacher));
  });
});
