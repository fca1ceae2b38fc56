import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import {
  attemptQuestionVersions,
  auditLog,
  centreIdentity,
  centreLoadedDraws,
  centreLoadedRows,
  centreStagedDraws,
  centreStagedExams,
  examAttempts,
  questions,
  questionVersionTexts,
  tasks,
  taskQuestions,
  taskSections,
  testSchedules,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { createQuestion, createTestTask, type BuiltTest, type QuestionRow } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { sealChain } from './centre.chain.js';
import { signInAtCentre, startCentralAndCentre } from '../../../test/centre-fixtures.js';
import { marksOf } from '../../../test/attempt-marks.js';

/**
 * A test with a random-draw section on an exam centre (decision 076): a central server listening on
 * a port (its own embedded database) and a centre server on the test database. The central server
 * draws the window once at staging and seals the draw's questions in the paper; the centre serves
 * that draw to every start in the window, and the synced attempts are accepted and scored the same.
 */
let central: TestApp;
let centralDatabase: Database;
let centre: TestApp;
const clock = new ManualClock(Date.UTC(2026, 5, 2, 6, 0, 0));
let home: TestInstitute;
let lab: TestInstitute;
let centralAdmin: TestUser;
let labAdmin: TestUser;
let first: TestUser;
let second: TestUser;
let test: BuiltTest;
let drawSectionId: number;
let pool: QuestionRow[];
let scheduleId: number;
const DRAW_COUNT = 2;
const opensAt = new Date(clock.now().getTime() + 3_600_000);

const centreCall = (url: string, user: TestUser | { headers: Record<string, string> } | null, payload: object) =>
  centre.call({ method: 'POST', url, headers: user?.headers ?? {}, payload });

beforeAll(async () => {
  ({ central, centralDatabase, centre } = await startCentralAndCentre(clock));

  home = await createInstitute(central);
  centralAdmin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  first = await central.createUser({ role: 'Student', ...placeIn(home, 0), password: 'Central-pass-1' });
  second = await central.createUser({ role: 'Student', ...placeIn(home, 0), password: 'Central-pass-2' });
  // A placed section, and a section drawing two of the bank's questions per window.
  test = await createTestTask(central.deps.db, { sections: [{ name: 'Physics', questions: [{}, {}] }, { name: 'Biology', questions: [] }] });
  drawSectionId = test.sections[1]!.id;
  pool = [];
  for (let i = 0; i < 5; i += 1) pool.push(await createQuestion(central.deps.db, { data: `Pool question ${i} on the Krebs cycle` }));
  await central.deps.db
    .update(taskSections)
    .set({ questionSource: 'draw', drawRule: { topicIds: [], difficulties: [], count: DRAW_COUNT, marks: 4, negativeMarks: 1 } })
    .where(eq(taskSections.id, drawSectionId));
  const closesAt = new Date(opensAt.getTime() + 4 * 3_600_000);
  const [window] = await central.deps.db.insert(testSchedules).values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[0]!.id, opensAt, closesAt }).returning();
  scheduleId = window!.id;

  lab = await createInstitute(centre);
  labAdmin = await centre.createUser({ role: 'InstituteAdmin', ...placeIn(lab) });
  const code = await central.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: centralAdmin.headers, payload: {} });
  expect(code.statusCode, code.body).toBe(200);
  const paired = await centreCall('/api/centre/v1/local/pair', labAdmin, { code: code.json().body.code, name: 'Lab Draw' });
  expect(paired.statusCode, paired.body).toBe(200);
}, 300_000);

afterAll(async () => {
  await centre?.close();
  await central?.close();
  await centralDatabase?.close();
});

/** The central server's staged draw for the window: its drawn placements, in order. */
const stagedDraw = async () =>
  (await central.deps.db.select().from(centreStagedDraws).where(eq(centreStagedDraws.scheduleId, scheduleId)).orderBy(asc(centreStagedDraws.position))).map((row) => row.questionTaskMapId);

describe('staging a test with a random-draw section', () => {
  it('draws the window once, keeps the draw, and sends nothing of it readable before the key', async () => {
    const staged = await centreCall('/api/centre/v1/local/stage', labAdmin, {});
    expect(staged.statusCode, staged.body).toBe(200);
    const draw = await stagedDraw();
    expect(draw).toHaveLength(DRAW_COUNT);
    const drawnRows = await central.deps.db.select().from(taskQuestions).where(inArray(taskQuestions.id, draw));
    expect(drawnRows.every((row) => row.isDrawn && row.sectionId === drawSectionId && row.marks === 4 && row.negativeMarks === 1)).toBe(true);
    // Drawn from the pool, not from the test's own questions.
    expect(drawnRows.every((row) => pool.some((q) => q.id === row.questionId))).toBe(true);
    // A later staging sends the same draw.
    expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);
    expect(await stagedDraw()).toEqual(draw);
    // The locked paper on the centre holds no pool text, and nothing is loaded.
    const [exam] = await centre.deps.db.select().from(centreStagedExams).where(eq(centreStagedExams.scheduleId, scheduleId));
    expect(exam!.dataKey).toBeNull();
    expect(exam!.paper).not.toContain('Krebs');
    expect(await centre.deps.db.select().from(tasks)).toEqual([]);
  });
});

describe('the exam on the centre', () => {
  const sessions = new Map<number, { attemptId: string }>();

  it('loads the draw with the paper at the unlock', async () => {
    clock.set(opensAt);
    const res = await centreCall('/api/centre/v1/local/unlock', labAdmin, { scheduleId });
    expect(res.statusCode, res.body).toBe(200);
    const loaded = await centre.deps.db.select().from(centreLoadedDraws).orderBy(asc(centreLoadedDraws.position));
    expect(loaded).toHaveLength(DRAW_COUNT);
    // Each loaded draw placement stands for the central one, in the draw's order.
    const central = await centre.deps.db.select().from(centreLoadedRows).where(and(eq(centreLoadedRows.kind, 'taskQuestion'), inArray(centreLoadedRows.localId, loaded.map((row) => row.questionTaskMapId))));
    const centralOf = new Map(central.map((row) => [row.localId, row.centralId]));
    expect(loaded.map((row) => centralOf.get(row.questionTaskMapId))).toEqual(await stagedDraw());
    const texts = (await centre.deps.db.select().from(questionVersionTexts)).map((text) => text.data);
    expect(texts.filter((text) => text.includes('Krebs'))).toHaveLength(DRAW_COUNT);
  });

  it('serves two students the window’s draw; they answer and submit', async () => {
    // The centre's own bank has questions in the test owner's scope too: a draw made here would pick among them.
    for (let i = 0; i < 6; i += 1) await createQuestion(centre.deps.db, { ownerClientId: lab.clientId, ownerInstituteId: lab.id });
    const [task] = await centre.deps.db.select().from(tasks);
    const draw = (await centre.deps.db.select().from(centreLoadedDraws).orderBy(asc(centreLoadedDraws.position))).map((row) => row.questionTaskMapId);
    for (const [student, password, rightAnswers] of [
      [first, 'Central-pass-1', 4],
      [second, 'Central-pass-2', 1],
    ] as const) {
      const headers = await signInAtCentre(centre, student.username, password);
      const started = await centreCall('/api/task/v1/practise', headers, { taskID: task!.id, courseID: task!.courseId, languageID: 1 });
      expect(started.statusCode, started.body).toBe(200);
      const attemptId = started.json().body.TestSessionID as string;
      const [attempt] = await centre.deps.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
      // Two placed questions, then the window's draw in its section.
      expect(attempt!.questionOrder).toHaveLength(2);
      expect([...attempt!.questionOrder[1]!].sort()).toEqual([...draw].sort());
      const drawnServed = await centre.deps.db.select().from(attemptQuestionVersions).where(eq(attemptQuestionVersions.attemptId, attemptId));
      expect(drawnServed.map((row) => row.questionTaskMapId).sort()).toEqual([...draw].sort());
      const mapIds = attempt!.questionOrder.flat();
      const saved = await centreCall('/api/task/v1/saveAnswer', headers, {
        TestSessionID: attemptId,
        // The factory's key is option 2.
        data: mapIds.map((mapId, index) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: index < rightAnswers ? 2 : 1, seq: 1 })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = await centreCall('/api/task/v1/submitTest', headers, { TestSessionID: attemptId, TaskID: task!.id });
      expect(submitted.statusCode, submitted.body).toBe(200);
      sessions.set(student.id, { attemptId });
    }
    const scored = await centre.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, task!.id));
    // 4 right: 16; 1 right, 3 wrong: 4 − 3 = 1; out of 16 each (two placed, two drawn at +4).
    expect(scored.map((a) => [a.status, a.scored, a.total]).sort()).toEqual([
      ['submitted', 1, 16],
      ['submitted', 16, 16],
    ]);
  });

  it('syncs both attempts; the central server accepts the drawn questions and scores them as the centre did', async () => {
    const synced = await centreCall('/api/centre/v1/local/sync', labAdmin, {});
    expect(synced.statusCode, synced.body).toBe(200);
    const local = await centre.deps.db.select().from(examAttempts);
    const remote = await central.deps.db.select().from(examAttempts).where(eq(examAttempts.taskId, test.task.id));
    expect(remote).toHaveLength(2);
    const draw = await stagedDraw();
    for (const student of [first, second]) {
      const mine = local.find((a) => a.id === sessions.get(student.id)!.attemptId)!;
      const theirs = remote.find((a) => a.userId === student.id)!;
      expect({ status: theirs.status, scored: theirs.scored, total: theirs.total }).toEqual({ status: 'submitted', scored: mine.scored, total: mine.total });
      // The central attempt holds the staged draw, each drawn answer marked as on the centre.
      expect(theirs.questionOrder[1]!.slice().sort()).toEqual([...draw].sort());
      const localMarks = await marksOf(centre.deps.db, [mine.id]);
      const remoteMarks = await marksOf(central.deps.db, [theirs.id]);
      expect(remoteMarks.map((a) => a.status).sort()).toEqual(localMarks.map((a) => a.status).sort());
      expect(remoteMarks.filter((a) => draw.includes(a.questionTaskMapId))).toHaveLength(DRAW_COUNT);
    }
  });

  it('refuses a synced attempt carrying a drawn question outside the staged draw, and imports nothing of it', async () => {
    const draw = await stagedDraw();
    const drawnQuestionIds = new Set((await central.deps.db.select().from(taskQuestions).where(inArray(taskQuestions.id, draw))).map((row) => row.questionId));
    const outside = pool.find((q) => !drawnQuestionIds.has(q.id))!;
    // Another window's draw made this placement on the central server: it was never given to this centre.
    const [foreign] = await central.deps.db
      .insert(taskQuestions)
      .values({ taskId: test.task.id, sectionId: drawSectionId, questionId: outside.id, sortOrder: 9, isDrawn: true, marks: 4, negativeMarks: 1 })
      .returning();
    const versions = new Map((await central.deps.db.select({ id: questions.id, versionId: questions.currentVersionId }).from(questions)).map((q) => [q.id, q.versionId!]));
    const [identity] = await centre.deps.db.select().from(centreIdentity);
    const attemptId = randomUUID();
    const startedAt = new Date(clock.now().getTime() - 50 * 60_000);
    const placed = test.sections[0]!.questions;
    const header = {
      scheduleId,
      taskId: test.task.id,
      userId: first.id,
      startedAt: startedAt.toISOString(),
      deadlineAt: new Date(startedAt.getTime() + 60 * 60_000).toISOString(),
      submittedAt: new Date(startedAt.getTime() + 45 * 60_000).toISOString(),
      submitReason: 'student',
      tabChangeWarnings: 0,
      screenInactive: null,
      languageId: null,
      questionOrder: [placed.map((q) => q.mapId), [draw[0]!, foreign!.id]],
      served: [
        ...placed.map((q) => ({ questionTaskMapId: q.mapId, questionId: q.question.id, questionVersionId: versions.get(q.question.id)! })),
        { questionTaskMapId: foreign!.id, questionId: outside.id, questionVersionId: versions.get(outside.id)! },
      ],
      centreScored: 0,
    };
    const answer = { kind: 'answer' as const, data: { questionTaskMapId: foreign!.id, seq: 1, answerId: 2, answerData: null, timeSpentSeconds: 20, isMarked: false, firstAnswer: null, changeCount: 1, updatedAt: startedAt.toISOString() } };
    const chain = sealChain({ centreId: identity!.centreId, attemptId }, [{ kind: 'attempt', data: header }, answer]);
    const before = (await central.deps.db.select().from(examAttempts)).length;
    const res = await central.call({
      method: 'POST',
      url: '/api/centre/v1/sync',
      headers: { authorization: `Centre ${identity!.credential}` },
      payload: { attempts: [{ attemptId, head: { recordCount: chain.length, headHash: chain.at(-1)!.hash }, records: chain }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body.attempts).toEqual([expect.objectContaining({ attemptId, state: 'refused', reason: 'unknownQuestion', centralAttemptId: null })]);
    expect((await central.deps.db.select().from(examAttempts)).length).toBe(before);
    const refusals = await central.deps.db.select().from(auditLog).where(eq(auditLog.action, 'centre.syncRefused'));
    expect(refusals.map((row) => (row.after as { centreAttemptId?: string }).centreAttemptId)).toContain(attemptId);
  });
});

describe('a second window of the same test on the centre', () => {
  it('comes with its own draw, loaded beside the first one for the same test', async () => {
    const [other] = await central.deps.db
      .insert(testSchedules)
      .values({ taskId: test.task.id, instituteId: home.id, classId: home.classes[1]!.id, opensAt: clock.now(), closesAt: new Date(clock.now().getTime() + 3_600_000) })
      .returning();
    expect((await centreCall('/api/centre/v1/local/stage', labAdmin, {})).statusCode).toBe(200);
    const res = await centreCall('/api/centre/v1/local/unlock', labAdmin, { scheduleId: other!.id });
    expect(res.statusCode, res.body).toBe(200);
    const staged = (await central.deps.db.select().from(centreStagedDraws).where(eq(centreStagedDraws.scheduleId, other!.id)).orderBy(asc(centreStagedDraws.position))).map((row) => row.questionTaskMapId);
    expect(staged).toHaveLength(DRAW_COUNT);
    const [localWindow] = await centre.deps.db.select().from(centreLoadedRows).where(and(eq(centreLoadedRows.kind, 'schedule'), eq(centreLoadedRows.centralId, other!.id)));
    const loaded = await centre.deps.db.select().from(centreLoadedDraws).where(eq(centreLoadedDraws.scheduleId, localWindow!.localId)).orderBy(asc(centreLoadedDraws.position));
    const centralOf = new Map(
      (await centre.deps.db.select().from(centreLoadedRows).where(eq(centreLoadedRows.kind, 'taskQuestion'))).map((row) => [row.localId, row.centralId]),
    );
    expect(loaded.map((row) => centralOf.get(row.questionTaskMapId))).toEqual(staged);
    // Still one test on the centre, its drawn placements those of both windows.
    expect(await centre.deps.db.select().from(tasks)).toHaveLength(1);
    const drawnHere = (await centre.deps.db.select().from(taskQuestions).where(eq(taskQuestions.isDrawn, true))).map((row) => centralOf.get(row.id));
    expect(new Set(drawnHere)).toEqual(new Set([...(await stagedDraw()), ...staged]));
  });
});
