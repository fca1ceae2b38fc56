import type { ChallengeList, Thread } from '@app/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { createQuestion, createTestTask, createTopic, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { jsonCalls } from '../../../test/exam-fixtures.js';
import { examAttempts, keyChallenges, taskQuestions, taskSections } from '../../db/schema/index.js';
import { scoreAll } from '../grading/grading.scoring.js';

/**
 * Challenges of questions a draw section served (decision 067 with random draws): such a question
 * is a placement of the attempts that drew it, not of the test, and staff see and decide it as they
 * do the test's own. Institute A owns a test of one picked question and a section drawing two of
 * three bank questions (+4/−1, key: option 2) per attempt; its students answer option 1 to every
 * drawn question. Institute B's teacher stands for "another institute".
 */
let t: TestApp;
let a: TestInstitute;
let b: TestInstitute;
let teacher: TestUser;
let teacherB: TestUser;
let test: BuiltTest;
const { get, post } = jsonCalls(() => t);
const sat: { name: string; student: TestUser; attemptId: string; drawn: number[] }[] = [];
/** A drawn question some attempts were served and others not, and a student served it. */
let challenged: number;
let challenger: TestUser;
/** The challenged question's number in the challenger's report: after the picked one, where their draw put it. */
let challengerNumber: number;

const ref = () => ({ taskId: test.task.id, questionTaskMapID: challenged });
const threadQuery = (mapId: number) => `/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${mapId}`;
const listOf = async (user: TestUser): Promise<ChallengeList> => {
  const res = await get(`/api/challenges/v1/list?taskId=${test.task.id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as ChallengeList;
};

/** Stored scores of the attempts, each checked against the attempt scored again from nothing at the versions it now holds. */
async function scores(): Promise<Map<string, number | null>> {
  const ids = sat.map((s) => s.attemptId);
  const stored = await t.deps.db
    .select({ id: examAttempts.id, scored: examAttempts.scored, total: examAttempts.total })
    .from(examAttempts)
    .where(inArray(examAttempts.id, ids))
    .orderBy(asc(examAttempts.id));
  const exam = t.app.services.exam;
  const scratch = [];
  for (const id of [...ids].sort()) {
    const { totals } = scoreAll(await exam.loadAttemptBundle(await exam.anyAttempt(id)), await exam.listAnswers(id));
    scratch.push({ id, scored: totals.scored, total: totals.total });
  }
  expect(stored).toEqual(scratch);
  return new Map(stored.map((s) => [s.id, s.scored]));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createInstitute(t);
  b = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', firstName: 'Tara', lastName: 'T', ...placeIn(a) });
  teacherB = await t.createUser({ role: 'SchoolTeacher', ...placeIn(b) });
  const own = { ownerInstituteId: a.id, ownerClientId: a.clientId };
  test = await createTestTask(t.deps.db, {
    task: { name: 'Drawn challenge test', ...own },
    sections: [{ name: 'Picked', questions: [{ ...own }] }, { name: 'Drawn', questions: [] }],
  });
  const topic = await createTopic(t.deps.db, test.course.id, { name: 'Optics' });
  for (let i = 0; i < 3; i++) await createQuestion(t.deps.db, { ...own, topicIds: [topic.id], correctAnswerId: 2 });
  await t.deps.db
    .update(taskSections)
    .set({ questionSource: 'draw', drawRule: { count: 2, topicIds: [topic.id], difficulties: [], marks: 4, negativeMarks: 1 } })
    .where(eq(taskSections.id, test.sections[1]!.id));
  // Students sit it until one drawn question was served to some attempts and not to others.
  const partlyServed = () => {
    const counts = new Map<number, number>();
    for (const s of sat) for (const id of s.drawn) counts.set(id, (counts.get(id) ?? 0) + 1);
    return [...counts].find(([, n]) => n < sat.length)?.[0];
  };
  for (let i = 0; (i < 2 || partlyServed() === undefined) && i < 12; i++) {
    const name = `Student${i}`;
    const student = await t.createUser({ role: 'Student', firstName: name, lastName: 'S', ...placeIn(a, 0, 0) });
    const session = await startAttempt(t, student, test);
    const drawn = session.section[1]!.question.map((q) => q.questionTaskMapID);
    expect(drawn).toHaveLength(2);
    const answers = [test.mapIds[0]!, ...drawn].map((id, j) => ({ questionTaskMapID: id, questionType: 'singleChoice', answerID: j === 0 ? 2 : 1, timeSpent: 5, seq: 1 }));
    expect((await saveAnswers(t, student, session.TestSessionID, answers)).statusCode).toBe(200);
    expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
    sat.push({ name, student, attemptId: session.TestSessionID, drawn });
  }
  challenged = partlyServed()!;
  expect(challenged).toBeDefined();
  // One who was served it second in their draw when there is one: the test's own order numbers it otherwise.
  const first = sat.find((s) => s.drawn.indexOf(challenged) === 1) ?? sat.find((s) => s.drawn.includes(challenged))!;
  challenger = first.student;
  challengerNumber = 2 + first.drawn.indexOf(challenged);
  // The challenged question is a drawn placement, not one of the test's own.
  const [placement] = await t.deps.db.select().from(taskQuestions).where(eq(taskQuestions.id, challenged));
  expect(placement).toMatchObject({ taskId: test.task.id, isDrawn: true });
});
afterAll(async () => t.close());

describe('a challenge of a drawn question', () => {
  it('is taken from a student served it and listed to staff with its item statistics', async () => {
    const res = await post('/api/challenges/v1/challenge', challenger, { ...ref(), reason: 'Option 1 is right: the figure says so.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ ...ref(), status: 'open' });
    // A student not served it cannot challenge it.
    const notServed = sat.find((s) => !s.drawn.includes(challenged))!.student;
    expect((await post('/api/challenges/v1/challenge', notServed, { ...ref(), reason: 'Option 1 is right: the figure says so.' })).statusCode).toBe(404);

    const list = await listOf(teacher);
    expect(list.testName).toBe('Drawn challenge test');
    expect(list.questions.map((x) => x.questionTaskMapID)).toEqual([challenged]);
    const item = list.questions[0]!;
    const served = sat.filter((s) => s.drawn.includes(challenged)).length;
    expect(item).toMatchObject({ openCount: 1, award: 'key' });
    expect(item.challenges.map((c) => c.status)).toEqual(['open']);
    expect(item.options.filter((o) => o.isKey).map((o) => o.answerId)).toEqual([2]);
    expect(item.stats?.attempts).toBe(served);
    expect(item.stats?.chosen.find((c) => c.answerId === 1)?.count).toBe(served);
  });

  it('has a thread staff read, write and moderate; another institute’s teacher reaches none of it', async () => {
    const asked = await post('/api/challenges/v1/post', challenger, { ...ref(), text: 'Why option 2?', language: 'en' });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = await post('/api/challenges/v1/post', teacher, { ...ref(), text: 'Read the figure’s caption.', language: 'en' });
    expect(answer.statusCode, answer.body).toBe(200);
    const pinned = await post('/api/challenges/v1/pinPost', teacher, { postId: answer.json().body.id, pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const staffView = await get(threadQuery(challenged), teacher);
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect((staffView.json().body as Thread).posts.map((p) => [p.text, p.isPinned])).toEqual([
      ['Read the figure’s caption.', true],
      ['Why option 2?', false],
    ]);
    const studentView = await get(threadQuery(challenged), challenger);
    expect((studentView.json().body as Thread).posts.map((p) => p.text)).toEqual(['Read the figure’s caption.', 'Why option 2?']);

    const postId = asked.json().body.id as number;
    expect((await get(threadQuery(challenged), teacherB)).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/post', teacherB, { ...ref(), text: 'Hello', language: 'en' })).statusCode).toBe(404);
    expect((await get(`/api/challenges/v1/list?taskId=${test.task.id}`, teacherB)).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/hidePost', teacherB, { postId, reason: 'Off topic' })).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/pinPost', teacherB, { postId, pinned: false })).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/decide', teacherB, { ...ref(), decision: 'bonus', note: 'Everyone gets it' })).statusCode).toBe(404);
    // A drawn placement of another test is not a question of this one.
    const other = await createTestTask(t.deps.db, { task: { ownerInstituteId: a.id, ownerClientId: a.clientId }, sections: [{ questions: [{}] }] });
    expect((await get(`/api/challenges/v1/thread?taskId=${other.task.id}&questionTaskMapID=${challenged}`, teacher)).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/decide', teacher, { taskId: other.task.id, questionTaskMapID: challenged, decision: 'bonus', note: 'x' })).statusCode).toBe(404);

    const hidden = await post('/api/challenges/v1/hidePost', teacher, { postId, reason: 'Asked already' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(((await get(threadQuery(challenged), challenger)).json().body as Thread).posts.map((p) => p.id)).not.toContain(postId);
  });

  it('is decided (a bonus) by staff, regrading exactly the attempts served it and closing the challenge', async () => {
    const before = await scores();
    const bad = await post('/api/challenges/v1/decide', teacher, { ...ref(), decision: 'change', answerIds: [9], note: 'Option 9' });
    expect(bad.statusCode).toBe(400);
    expect(await scores()).toEqual(before);

    const res = await post('/api/challenges/v1/decide', teacher, { ...ref(), decision: 'bonus', note: 'The figure was misprinted.' });
    expect(res.statusCode, res.body).toBe(200);
    const served = sat.filter((s) => s.drawn.includes(challenged));
    expect(res.json().body).toMatchObject({ decision: 'bonus', challengesClosed: 1, attemptsRegraded: served.length, toVersion: 2 });
    const after = await scores();
    // Option 1 lost a mark on the drawn question; the bonus gives its 4 marks to those served it, and nobody else.
    for (const s of sat) expect(after.get(s.attemptId), s.name).toBe(before.get(s.attemptId)! + (s.drawn.includes(challenged) ? 5 : 0));

    // The challenger is told of it by the number their own report gives the question.
    const mails = fs.readdirSync(t.outboxDir).filter((name) => name.includes(challenger.email.replace(/[^a-zA-Z0-9@._-]/g, '_')));
    expect(mails).toHaveLength(1);
    expect(fs.readFileSync(path.join(t.outboxDir, mails[0]!), 'utf8')).toContain(`Subject: Your challenge: Drawn challenge test, question ${challengerNumber}`);
    const mine = ((await get(threadQuery(challenged), challenger)).json().body as Thread).myChallenge;
    expect(mine).toMatchObject({ status: 'bonus', decisionNote: 'The figure was misprinted.' });
    const [row] = await t.deps.db.select().from(keyChallenges).where(eq(keyChallenges.questionTaskMapId, challenged));
    expect(row!.status).toBe('bonus');
    const item = (await listOf(teacher)).questions[0]!;
    expect(item).toMatchObject({ questionTaskMapID: challenged, award: 'bonus', openCount: 0 });
    expect(item.decisions.map((d) => [d.decision, d.attemptsRegraded])).toEqual([['bonus', served.length]]);
  });
});
