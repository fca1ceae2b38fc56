import { notebookRoutes, type NotebookCard, type NotebookPage } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../test/factories/scope.js';
import { createExamTestApp, expectAccessMatrix, jsonCalls } from '../../../test/exam-fixtures.js';
import { notebookCards } from '../../db/schema/index.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

interface Save {
  qtm: number;
  answerID: number | null;
  seq: number;
  timeSpent?: number;
  isMarked?: boolean;
}

async function save(user: TestUser, attemptId: string, items: Save[]) {
  const data = items.map((i) => ({
    questionTaskMapID: i.qtm,
    questionType: 'singleChoice',
    answerID: i.answerID,
    timeSpent: i.timeSpent ?? 30,
    seq: i.seq,
    isMarked: i.isMarked ?? false,
  }));
  const res = await post('/api/task/v1/saveAnswer', user, { TestSessionID: attemptId, data });
  expect(res.statusCode, res.body).toBe(200);
}

/** Physics (two Optics questions) and Biology (a Genetics question and one more); option 2 is right. */
function createNotebookTest(task: Partial<BuiltTest['task']> = {}) {
  return createTestTask(t.deps.db, {
    task,
    sections: [
      {
        name: 'Physics',
        questions: [{ topicTags: ['Optics'], explanation: '<p>Snell says so</p>' }, { topicTags: ['Optics'] }],
      },
      { name: 'Biology', questions: [{ topicTags: ['Genetics'] }, { topicTags: ['Genetics'] }] },
    ],
  });
}

/** The student gets p1 wrong, changes p2 to the right answer, marks b1 without answering it and gets b2 right. */
async function takeTest(user: TestUser, test: BuiltTest): Promise<string> {
  const [p1, p2, b1, b2] = test.mapIds as [number, number, number, number];
  const s = await startAttempt(t, user, test);
  t.clock.advance(60_000);
  await save(user, s.TestSessionID, [
    { qtm: p1, answerID: 3, seq: 1, timeSpent: 40 },
    { qtm: p2, answerID: 3, seq: 1 },
    { qtm: b1, answerID: null, seq: 1, isMarked: true },
    { qtm: b2, answerID: 2, seq: 1 },
  ]);
  await save(user, s.TestSessionID, [{ qtm: p2, answerID: 2, seq: 2, timeSpent: 50 }]);
  t.clock.advance(60_000);
  expect((await submitTest(t, user, s.TestSessionID, test.task.id)).statusCode).toBe(200);
  return s.TestSessionID;
}

const cardsOf = async (user: TestUser, query = ''): Promise<NotebookPage> => {
  const res = await get(`/api/notebook/v1/cards${query ? `?${query}` : ''}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as NotebookPage;
};

describe('the mistake notebook', () => {
  let test: BuiltTest;
  let me: TestUser;
  let attemptId: string;

  beforeAll(async () => {
    test = await createNotebookTest({ attemptsAllowed: 2 });
    me = await t.createUser({ role: 'Student' });
    // Nothing before the test is submitted: an open attempt makes no cards.
    const s = await startAttempt(t, me, test);
    // Time the server can credit (it caps a question's time at the attempt's elapsed time).
    t.clock.advance(60_000);
    await save(me, s.TestSessionID, [{ qtm: test.mapIds[0]!, answerID: 3, seq: 1 }]);
    expect((await cardsOf(me)).total).toBe(0);
    await submitTest(t, me, s.TestSessionID, test.task.id);
    attemptId = s.TestSessionID;
  });

  it('makes a card of each wrong, guessed or marked question of a submitted attempt, once', async () => {
    const second = await takeTest(me, test);
    const page = await cardsOf(me, `taskId=${test.task.id}`);
    const [p1, p2, b1] = test.mapIds as [number, number, number, number];
    // The first attempt got p1 wrong; the second p1 wrong, p2 changed and b1 marked. b2 was right from the start.
    expect(page.total).toBe(4);
    const ofSecond = page.cards.filter((c) => c.attemptId === second);
    expect(Object.fromEntries(ofSecond.map((c) => [c.questionTaskMapID, c.reasons]))).toEqual({
      [p1]: ['wrong'],
      [p2]: ['guessed'],
      [b1]: ['marked'],
    });
    const p2Card = ofSecond.find((c) => c.questionTaskMapID === p2)!;
    expect(p2Card).toMatchObject({
      subject: 'Physics',
      topics: ['Optics'],
      suggestedErrorType: 'guessed',
      errorType: 'guessed',
      answerChanges: 1,
      timeSpent: 50,
      note: '',
      testName: test.task.name,
    });
    // Reading again makes nothing new.
    expect((await cardsOf(me, `taskId=${test.task.id}`)).total).toBe(4);
    expect(await t.deps.db.select().from(notebookCards).where(eq(notebookCards.attemptId, second))).toHaveLength(3);
  });

  it('shows the question with the student’s answer, and the key and explanation as the feedback report does', async () => {
    const page = await cardsOf(me, `taskId=${test.task.id}&subject=Physics`);
    const card = page.cards.find((c) => c.attemptId === attemptId)!;
    expect(card.keyReleased).toBe(true);
    expect(card.question).toMatchObject({
      questionTaskMapID: test.mapIds[0],
      answerID: 3,
      correctAnswerID: 2,
      explanation: '<p>Snell says so</p>',
      status: 'wrong',
    });
  });

  it('filters by subject, topic, test and error type, and pages', async () => {
    expect((await cardsOf(me, `taskId=${test.task.id}&subject=Biology`)).cards.map((c) => c.reasons)).toEqual([
      ['marked'],
    ]);
    expect((await cardsOf(me, `taskId=${test.task.id}&topic=Optics`)).total).toBe(3);
    expect((await cardsOf(me, `taskId=${test.task.id}&topic=Genetics&subject=Physics`)).total).toBe(0);
    expect(
      (await cardsOf(me, `taskId=${test.task.id}&errorType=guessed`)).cards.map((c) => c.questionTaskMapID),
    ).toEqual([test.mapIds[1]]);
    const first = await cardsOf(me, `taskId=${test.task.id}&pageSize=3`);
    const second = await cardsOf(me, `taskId=${test.task.id}&pageSize=3&page=2`);
    expect([first.cards.length, second.cards.length, first.total]).toEqual([3, 1, 4]);
    expect(new Set([...first.cards, ...second.cards].map((c) => c.id)).size).toBe(4);
    const all = await cardsOf(me);
    expect(all.filters.subjects).toEqual(['Biology', 'Physics']);
    expect(all.filters.topics).toEqual(['Genetics', 'Optics']);
    expect(all.filters.tests).toEqual([{ taskId: test.task.id, name: test.task.name }]);
  });

  it('lets the student change the error type and keep a note, as plain text without control characters', async () => {
    const card = (await cardsOf(me, `taskId=${test.task.id}&subject=Biology`)).cards[0]!;
    const res = await post('/api/notebook/v1/updateCard', me, {
      id: card.id,
      errorType: 'misread',
      note: '  <b>Read</b> the\u0007 question twice  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({
      id: card.id,
      errorType: 'misread',
      suggestedErrorType: card.suggestedErrorType,
      note: '<b>Read</b> the question twice',
    });
    expect((await cardsOf(me, `errorType=misread`)).cards.map((c) => c.id)).toEqual([card.id]);
    const noteOnly = await post('/api/notebook/v1/updateCard', me, { id: card.id, note: '' });
    expect(noteOnly.json().body).toMatchObject({ errorType: 'misread', note: '' });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const card = (await cardsOf(me, `taskId=${test.task.id}&subject=Biology`)).cards[0]!;
    const before = await t.deps.db.select().from(notebookCards).where(eq(notebookCards.id, card.id));
    for (const body of [
      { id: card.id, errorType: 'lazy' },
      { id: card.id, note: 'x'.repeat(2001) },
      { id: card.id },
      { id: 'abc', note: 'x' },
      { id: card.id, note: 42 },
    ]) {
      const res = await post('/api/notebook/v1/updateCard', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: false });
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(
      (await post('/api/notebook/v1/updateCard', me, { id: card.id, note: 'x'.repeat(2001) })).json().message,
    ).toContain('2000');
    expect(await t.deps.db.select().from(notebookCards).where(eq(notebookCards.id, card.id))).toEqual(before);
    for (const query of ['page=0', 'pageSize=51', 'errorType=lazy', 'taskId=-1', `topic=${'x'.repeat(201)}`]) {
      expect((await get(`/api/notebook/v1/cards?${query}`, me)).statusCode, query).toBe(400);
    }
  });

  it('keeps a question on purpose (a bookmark from the test), and adds the reason to an existing card', async () => {
    const b2 = test.mapIds[3]!;
    const res = await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: b2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ questionTaskMapID: b2, reasons: ['bookmarked'], subject: 'Biology' });
    const p1 = test.mapIds[0]!;
    expect(
      (await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p1 })).json().body.reasons,
    ).toEqual(['wrong', 'bookmarked']);
    expect(
      (await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p1 })).json().body.reasons,
    ).toEqual(['wrong', 'bookmarked']);
    expect((await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: 999_999 })).statusCode).toBe(
      404,
    );
  });

  it('is the student’s own: another student, in this institute or another, finds neither the cards nor the attempt', async () => {
    const card = (await cardsOf(me, `taskId=${test.task.id}`)).cards[0]!;
    const elsewhere = await t.createUser({
      role: 'SchoolStudent',
      ...placeIn(await createInstitute(t, { isSchool: true }), 0),
    });
    for (const stranger of [other, elsewhere]) {
      expect((await cardsOf(stranger)).cards.map((c) => c.id)).not.toContain(card.id);
      const update = await post('/api/notebook/v1/updateCard', stranger, { id: card.id, note: 'mine now' });
      expect(update.statusCode).toBe(404);
      expect(update.json().message).toBe('No card with this id was found in your notebook.');
      expect(
        (await post('/api/notebook/v1/addCard', stranger, { attemptId, questionTaskMapID: test.mapIds[0] })).statusCode,
      ).toBe(404);
    }
    expect((await t.deps.db.select().from(notebookCards).where(eq(notebookCards.id, card.id)))[0]!.note).not.toBe(
      'mine now',
    );
  });

  it('gives staff and parents no access, and nobody without a token', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    // The review routes have their own matrix (notebook.review.test.ts).
    const { listCards, updateCard, addCard } = notebookRoutes;
    await expectAccessMatrix(
      t,
      { listCards, updateCard, addCard },
      { student, teacher, parent },
      {
        samples: {
          listCards: {},
          updateCard: { body: { id: 999_999, note: 'x' } },
          addCard: { body: { attemptId: 'no-such-attempt', questionTaskMapID: 1 } },
        },
        needsNoInput: ['listCards'],
      },
    );
  });
});

describe('the answer-release rule', () => {
  it('holds back the key and explanation while the test keeps its answers', async () => {
    const test = await createNotebookTest({ showAnswers: 'never' });
    const me = await t.createUser({ role: 'Student' });
    await takeTest(me, test);
    const res = await get(`/api/notebook/v1/cards?taskId=${test.task.id}`, me);
    const cards = res.json().body.cards as NotebookCard[];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.keyReleased).toBe(false);
      expect(card.question).toMatchObject({
        correctAnswerID: null,
        correctAnswerData: null,
        explanation: null,
        solution: null,
      });
    }
    expect(res.body).not.toContain('Snell says so');
    expect(cards.find((c) => c.questionTaskMapID === test.mapIds[0])!.question!.answerID).toBe(3);
  });
});
