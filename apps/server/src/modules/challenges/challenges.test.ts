import { challengeRoutes, type ChallengeList, type Thread } from '@app/contracts';
import fs from 'node:fs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { expectAccessMatrix, jsonCalls } from '../../../test/exam-fixtures.js';
import { auditLog, examAttempts, keyChallenges, questionPosts } from '../../db/schema/index.js';
import { scoreAll } from '../grading/grading.scoring.js';

/**
 * Answer-key challenges, question threads and key decisions (issue 35, decision 067). Institute A
 * owns a test of three single-choice questions (+4/−1, key: option 2); its students sit it. A
 * student and a teacher of institute B stand for "another institute".
 */
let t: TestApp;
let a: TestInstitute;
let b: TestInstitute;
let teacher: TestUser;
let teacherB: TestUser;
let test: BuiltTest;
const { get, post } = jsonCalls(() => t);
const students: Record<string, TestUser> = {};
const attempts: Record<string, string> = {};

async function sit(name: string, answers: (number | null)[], institute: TestInstitute, on: BuiltTest = test): Promise<TestUser> {
  const student = await t.createUser({ role: 'Student', firstName: name, lastName: 'S', ...placeIn(institute, 0, 0) });
  const session = await startAttempt(t, student, on);
  const data = answers.flatMap((answerID, i) =>
    answerID === null ? [] : [{ questionTaskMapID: on.mapIds[i]!, questionType: 'singleChoice', answerID, timeSpent: 5, seq: 1 }],
  );
  if (data.length) expect((await saveAnswers(t, student, session.TestSessionID, data)).statusCode).toBe(200);
  expect((await submitTest(t, student, session.TestSessionID, on.task.id)).statusCode).toBe(200);
  students[name] = student;
  attempts[name] = session.TestSessionID;
  return student;
}

const q = (i: number) => ({ taskId: test.task.id, questionTaskMapID: test.mapIds[i]! });
const threadOf = async (user: TestUser, i: number): Promise<Thread> => {
  const res = await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[i]}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as Thread;
};
const listOf = async (user: TestUser): Promise<ChallengeList> => {
  const res = await get(`/api/challenges/v1/list?taskId=${test.task.id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as ChallengeList;
};

/** Stored totals against every attempt scored again from nothing with the versions it now holds. */
async function expectScoresFromScratch() {
  const ids = Object.values(attempts);
  const stored = await t.deps.db
    .select({ id: examAttempts.id, scored: examAttempts.scored, total: examAttempts.total })
    .from(examAttempts)
    .where(inArray(examAttempts.id, ids))
    .orderBy(asc(examAttempts.id));
  const exam = t.app.services.exam;
  const scratch = [];
  for (const id of [...ids].sort()) {
    const attempt = await exam.anyAttempt(id);
    const { totals } = scoreAll(await exam.loadAttemptBundle(attempt), await exam.listAnswers(id));
    scratch.push({ id, scored: totals.scored, total: totals.total });
  }
  expect(stored).toEqual(scratch);
  return Object.fromEntries(Object.entries(attempts).map(([name, id]) => [name, stored.find((s) => s.id === id)!]));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createInstitute(t);
  b = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', firstName: 'Tara', lastName: 'T', ...placeIn(a) });
  teacherB = await t.createUser({ role: 'SchoolTeacher', ...placeIn(b) });
  const own = { ownerInstituteId: a.id, ownerClientId: a.clientId };
  test = await createTestTask(t.deps.db, {
    task: { name: 'Key challenge test', ownerInstituteId: a.id, ownerClientId: a.clientId },
    sections: [{ name: 'Physics', questions: [{ ...own }, { ...own }, { ...own }] }],
  });
  await sit('Asha', [3, 2, 2], a);
  await sit('Bala', [2, 2, null], a);
  await sit('Chitra', [null, 1, 2], a);
});
afterAll(async () => t.close());

describe('a challenge of the key', () => {
  it('is taken from a student who was served the question once the answers are released, one open per question', async () => {
    const res = await post('/api/challenges/v1/challenge', students.Asha!, { ...q(0), reason: 'Option 3 is right: the lens formula gives 3.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ ...q(0), status: 'open', decidedAt: null });
    const again = await post('/api/challenges/v1/challenge', students.Asha!, { ...q(0), reason: 'Still option 3, really.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already have an open challenge');
    expect((await threadOf(students.Asha!, 0)).canChallenge).toBe(false);
    expect((await threadOf(students.Asha!, 1)).canChallenge).toBe(true);
    const mine = await get(`/api/challenges/v1/mine?taskId=${test.task.id}`, students.Asha!);
    expect(mine.json().body.map((c: { questionTaskMapID: number }) => c.questionTaskMapID)).toEqual([test.mapIds[0]]);
  });

  it('is refused before the answers are released, for a question not served, and to a student who did not sit the test', async () => {
    const held = await createTestTask(t.deps.db, {
      task: { showAnswers: 'never', ownerInstituteId: a.id, ownerClientId: a.clientId },
      sections: [{ questions: [{ ownerInstituteId: a.id, ownerClientId: a.clientId }] }],
    });
    const sat = await sit('Hari', [3], a, held);
    const early = await post('/api/challenges/v1/challenge', sat, { taskId: held.task.id, questionTaskMapID: held.mapIds[0], reason: 'The key looks wrong to me.' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('not released');
    const earlyThread = await get(`/api/challenges/v1/thread?taskId=${held.task.id}&questionTaskMapID=${held.mapIds[0]}`, sat);
    expect(earlyThread.statusCode).toBe(409);
    expect(earlyThread.body).not.toContain('explanation');
    // A question of another test, and a test not taken.
    const notServed = await post('/api/challenges/v1/challenge', sat, { taskId: held.task.id, questionTaskMapID: test.mapIds[0], reason: 'The key looks wrong to me.' });
    expect(notServed.statusCode).toBe(404);
    const stranger = await t.createUser({ role: 'Student', ...placeIn(a, 0, 0) });
    expect((await post('/api/challenges/v1/challenge', stranger, { ...q(0), reason: 'The key looks wrong to me.' })).statusCode).toBe(404);
    expect((await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}`, stranger)).statusCode).toBe(404);
    const rows = await t.deps.db.select().from(keyChallenges).where(inArray(keyChallenges.userId, [sat.id, stranger.id]));
    expect(rows).toEqual([]);
  });

  it('refuses empty, short, over-long and script-bearing reasons with a clear message, writing nothing', async () => {
    const before = await t.deps.db.select().from(keyChallenges);
    const cases: [unknown, string][] = [
      ['', 'Write something first.'],
      ['   ', 'Write something first.'],
      ['too short', 'at least 10 characters'],
      ['x'.repeat(2001), '2000 characters'],
      ['<script>alert(1)</script> the key is wrong', 'HTML tags and scripts are not allowed'],
      ['The key <img src=x onerror=alert(1)> is wrong', 'HTML tags and scripts are not allowed'],
      [42, 'Write something first.'],
    ];
    for (const [reason, message] of cases) {
      const res = await post('/api/challenges/v1/challenge', students.Bala!, { ...q(1), reason });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await t.deps.db.select().from(keyChallenges)).toEqual(before);
    // Plain text with comparison signs is text, not markup.
    const ok = await post('/api/challenges/v1/challenge', students.Bala!, { ...q(1), reason: 'For x<5 and y > 2 the answer is option 1 & not 2.' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the thread of a question', () => {
  it('is shared by the students of the institute who took the test and its staff, in English or Tamil', async () => {
    const asked = await post('/api/challenges/v1/post', students.Asha!, { ...q(0), text: 'Why is it option 2?', language: 'en' });
    expect(asked.statusCode, asked.body).toBe(200);
    const tamil = await post('/api/challenges/v1/post', students.Chitra!, { ...q(0), text: 'விடை 2 ஏன்?', language: 'tn' });
    expect(tamil.statusCode, tamil.body).toBe(200);
    const answer = await post('/api/challenges/v1/post', teacher, { ...q(0), text: 'Because the image is virtual: see the sign rule.', language: 'en' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().body).toMatchObject({ isStaff: true, isOwn: true, authorName: 'Tara T' });
    const pinned = await post('/api/challenges/v1/pinPost', teacher, { postId: answer.json().body.id, pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const seen = await threadOf(students.Bala!, 0);
    expect(seen.posts.map((p) => [p.text, p.isPinned, p.language])).toEqual([
      ['Because the image is virtual: see the sign rule.', true, 'en'],
      ['Why is it option 2?', false, 'en'],
      ['விடை 2 ஏன்?', false, 'tn'],
    ]);
    // Only a staff post is a verified explanation.
    const studentPin = await post('/api/challenges/v1/pinPost', teacher, { postId: asked.json().body.id, pinned: true });
    expect(studentPin.statusCode).toBe(400);
  });

  it('is the institute’s own: a student or teacher of another institute sees none of it and cannot moderate it', async () => {
    // A test of the whole client, sat in both institutes: each institute has its own thread.
    const shared = await createTestTask(t.deps.db, { task: { name: 'Shared test' }, sections: [{ questions: [{}] }] });
    const ref = { taskId: shared.task.id, questionTaskMapID: shared.mapIds[0]! };
    const here = await sit('Gita', [3], a, shared);
    const elsewhere = await sit('Indu', [2], b, shared);
    expect((await post('/api/challenges/v1/post', here, { ...ref, text: 'Only for institute A', language: 'en' })).statusCode).toBe(200);
    const seen = async (user: TestUser) =>
      (await get(`/api/challenges/v1/thread?taskId=${ref.taskId}&questionTaskMapID=${ref.questionTaskMapID}`, user)).json().body as Thread;
    expect((await seen(here)).posts.map((p) => p.text)).toEqual(['Only for institute A']);
    expect((await seen(elsewhere)).posts).toEqual([]);
    expect((await seen(teacherB)).posts).toEqual([]);
    // Institute A's own test: B's student did not sit it, B's teacher does not reach it.
    expect((await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}`, elsewhere)).statusCode).toBe(404);
    const postId = (await threadOf(students.Bala!, 0)).posts[1]!.id;
    // The test belongs to institute A: B's teacher does not reach it at all.
    expect((await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}`, teacherB)).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/hidePost', teacherB, { postId, reason: 'Off topic' })).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/pinPost', teacherB, { postId, pinned: false })).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/post', teacherB, { ...q(0), text: 'Hello', language: 'en' })).statusCode).toBe(404);
    expect((await get(`/api/challenges/v1/list?taskId=${test.task.id}`, teacherB)).statusCode).toBe(404);
    expect((await post('/api/challenges/v1/decide', teacherB, { ...q(0), decision: 'bonus', note: 'Everyone gets it' })).statusCode).toBe(404);
  });

  it('lets staff take a post down with a reason, audited; students no longer see it, staff see why', async () => {
    const rude = await post('/api/challenges/v1/post', students.Chitra!, { ...q(0), text: 'This teacher is useless', language: 'en' });
    const postId = rude.json().body.id as number;
    // A student cannot moderate (wrong role).
    expect((await post('/api/challenges/v1/hidePost', students.Asha!, { postId, reason: 'Rude' })).statusCode).toBe(403);
    const hidden = await post('/api/challenges/v1/hidePost', teacher, { postId, reason: 'Not respectful' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await threadOf(students.Asha!, 0)).posts.map((p) => p.id)).not.toContain(postId);
    const staffView = (await threadOf(teacher, 0)).posts.find((p) => p.id === postId)!;
    expect(staffView.moderation).toMatchObject({ reason: 'Not respectful', by: 'Tara T' });
    const audit = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'challenges.hidePost'), eq(auditLog.targetId, String(postId))));
    expect(audit).toHaveLength(1);
    expect((await post('/api/challenges/v1/hidePost', teacher, { postId: 999_999, reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad posts with a clear message and limits how fast one user posts', async () => {
    const count = async () => (await t.deps.db.select().from(questionPosts)).length;
    const before = await count();
    for (const [text, message] of [
      ['', 'Write something first.'],
      ['<script>document.cookie</script>', 'HTML tags and scripts are not allowed'],
      ['y'.repeat(2001), '2000 characters'],
    ] as const) {
      const res = await post('/api/challenges/v1/post', students.Bala!, { ...q(2), text, language: 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badLanguage = await post('/api/challenges/v1/post', students.Bala!, { ...q(2), text: 'Hi', language: 'fr' });
    expect(badLanguage.json().message).toBe('Choose English or Tamil.');
    expect(await count()).toBe(before);
    const fast = await sit('Jaya', [2, 2, 2], a);
    const codes = [];
    for (let i = 0; i < 7; i += 1) codes.push((await post('/api/challenges/v1/post', fast, { ...q(2), text: `Post ${i}`, language: 'en' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('a decision on a challenged key', () => {
  it('lists the challenged questions with their item statistics beside them', async () => {
    const list = await listOf(teacher);
    expect(list.testName).toBe('Key challenge test');
    const first = list.questions.find((x) => x.questionTaskMapID === test.mapIds[0])!;
    expect(first).toMatchObject({ number: 1, openCount: 1, award: 'key' });
    expect(first.challenges.map((c) => [c.studentName, c.status])).toEqual([['Asha S', 'open']]);
    expect(first.options.filter((o) => o.isKey).map((o) => o.answerId)).toEqual([2]);
    expect(first.stats?.attempts).toBeGreaterThanOrEqual(3);
    expect(first.stats?.chosen.find((c) => c.answerId === 3)?.count).toBe(1);
    // A question nobody challenged is not listed.
    expect(list.questions.map((x) => x.questionTaskMapID)).not.toContain(test.mapIds[2]);
  });

  it('refuses bad decisions, changing nothing', async () => {
    const before = await expectScoresFromScratch();
    for (const body of [
      { ...q(0), decision: 'change', answerIds: [99], note: 'Option 99' },
      { ...q(0), decision: 'change', answerIds: [1, 3], note: 'Two keys for a single answer' },
      { ...q(0), decision: 'acceptSeveral', answerIds: [3], note: 'Only one' },
      { ...q(0), decision: 'change', note: 'No answer given' },
      { ...q(0), decision: 'maybe', note: 'Unknown' },
      { ...q(0), decision: 'bonus', note: '' },
      { ...q(0), decision: 'bonus', note: '<script>x</script>' },
    ]) {
      const res = await post('/api/challenges/v1/decide', teacher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(await expectScoresFromScratch()).toEqual(before);
    expect((await listOf(teacher)).questions.find((x) => x.questionTaskMapID === test.mapIds[0])!.openCount).toBe(1);
  });

  it('changes the key through an audited regrade, re-scores every attempt, closes the challenges and tells the challenger', async () => {
    const before = await expectScoresFromScratch();
    const mails = fs.readdirSync(t.outboxDir).length;
    const res = await post('/api/challenges/v1/decide', teacher, { ...q(0), decision: 'change', answerIds: [3], note: 'The lens formula gives option 3.' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().body;
    expect(result).toMatchObject({ decision: 'change', challengesClosed: 1, toVersion: 2 });
    expect(result.regradeId).not.toBeNull();
    expect(result.attemptsRegraded).toBeGreaterThanOrEqual(3);
    const after = await expectScoresFromScratch();
    // Asha answered 3 (was −1, now +4); Bala answered 2 (was +4, now −1); Chitra left it.
    expect(after.Asha!.scored).toBe(before.Asha!.scored! + 5);
    expect(after.Bala!.scored).toBe(before.Bala!.scored! - 5);
    expect(after.Chitra!.scored).toBe(before.Chitra!.scored);
    const mine = (await threadOf(students.Asha!, 0)).myChallenge!;
    expect(mine).toMatchObject({ status: 'change', decisionNote: 'The lens formula gives option 3.' });
    expect((await threadOf(students.Asha!, 0)).canChallenge).toBe(true);
    const outbox = fs.readdirSync(t.outboxDir);
    expect(outbox.length).toBe(mails + 1);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'challenges.decide'));
    expect(audit.map((row) => row.reason)).toEqual(['The lens formula gives option 3.']);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'grading.regrade'))).length).toBeGreaterThanOrEqual(1);
  });

  it('a second decision is a new audited regrade: several answers accepted, then a bonus, then a drop', async () => {
    const regrades = new Set<number>();
    const decide = async (body: object) => {
      const res = await post('/api/challenges/v1/decide', teacher, { ...q(0), ...body });
      expect(res.statusCode, res.body).toBe(200);
      regrades.add(res.json().body.regradeId as number);
      return expectScoresFromScratch();
    };
    const several = await decide({ decision: 'acceptSeveral', answerIds: [2, 3], note: 'Both readings are fair.' });
    // The key stays 3 and 2 is accepted beside it: Bala's 2 now earns 4 instead of losing 1.
    expect([several.Asha!.scored, several.Bala!.scored]).toEqual([12, 8]);
    const bonus = await decide({ decision: 'bonus', note: 'The figure was misprinted.' });
    // Chitra left question 1 unanswered: a bonus gives her its 4 marks too.
    expect(bonus.Chitra!.scored).toBe(several.Chitra!.scored! + 4);
    const dropped = await decide({ decision: 'drop', note: 'The question is out of syllabus.' });
    expect(dropped.Asha!.total).toBe(8);
    expect(dropped.Asha!.scored).toBe(8);
    expect(regrades.size).toBe(3);
    const list = await listOf(teacher);
    const first = list.questions.find((x) => x.questionTaskMapID === test.mapIds[0])!;
    expect(first.award).toBe('dropped');
    expect(first.decisions.map((d) => d.decision)).toEqual(['drop', 'bonus', 'acceptSeveral', 'change']);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'challenges.decide'))).length).toBe(4);
  });

  it('keeps the key without a regrade', async () => {
    const before = await expectScoresFromScratch();
    const res = await post('/api/challenges/v1/decide', teacher, { ...q(1), decision: 'keep', note: 'Option 2 is right: see the explanation.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ decision: 'keep', regradeId: null, attemptsRegraded: 0, challengesClosed: 1 });
    expect(await expectScoresFromScratch()).toEqual(before);
  });
});

describe('access', () => {
  it('answers 401 without a token and 403 to the wrong role', async () => {
    const parent = await t.createUser({ role: 'Parent' });
    const { list, decide, hidePost, pinPost, challenge, mine } = challengeRoutes;
    await expectAccessMatrix(
      t,
      { list, decide, hidePost, pinPost, challenge, mine },
      { student: students.Asha!, teacher, parent },
      {
        samples: {
          list: { query: 'taskId=999999' },
          decide: { body: { taskId: 999_999, questionTaskMapID: 1, decision: 'bonus', note: 'x' } },
          hidePost: { body: { postId: 999_999, reason: 'x' } },
          pinPost: { body: { postId: 999_999, pinned: true } },
          challenge: { body: { taskId: 999_999, questionTaskMapID: 1, reason: 'a reason long enough' } },
          mine: { query: 'taskId=999999' },
        },
      },
    );
    // The thread and posting are for students and staff: a parent is refused, nobody without a token.
    for (const route of [challengeRoutes.thread, challengeRoutes.post]) {
      const call = (user?: TestUser) =>
        t.call({
          method: route.method,
          url: `/api${route.path}${route.method === 'GET' ? `?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}` : ''}`,
          headers: user?.headers ?? {},
          ...(route.method === 'GET' ? {} : { payload: { ...q(0), text: 'Hi', language: 'en' } }),
        });
      expect((await call()).statusCode).toBe(401);
      expect((await call(parent)).statusCode).toBe(403);
    }
  });
});
