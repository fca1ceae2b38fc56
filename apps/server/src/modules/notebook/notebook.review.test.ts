import { notebookRoutes, type ReviewAnswerResult, type ReviewQueue } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../test/factories/scope.js';
import { createExamTestApp, expectAccessMatrix, expectNoKeys, jsonCalls } from '../../../test/exam-fixtures.js';
import { notebookCards, notebookReviews, notebookSchedules, parentLinks } from '../../db/schema/index.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  ({ t, student, other, teacher } = await createExamTestApp());
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

/** Three questions (option 2 is right), the first with an explanation. */
function createReviewTest(task: Partial<BuiltTest['task']> = {}) {
  return createTestTask(t.deps.db, {
    task,
    sections: [
      {
        name: 'Physics',
        questions: [{ topicTags: ['Optics'], explanation: '<p>Snell says so</p>' }, { topicTags: ['Optics'] }, { topicTags: ['Waves'] }],
      },
    ],
  });
}

/** The student answers every question wrong (option 3) and submits: three cards. */
async function takeWrong(user: TestUser, test: BuiltTest) {
  const s = await startAttempt(t, user, test);
  t.clock.advance(60_000);
  const data = test.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, timeSpent: 20, seq: 1 }));
  expect((await post('/api/task/v1/saveAnswer', user, { TestSessionID: s.TestSessionID, data })).statusCode).toBe(200);
  t.clock.advance(60_000);
  expect((await submitTest(t, user, s.TestSessionID, test.task.id)).statusCode).toBe(200);
}

const queueOf = async (user: TestUser): Promise<ReviewQueue> => {
  const res = await get('/api/notebook/v1/reviewQueue', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as ReviewQueue;
};

const answer = async (user: TestUser, cardId: number, answerID: number, timeSpent = 30): Promise<ReviewAnswerResult> => {
  const res = await post('/api/notebook/v1/answerReview', user, { cardId, answerID, timeSpent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as ReviewAnswerResult;
};

describe('spaced repetition of the notebook', () => {
  let test: BuiltTest;
  let me: TestUser;

  beforeAll(async () => {
    test = await createReviewTest();
    me = await t.createUser({ role: 'Student' });
    await takeWrong(me, test);
    t.clock.advance(60_000);
  });

  it('queues the new cards oldest due first, with the question as the player serves it and no key', async () => {
    const res = await get('/api/notebook/v1/reviewQueue', me);
    expect(res.statusCode).toBe(200);
    expectNoKeys(res.body);
    const queue = res.json().body as ReviewQueue;
    expect(queue).toMatchObject({ minutesPerDay: 15, averageReviewSeconds: 60, reviewedTodaySeconds: 0, dueToday: 3, dueLater: 0 });
    expect(queue.items.map((i) => i.question.questionTaskMapID)).toEqual(test.mapIds);
    expect(queue.items[0]).toMatchObject({ state: 'new', subject: 'Physics', topics: ['Optics'], testName: test.task.name });
    // Asked afresh: the earlier answer is not filled in.
    expect(queue.items[0]!.question).toMatchObject({ answerID: null, questionType: 'singleChoice' });
  });

  it('scores an answer with the test’s key, then a grade moves the due date as FSRS says', async () => {
    const [first, second] = (await queueOf(me)).items;
    const right = await answer(me, first!.cardId, 2);
    expect(right).toMatchObject({ cardId: first!.cardId, status: 'correct', isCorrect: true, keyReleased: true });
    expect(right.question).toMatchObject({ correctAnswerID: 2, explanation: '<p>Snell says so</p>' });
    const card = (await t.deps.db.select().from(notebookCards).where(eq(notebookCards.id, first!.cardId)))[0]!;
    const now = t.clock.now();
    const expected = fsrs({ enable_fuzz: false }).repeat(createEmptyCard(card.createdAt), now);
    expect(Object.fromEntries(right.choices.map((c) => [c.rating, c.due]))).toEqual({
      again: expected[Rating.Again].card.due.toISOString(),
      hard: expected[Rating.Hard].card.due.toISOString(),
      good: expected[Rating.Good].card.due.toISOString(),
      easy: expected[Rating.Easy].card.due.toISOString(),
    });
    const dues = right.choices.map((c) => Date.parse(c.due));
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);

    const graded = await post('/api/notebook/v1/gradeReview', me, { reviewId: right.reviewId, rating: 'easy' });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().body).toMatchObject({ cardId: first!.cardId, rating: 'easy', state: 'review', reps: 1, lapses: 0, due: expected[Rating.Easy].card.due.toISOString() });
    expect(Date.parse(graded.json().body.due) - now.getTime()).toBeGreaterThan(24 * 3600_000);
    // Graded once: a second press changes nothing.
    const again = await post('/api/notebook/v1/gradeReview', me, { reviewId: right.reviewId, rating: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await t.deps.db.select().from(notebookSchedules).where(eq(notebookSchedules.cardId, first!.cardId)))[0]!.reps).toBe(1);
    // The card carries the schedule's due date (the queue reads it from the card's index).
    const [schedule] = await t.deps.db.select().from(notebookSchedules).where(eq(notebookSchedules.cardId, first!.cardId));
    const [cardRow] = await t.deps.db.select().from(notebookCards).where(eq(notebookCards.id, first!.cardId));
    expect(cardRow!.due).toEqual(schedule!.due);

    // Easy puts it after today; a wrong answer graded again comes back within minutes, after the cards due before it.
    const wrong = await answer(me, second!.cardId, 4);
    expect(wrong).toMatchObject({ status: 'wrong', isCorrect: false });
    expect((await post('/api/notebook/v1/gradeReview', me, { reviewId: wrong.reviewId, rating: 'again' })).json().body).toMatchObject({ state: 'learning', reps: 1 });
    t.clock.advance(2 * 60_000);
    const queue = await queueOf(me);
    expect(queue).toMatchObject({ dueToday: 2, dueLater: 1, reviewedTodaySeconds: 60, averageReviewSeconds: 30 });
    expect(queue.items.map((i) => i.cardId)).toEqual([queue.items[0]!.cardId, second!.cardId]);
    expect(queue.items[1]).toMatchObject({ state: 'learning' });
  });

  it('holds as many cards as the minutes a day allow at the student’s average review time', async () => {
    expect((await post('/api/notebook/v1/reviewSettings', me, { minutesPerDay: 5 })).json().body).toEqual({ minutesPerDay: 5 });
    // 60 s reviewed today of 300: 240 s left at 30 s a review covers both due cards.
    expect((await queueOf(me)).items).toHaveLength(2);
    const [first] = (await queueOf(me)).items;
    await answer(me, first!.cardId, 4, 200);
    // 260 s reviewed, 40 s left at an average of 86.7 s: still one card (never none while time is left).
    const one = await queueOf(me);
    expect(one).toMatchObject({ reviewedTodaySeconds: 260, minutesPerDay: 5 });
    expect(one.items).toHaveLength(1);
    await answer(me, first!.cardId, 4, 60);
    // The day's minutes are spent: nothing more today, though cards are due.
    const none = await queueOf(me);
    expect(none.items).toHaveLength(0);
    expect(none.dueToday).toBe(2);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const card = (await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id)))[0]!;
    const before = (await t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.userId, me.id))).length;
    for (const body of [
      {},
      { cardId: 'abc', answerID: 2, timeSpent: 10 },
      { cardId: card.id, answerID: 2, timeSpent: -1 },
      { cardId: card.id, answerID: 2, timeSpent: 4000 },
      { cardId: card.id, answerID: 'two', timeSpent: 10 },
      { cardId: card.id, answerID: [2, 3], timeSpent: 10 },
    ]) {
      const res = await post('/api/notebook/v1/answerReview', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect((await post('/api/notebook/v1/answerReview', me, { cardId: card.id, answerID: 'two', timeSpent: 10 })).json().message).toBe(
      'This answer does not fit the question.',
    );
    for (const body of [{ reviewId: 1, rating: 'meh' }, { reviewId: 'x', rating: 'good' }, { rating: 'good' }]) {
      const res = await post('/api/notebook/v1/gradeReview', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/api/notebook/v1/gradeReview', me, { reviewId: 1, rating: 'meh' })).json().message).toBe('Choose again, hard, good or easy.');
    for (const minutesPerDay of [4, 241, 'ten', 12.5]) {
      const res = await post('/api/notebook/v1/reviewSettings', me, { minutesPerDay });
      expect(res.statusCode, String(minutesPerDay)).toBe(400);
      expect(res.json().message).toBe('Choose between 5 and 240 minutes a day.');
    }
    expect((await t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.userId, me.id))).length).toBe(before);
    expect((await queueOf(me)).minutesPerDay).toBe(5);
  });

  it('is the student’s own: another student, in this institute or another, can neither answer nor grade the cards', async () => {
    const card = (await t.deps.db.select().from(notebookCards).where(eq(notebookCards.userId, me.id)))[0]!;
    const mine = await answer(me, card.id, 2);
    const elsewhere = await t.createUser({ role: 'SchoolStudent', ...placeIn(await createInstitute(t, { isSchool: true }), 0) });
    for (const stranger of [other, elsewhere]) {
      expect((await queueOf(stranger)).items.map((i) => i.cardId)).not.toContain(card.id);
      const res = await post('/api/notebook/v1/answerReview', stranger, { cardId: card.id, answerID: 2, timeSpent: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Snell');
      const grade = await post('/api/notebook/v1/gradeReview', stranger, { reviewId: mine.reviewId, rating: 'easy' });
      expect(grade.statusCode).toBe(404);
      expect(grade.json().message).toBe('No review with this id was found in your notebook.');
    }
    expect((await t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.id, mine.reviewId)))[0]!.rating).toBeNull();
  });

  it('shows a parent the streak and minutes this week, not the cards', async () => {
    let parent = await t.createUser({ role: 'Parent' });
    await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: me.id });
    const summaryOf = async () => {
      const res = await get(`/api/reports/v1/summary?studentId=${me.id}&from=2026-01-01&to=2026-01-31`, parent);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('Snell');
      return res.json().body as { reviewStreakDays: number; reviewSecondsThisWeek: number };
    };
    const seconds = (await t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.userId, me.id))).reduce((s, r) => s + r.timeSpentSeconds, 0);
    const today = await summaryOf();
    expect(today.reviewStreakDays).toBe(1);
    // Every review so far was made minutes ago, in this week.
    expect(today.reviewSecondsThisWeek).toBe(seconds);
    // A day later (tokens signed again: the clock moved past their expiry).
    t.clock.advance(24 * 3600_000);
    parent = { ...parent, ...(await t.signIn(parent.id)) };
    me = { ...me, ...(await t.signIn(me.id)) };
    expect((await summaryOf()).reviewStreakDays).toBe(1);
    const card = (await queueOf(me)).items[0]!;
    await answer(me, card.cardId, 2, 10);
    expect((await summaryOf()).reviewStreakDays).toBe(2);
    t.clock.advance(2 * 24 * 3600_000);
    parent = { ...parent, ...(await t.signIn(parent.id)) };
    expect((await summaryOf()).reviewStreakDays).toBe(0);
  });
});

describe('answers kept offline', () => {
  let me: TestUser;
  let cards: number[];
  const rowsOf = async () => t.deps.db.select().from(notebookReviews).where(eq(notebookReviews.userId, me.id));

  beforeAll(async () => {
    me = await t.createUser({ role: 'Student' });
    await takeWrong(me, await createReviewTest());
    t.clock.advance(60_000);
    cards = (await queueOf(me)).items.map((i) => i.cardId);
  });

  it('records an answer sent again with the same client id once, and gives the same result', async () => {
    const body = { cardId: cards[0], answerID: 2, timeSpent: 12, clientId: '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b' };
    const first = await post('/api/notebook/v1/answerReview', me, body);
    const again = await post('/api/notebook/v1/answerReview', me, { ...body, timeSpent: 40 });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().body.reviewId).toBe(first.json().body.reviewId);
    expect(again.json().body.status).toBe(first.json().body.status);
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.timeSpentSeconds).toBe(12);
    // The same id for another card is a client's mistake: refused, nothing written.
    const other = await post('/api/notebook/v1/answerReview', me, { ...body, cardId: cards[1] });
    expect(other.statusCode).toBe(400);
    expect(await rowsOf()).toHaveLength(1);
  });

  it('counts an answer on the day it was given, never ahead of the server nor more than a week back', async () => {
    const now = t.clock.now().getTime();
    const send = async (cardId: number, answeredAt: string) => {
      const res = await post('/api/notebook/v1/answerReview', me, { cardId, answerID: 3, timeSpent: 5, clientId: crypto.randomUUID(), answeredAt });
      expect(res.statusCode, res.body).toBe(200);
      return (await rowsOf()).find((r) => r.id === res.json().body.reviewId)!.answeredAt.getTime();
    };
    expect(await send(cards[1]!, new Date(now - 26 * 3600_000).toISOString())).toBe(now - 26 * 3600_000);
    expect(await send(cards[1]!, new Date(now + 3600_000).toISOString())).toBe(now);
    expect(await send(cards[2]!, new Date(now - 30 * 86_400_000).toISOString())).toBe(now - 7 * 86_400_000);
  });

  it('refuses a client id or a time that is not one, and writes nothing', async () => {
    const before = (await rowsOf()).length;
    for (const extra of [{ clientId: 'abc' }, { clientId: 42 }, { answeredAt: 'yesterday' }, { answeredAt: '2026-13-01T00:00:00Z' }]) {
      const res = await post('/api/notebook/v1/answerReview', me, { cardId: cards[0], answerID: 2, timeSpent: 5, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(await rowsOf()).toHaveLength(before);
  });
});

describe('the answer-release rule', () => {
  it('keeps the key, and whether the answer was right, while the test keeps its answers', async () => {
    const test = await createReviewTest({ showAnswers: 'never' });
    const me = await t.createUser({ role: 'Student' });
    await takeWrong(me, test);
    const [item] = (await queueOf(me)).items;
    const res = await post('/api/notebook/v1/answerReview', me, { cardId: item!.cardId, answerID: 2, timeSpent: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Snell says so');
    expect(res.json().body).toMatchObject({ status: null, isCorrect: null, keyReleased: false, question: { correctAnswerID: null, explanation: null } });
    expect(res.json().body.choices).toHaveLength(4);
  });
});

describe('who may review', () => {
  it('gives staff and parents no access, and nobody without a token', async () => {
    student = { ...student, ...(await t.signIn(student.id)) };
    teacher = { ...teacher, ...(await t.signIn(teacher.id)) };
    const parent = await t.createUser({ role: 'Parent' });
    const { reviewQueue, answerReview, gradeReview, updateReviewSettings } = notebookRoutes;
    await expectAccessMatrix(
      t,
      { reviewQueue, answerReview, gradeReview, updateReviewSettings },
      { student, teacher, parent },
      {
        samples: {
          reviewQueue: {},
          answerReview: { body: { cardId: 999_999, answerID: 2, timeSpent: 5 } },
          gradeReview: { body: { reviewId: 999_999, rating: 'good' } },
          updateReviewSettings: { body: { minutesPerDay: 20 } },
        },
        needsNoInput: ['reviewQueue', 'updateReviewSettings'],
      },
    );
  });
});
