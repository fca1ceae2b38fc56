import { notebookRoutes, type NotebookCard, type NotebookPage, type ReviewQueue } from '@app/contracts';
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
  mapId: number;
  answerID: number | null;
  seq: number;
  timeSpent?: number;
  isMarked?: boolean;
}

async function save(user: TestUser, attemptId: string, items: Save[]) {
  const data = items.map((i) => ({
    questionTaskMapID: i.mapId,
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
    { mapId: p1, answerID: 3, seq: 1, timeSpent: 40 },
    { mapId: p2, answerID: 3, seq: 1 },
    { mapId: b1, answerID: null, seq: 1, isMarked: true },
    { mapId: b2, answerID: 2, seq: 1 },
  ]);
  await save(user, s.TestSessionID, [{ mapId: p2, answerID: 2, seq: 2, timeSpent: 50 }]);
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
    await save(me, s.TestSessionID, [{ mapId: test.mapIds[0]!, answerID: 3, seq: 1 }]);
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

  it('takes a kept question back: a card only kept goes, a mistake stays without the keep', async () => {
    const [p1, , , b2] = test.mapIds as [number, number, number, number];
    const other = test.mapIds[1]!;
    await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: b2 });
    await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p1 });
    const kept = await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, me);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().body).toEqual({ attemptId, questionTaskMapIDs: [p1, b2].sort((a, b) => a - b) });

    const removed = await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: b2 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: true, body: { attemptId, questionTaskMapID: b2, inNotebook: false } });
    const cardOf = async (mapId: number) =>
      (await cardsOf(me, `taskId=${test.task.id}&pageSize=50`)).cards.find((c) => c.attemptId === attemptId && c.questionTaskMapID === mapId);
    expect(await cardOf(b2)).toBeUndefined();

    const wrongKept = await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: p1 });
    expect(wrongKept.json().body.inNotebook).toBe(true);
    expect((await cardOf(p1))!.reasons).toEqual(['wrong']);
    expect((await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, me)).json().body.questionTaskMapIDs).toEqual([]);

    // Taking back what was never kept changes nothing; a question not in the attempt is not found.
    const before = await t.deps.db.select().from(notebookCards).where(eq(notebookCards.attemptId, attemptId));
    expect((await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: other })).json().body.inNotebook).toBe(
      before.some((c) => c.questionTaskMapId === other),
    );
    const missing = await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, body: { code: 'NOTEBOOK_QUESTION_NOT_FOUND' } });
    for (const body of [{}, { attemptId }, { attemptId, questionTaskMapID: -1 }, { attemptId: '', questionTaskMapID: p1 }]) {
      const res = await post('/api/notebook/v1/removeCard', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect((await get('/api/notebook/v1/kept', me)).statusCode).toBe(400);
    expect(await t.deps.db.select().from(notebookCards).where(eq(notebookCards.attemptId, attemptId))).toEqual(before);
  });

  it('keeps and takes back only in the student’s own attempts: another student, here or in another institute, is told not found', async () => {
    const p2 = test.mapIds[1]!;
    await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p2 });
    const elsewhere = await t.createUser({
      role: 'SchoolStudent',
      ...placeIn(await createInstitute(t, { isSchool: true }), 0),
    });
    for (const stranger of [other, elsewhere]) {
      const removed = await post('/api/notebook/v1/removeCard', stranger, { attemptId, questionTaskMapID: p2 });
      expect(removed.statusCode).toBe(404);
      expect(removed.json()).toMatchObject({ status: false, body: { code: 'NOTEBOOK_QUESTION_NOT_FOUND' } });
      expect((await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, stranger)).statusCode).toBe(404);
    }
    expect((await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, me)).json().body.questionTaskMapIDs).toContain(p2);
    const parent = await t.createUser({ role: 'Parent' });
    const { removeCard, keptQuestions } = notebookRoutes;
    await expectAccessMatrix(
      t,
      { removeCard, keptQuestions },
      { student, teacher, parent },
      {
        samples: {
          removeCard: { body: { attemptId: 'no-such-attempt', questionTaskMapID: 1 } },
          keptQuestions: { query: 'attemptId=no-such-attempt' },
        },
      },
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

describe('keeping a question from an open practice', () => {
  let practice: BuiltTest;
  let me: TestUser;
  let attemptId: string;

  const reveal = async (user: TestUser, mapId: number) => {
    const res = await post('/api/task/v1/revealAnswer', user, { TestSessionID: attemptId, questionTaskMapID: mapId });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    practice = await createNotebookTest({ testType: 'practice', durationMinutes: null });
    me = await t.createUser({ role: 'Student' });
    attemptId = (await startAttempt(t, me, practice)).TestSessionID;
    t.clock.advance(60_000);
    const [p1, p2] = practice.mapIds as [number, number];
    // p1 wrong and p2 right, both with their feedback shown; b1 not answered yet.
    await save(me, attemptId, [
      { mapId: p1, answerID: 3, seq: 1 },
      { mapId: p2, answerID: 2, seq: 1 },
    ]);
    await reveal(me, p1);
    await reveal(me, p2);
  });

  it('keeps a question once its feedback shows (also one answered right), lists it kept, and takes it back', async () => {
    const [p1, p2] = practice.mapIds as [number, number];
    const kept = await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p2 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json().body as NotebookCard).reasons).toEqual(['bookmarked']);
    expect((await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p1 })).statusCode).toBe(200);
    const listed = await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, me);
    expect(listed.statusCode, listed.body).toBe(200);
    expect([...listed.json().body.questionTaskMapIDs].sort()).toEqual([p1, p2].sort());
    const back = await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: p2 });
    expect(back.json().body).toMatchObject({ questionTaskMapID: p2, inNotebook: false });
    expect((await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, me)).json().body.questionTaskMapIDs).toEqual([p1]);
    // The card waits for the submission (its question is shown from the practice's report): not
    // in the notebook's list, its filters or the review yet, and no answer to it is taken.
    const waiting = (await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id)))[0]!;
    expect((await cardsOf(me)).cards).toEqual([]);
    expect((await cardsOf(me)).total).toBe(0);
    const queue = (await get('/api/notebook/v1/reviewQueue', me)).json().body;
    expect(queue).toMatchObject({ dueToday: 0, dueLater: 0, items: [] });
    expect((await post('/api/notebook/v1/answerReview', me, { cardId: waiting.id, answerID: 2, timeSpent: 5 })).statusCode).toBe(404);
  });

  it('refuses a question whose answer is not shown yet, and a question not in the practice, changing nothing', async () => {
    const before = await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id));
    const early = await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: practice.mapIds[2]! });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: false, body: { code: 'NOTEBOOK_NOT_REVEALED' } });
    expect(early.json().message).toContain('see its answer first');
    const tamil = await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: practice.mapIds[2]! }, { language: 'tn' });
    expect(tamil.json().message).toContain('குறிப்பேட்டில் சேர்க்கலாம்');
    expect((await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: 999_999 })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id))).toEqual(before);
  });

  it('is the student’s own practice: another student or institute is told not found; an open timed test keeps nothing', async () => {
    const p1 = practice.mapIds[0]!;
    const elsewhere = await t.createUser({ role: 'SchoolStudent', ...placeIn(await createInstitute(t, { isSchool: true }), 0) });
    for (const stranger of [other, elsewhere]) {
      for (const [path, body] of [
        ['/api/notebook/v1/addCard', { attemptId, questionTaskMapID: p1 }],
        ['/api/notebook/v1/removeCard', { attemptId, questionTaskMapID: p1 }],
      ] as const) {
        const res = await post(path, stranger, body);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().body.code).toBe('NOTEBOOK_QUESTION_NOT_FOUND');
      }
      expect((await get(`/api/notebook/v1/kept?attemptId=${attemptId}`, stranger)).statusCode).toBe(404);
    }
    expect((await post('/api/notebook/v1/addCard', undefined, { attemptId, questionTaskMapID: p1 })).statusCode).toBe(401);
    expect((await post('/api/notebook/v1/addCard', teacher, { attemptId, questionTaskMapID: p1 })).statusCode).toBe(403);
    // A timed test still open: its feedback waits for the submission.
    const timed = await createNotebookTest();
    const open = (await startAttempt(t, me, timed)).TestSessionID;
    const res = await post('/api/notebook/v1/addCard', me, { attemptId: open, questionTaskMapID: timed.mapIds[0]! });
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/notebook/v1/kept?attemptId=${open}`, me)).statusCode).toBe(404);
  });

  it('on submission the kept card gains the mistake’s reasons; a kept question answered right stays kept only', async () => {
    const [p1, p2] = practice.mapIds as [number, number];
    expect((await post('/api/notebook/v1/addCard', me, { attemptId, questionTaskMapID: p2 })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await submitTest(t, me, attemptId, practice.task.id)).statusCode).toBe(200);
    const cards = (await cardsOf(me, `taskId=${practice.task.id}`)).cards;
    const byMap = new Map(cards.map((c) => [c.questionTaskMapID, c]));
    expect(byMap.get(p1)!.reasons).toEqual(['wrong', 'bookmarked']);
    expect(byMap.get(p2)!.reasons).toEqual(['bookmarked']);
    // Both are due from the submission on, the one kept only as well, with their questions shown.
    const queue = (await get('/api/notebook/v1/reviewQueue', me)).json().body as ReviewQueue;
    expect(queue.items.map((i) => i.cardId).sort()).toEqual([byMap.get(p1)!.id, byMap.get(p2)!.id].sort());
    expect(cards.every((c) => c.question !== null)).toBe(true);
    // Taking the keep back now leaves the mistake.
    const back = await post('/api/notebook/v1/removeCard', me, { attemptId, questionTaskMapID: p1 });
    expect(back.json().body.inNotebook).toBe(true);
    expect((await cardsOf(me, `taskId=${practice.task.id}`)).cards.find((c) => c.questionTaskMapID === p1)!.reasons).toEqual(['wrong']);
  });
});
