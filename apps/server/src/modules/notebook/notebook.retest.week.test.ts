import type { Retest, RetestStatus } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { jsonCalls } from '../../../test/exam-fixtures.js';
import { ManualClock } from '../../lib/clock.js';

let t: TestApp;
let me: TestUser;

// Saturday 28 November 2026, 10:00 in India.
const SATURDAY = new Date('2026-11-28T04:30:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock(SATURDAY), env: { WEEK_STARTS_ON: 'sunday' } });
  me = await t.createUser({ role: 'Student' });
});
afterAll(async () => t.close());

const { post, get } = jsonCalls(() => t);

const statusOf = async (user: TestUser): Promise<RetestStatus> => {
  const res = await get('/api/notebook/v1/retest', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as RetestStatus;
};

describe('an installation whose week starts on Sunday', () => {
  it('gives the re-test a week from Sunday to Saturday, and counts the week’s review minutes from Sunday', async () => {
    // Option 2 is right; every answer is wrong, so each question becomes a due card.
    const test: BuiltTest = await createTestTask(t.deps.db, { sections: [{ name: 'Physics', questions: [{ topicTags: ['Optics'] }, { topicTags: ['Waves'] }] }] });
    const s = await startAttempt(t, me, test);
    const wrong = test.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 3, timeSpent: 20, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', me, { TestSessionID: s.TestSessionID, data: wrong })).statusCode).toBe(200);
    expect((await submitTest(t, me, s.TestSessionID, test.task.id)).statusCode).toBe(200);
    t.clock.advance(60_000);

    const before = await statusOf(me);
    expect(before).toMatchObject({ weekStart: '2026-11-22', nextWeekStart: '2026-11-29', dueCards: 2, blockedBy: null });
    const made = (await post('/api/notebook/v1/retest/start', me, {})).json().body as Retest;
    expect(made).toMatchObject({ weekStart: '2026-11-22', questions: 2 });
    const session = await startAttempt(t, me, { course: { id: made.courseId } as BuiltTest['course'], task: { id: made.taskId } as BuiltTest['task'] });
    t.clock.advance(40_000);
    const maps = session.section.flatMap((x) => x.question.map((q) => q.questionTaskMapID));
    const answers = maps.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: 2, timeSpent: 15, seq: 1 }));
    expect((await post('/api/task/v1/saveAnswer', me, { TestSessionID: session.TestSessionID, data: answers })).statusCode).toBe(200);
    expect((await submitTest(t, me, session.TestSessionID, made.taskId)).statusCode).toBe(200);
    expect(await statusOf(me)).toMatchObject({ blockedBy: 'takenThisWeek', current: { taskId: made.taskId, status: 'submitted' } });
    const again = await post('/api/notebook/v1/retest/start', me, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have taken this week’s re-test. The next one opens on Sunday.');
    const tamil = await t.call({ method: 'POST', url: '/api/notebook/v1/retest/start', headers: { ...me.headers, language: 'tn' }, payload: {} });
    expect(tamil.json().message).toBe('இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது ஞாயிற்றுக்கிழமை திறக்கும்.');
    const saturdayEffort = await t.app.services.notebookReview.effortOf(me.id);
    expect(saturdayEffort.secondsThisWeek).toBeGreaterThan(0);

    // Sunday morning: a new week, a new re-test; the week's review minutes start again.
    t.clock.set(new Date('2026-11-29T01:00:00Z'));
    me = { ...me, ...(await t.signIn(me.id)) };
    const sunday = await statusOf(me);
    expect(sunday).toMatchObject({ weekStart: '2026-11-29', nextWeekStart: '2026-12-06', current: null });
    expect(sunday.past.map((p) => p.taskId)).toEqual([made.taskId]);
    expect(await t.app.services.notebookReview.effortOf(me.id)).toMatchObject({ streakDays: 1, secondsThisWeek: 0 });
  });
});
