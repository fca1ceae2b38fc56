import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, summaryLayouts, taskQuestions } from '../../../db/schema/index.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';
import { withSummariesBeforeLayouts } from '../../../../test/summaries-before-layouts.js';
import { MIGRATIONS_DIR } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-rows.js';
import type { SummaryLayoutQuestion, SummaryQuestion } from '../../../db/schema/index.js';
import { createSummariesRepository } from './reports.repository.js';
import { questionsOf } from './reports.summary.js';

/* Decision 097: a summary's questions are its test's layout (written once, shared) and its own item arrays. */

let t: TestApp;
let institute: TestInstitute;
let teacher: TestUser;
const { get, post } = jsonCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  institute = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(institute) });
});
afterAll(async () => t.close());

async function newTest(name: string): Promise<BuiltTest> {
  const own = { ownerInstituteId: institute.id, ownerClientId: institute.clientId };
  return createTestTask(t.deps.db, {
    task: { name, testType: 'practice', durationMinutes: null },
    sections: [
      { name: 'Physics', questions: [{ topicTags: ['Optics'], ...own }, { topicTags: ['Waves'], ...own }] },
      { name: 'Biology', questions: [{ topicTags: ['Cells'], ...own }] },
    ],
  });
}

/** A new student sits the test: the answer (an option) to each question by index, then submits. */
async function sit(test: BuiltTest, answers: Record<number, number>): Promise<{ student: TestUser; attemptId: string }> {
  const student = await t.createUser({ role: 'Student', ...placeIn(institute, 0, 0) });
  const session = await startAttempt(t, student, test);
  // Time on a question counts up to the time since the start.
  t.clock.advance(60_000);
  const saved = Object.entries(answers).map(([i, answerID]) => ({ questionTaskMapID: test.mapIds[Number(i)]!, questionType: 'singleChoice', answerID, timeSpent: 10 + Number(i), seq: 1 }));
  if (saved.length) expect((await saveAnswers(t, student, session.TestSessionID, saved)).statusCode).toBe(200);
  expect((await submitTest(t, student, session.TestSessionID, test.task.id)).statusCode).toBe(200);
  return { student, attemptId: session.TestSessionID };
}

const layoutsOf = (taskId: number) => t.deps.db.select().from(summaryLayouts).where(eq(summaryLayouts.taskId, taskId));
const wholeOf = async (attemptId: string) => (await createSummariesRepository(t.deps.db).summariesOf([attemptId]))[0]!;

describe('summary layouts', () => {
  it('are written once for the many closes of one test, and every summary of it refers to that one', async () => {
    const test = await newTest('One layout');
    const sat = [await sit(test, { 0: 2, 1: 3 }), await sit(test, { 0: 2 }), await sit(test, {}), await sit(test, { 2: 2 })];
    const layouts = await layoutsOf(test.task.id);
    expect(layouts).toHaveLength(1);
    expect(layouts[0]!.questions.map((q) => [q.mapId, q.section, q.topics, q.marks])).toEqual([
      [test.mapIds[0], 'Physics', ['Optics'], 4],
      [test.mapIds[1], 'Physics', ['Waves'], 4],
      [test.mapIds[2], 'Biology', ['Cells'], 4],
    ]);
    const rows = await t.deps.db.select({ layoutKey: attemptSummaries.layoutKey, times: attemptSummaries.itemTimes }).from(attemptSummaries).where(inArray(attemptSummaries.attemptId, sat.map((s) => s.attemptId)));
    expect(new Set(rows.map((r) => r.layoutKey))).toEqual(new Set([layouts[0]!.key]));
    // The first student's questions made whole: the layout's places with the attempt's own figures.
    const first = await wholeOf(sat[0]!.attemptId);
    expect(first.questions.map((q) => [q.section, q.topics, q.status, q.marksAwarded, q.timeSpent])).toEqual([
      ['Physics', ['Optics'], 'correct', 4, 10],
      ['Physics', ['Waves'], 'wrong', -1, 11],
      ['Biology', ['Cells'], 'unanswered', 0, 0],
    ]);
    expect(first.topics.map((f) => [f.section, f.name, f.correct, f.wrong, f.skipped, f.scored, f.negativeMarksLost])).toEqual([
      ['Physics', 'Optics', 1, 0, 0, 4, 0],
      ['Physics', 'Waves', 0, 1, 0, -1, 1],
      ['Biology', 'Cells', 0, 0, 1, 0, 0],
    ]);
  });

  it('a changed question makes a new layout, and the summaries written before keep theirs', async () => {
    const test = await newTest('Changed layout');
    const before = await sit(test, { 0: 2 });
    // The first question is now worth 6 marks and filed under another topic.
    await t.deps.db.update(taskQuestions).set({ marks: 6 }).where(eq(taskQuestions.id, test.mapIds[0]!));
    const retagged = await post('/api/question-bank/v1/update', teacher, { questionId: test.sections[0]!.questions[0]!.question.id, expectedVersion: 1, tags: ['Lenses'] });
    expect(retagged.statusCode, retagged.body).toBe(200);
    const after = await sit(test, { 0: 2 });
    expect(await layoutsOf(test.task.id)).toHaveLength(2);
    const [old, changed] = [await wholeOf(before.attemptId), await wholeOf(after.attemptId)];
    expect(old.layoutKey).not.toBe(changed.layoutKey);
    expect([old.questions[0]!.topics, old.questions[0]!.marks, old.questions[0]!.marksAwarded]).toEqual([['Optics'], 4, 4]);
    expect([changed.questions[0]!.topics, changed.questions[0]!.marks, changed.questions[0]!.marksAwarded]).toEqual([['Lenses'], 6, 6]);
    expect(old.topics.map((f) => f.name)).toEqual(['Optics', 'Waves', 'Cells']);
    expect(changed.topics.map((f) => f.name)).toEqual(['Lenses', 'Waves', 'Cells']);
  });

  it('a regrade changes the item arrays in place, and the dashboard reads the new figures', async () => {
    const test = await newTest('Regraded layout');
    const { student, attemptId } = await sit(test, { 0: 3, 1: 2 });
    const was = await wholeOf(attemptId);
    expect([was.itemStatuses, was.itemMarks]).toEqual(['wcu', [-1, 4, 0]]);
    const dashboardBefore = (await get('/api/reports/v1/dashboard', student)).json().body;
    expect(dashboardBefore.topics.find((x: { topic: string }) => x.topic === 'Optics')).toMatchObject({ subject: 'Physics', questions: 1, correct: 0 });

    // The first question's key becomes option 3: the answer given is now right.
    const question = test.sections[0]!.questions[0]!.question;
    expect((await post('/api/question-bank/v1/update', teacher, { questionId: question.id, expectedVersion: 1, correctAnswerId: 3 })).statusCode).toBe(200);
    const regraded = await post('/api/question-bank/v1/regrade', teacher, { questionId: question.id });
    expect(regraded.statusCode, regraded.body).toBe(200);

    const now = await wholeOf(attemptId);
    expect(now.layoutKey).toBe(was.layoutKey);
    expect([now.itemStatuses, now.itemMarks, now.scored, now.correct, now.wrong]).toEqual(['ccu', [4, 4, 0], 8, 2, 0]);
    expect(now.topics.find((f) => f.name === 'Optics')).toMatchObject({ correct: 1, wrong: 0, scored: 4, negativeMarksLost: 0 });
    const dashboard = (await get('/api/reports/v1/dashboard', student)).json().body;
    expect(dashboard.topics.find((x: { topic: string }) => x.topic === 'Optics')).toMatchObject({ subject: 'Physics', questions: 1, correct: 1 });
    expect(dashboard.attempts[0]).toMatchObject({ attemptId, scored: 8 });
  });

  it('the migration makes the layouts and arrays of the summaries written before it from their questions', async () => {
    const test = await newTest('Migrated layout');
    await sit(test, { 0: 2, 1: 3, 2: 2 });
    await sit(test, { 1: 2 });
    const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_summary-layouts.sql'))!;
    const statements = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint');
    const from = statements.findIndex((s) => s.includes('CREATE TEMP TABLE "summary_layout_of"'));
    const to = statements.findIndex((s) => s.includes('DROP TABLE "summary_layout_of"'));
    expect(to).toBeGreaterThan(from);
    const migrated = await withSummariesBeforeLayouts(t.deps.db, async (tx) => {
      // The copy as before the migration: its questions as JSON, no layout and no new arrays.
      await tx.execute(sql`UPDATE attempt_summaries SET layout_key = NULL, item_times = '{}', item_changes = '{}', item_first_statuses = '' WHERE task_id = ${test.task.id}`);
      for (const statement of statements.slice(from, to + 1)) await tx.execute(sql.raw(statement));
      return rowsOf<{
        layoutKey: string;
        questions: SummaryQuestion[];
        layout: SummaryLayoutQuestion[];
        itemMapIds: number[];
        itemMarks: number[];
        itemStatuses: string;
        itemTimes: number[];
        itemChanges: number[];
        itemFirstStatuses: string;
      }>(
        await tx.execute(sql`
          SELECT s.layout_key AS "layoutKey", s.questions, l.questions AS layout, s.item_map_ids AS "itemMapIds", s.item_marks AS "itemMarks",
            s.item_statuses AS "itemStatuses", s.item_times AS "itemTimes", s.item_changes AS "itemChanges", s.item_first_statuses AS "itemFirstStatuses"
          FROM attempt_summaries s JOIN summary_layouts l ON l.key = s.layout_key WHERE s.task_id = ${test.task.id}`),
      );
    });
    expect(migrated).toHaveLength(2);
    // One layout for both, and each summary's questions whole again from it and the arrays.
    expect(new Set(migrated.map((m) => m.layoutKey)).size).toBe(1);
    for (const m of migrated) expect(questionsOf(m, m.layout)).toEqual(m.questions);
  });
});
