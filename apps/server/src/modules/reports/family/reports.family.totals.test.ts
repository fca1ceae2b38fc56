import fs from 'node:fs';
import path from 'node:path';
import type { Retest } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../../test/test-app.js';
import { createTestTask, startAttempt, submitTest, type BuiltTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../../test/factories/scope.js';
import { createExamTestApp, jsonCalls } from '../../../../test/exam-fixtures.js';
import { MIGRATIONS_DIR } from '../../../db/client.js';
import { attemptSummaries, studentCourseTotals, studentSubjectTotals } from '../../../db/schema/index.js';
import { createFamilyReportsRepository } from './reports.family.repository.js';

/**
 * The running totals of first attempts (student_course_totals, student_subject_totals: an
 * institute's participants per course and its subject accuracy) count class tests only: a weekly
 * re-test, a task owned by one student (decisions 081, 088), leaves them as they were.
 */
let t: TestApp;
let institute: TestInstitute;
let placed: TestUser;
let own: BuiltTest;
let retest: Retest;
let retestSummary: typeof attemptSummaries.$inferSelect;

const { post } = jsonCalls(() => t);

const totalsOf = async (userId: number) => ({
  courses: (await t.deps.db.select().from(studentCourseTotals).where(eq(studentCourseTotals.userId, userId))).map((r) => ({ courseId: r.courseId, attempts: r.attempts })),
  subjects: (await t.deps.db.select().from(studentSubjectTotals).where(eq(studentSubjectTotals.userId, userId)))
    .map((r) => ({ courseId: r.courseId, subject: r.subject, questions: r.questions, correct: r.correct }))
    .sort((a, b) => a.subject.localeCompare(b.subject)),
});

const answers = (maps: number[], answerID: number) => maps.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 20, seq: 1 }));

/** The migration's statements, found by name whatever its number. */
function migrationStatements(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entry = journal.entries.find((e) => e.tag.endsWith('_retest-out-of-totals'));
  expect(entry).toBeDefined();
  return fs
    .readFileSync(path.join(MIGRATIONS_DIR, `${entry!.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

beforeAll(async () => {
  ({ t } = await createExamTestApp());
  institute = await createInstitute(t, { isSchool: true });
  placed = await t.createUser({ role: 'SchoolStudent', ...placeIn(institute, 0) });
  // Option 2 is right; both questions are Biology.
  own = await createTestTask(t.deps.db, { sections: [{ name: 'Biology', questions: [{ topicTags: ['Cells'] }, { topicTags: ['Cells'] }] }] });
});
afterAll(async () => t.close());

describe('the institute’s running totals', () => {
  it('move with a class test’s first attempt', async () => {
    const family = createFamilyReportsRepository(t.deps.db);
    expect(await totalsOf(placed.id)).toEqual({ courses: [], subjects: [] });
    const first = await startAttempt(t, placed, own);
    expect((await post('/api/task/v1/saveAnswer', placed, { TestSessionID: first.TestSessionID, data: answers(own.mapIds, 3) })).statusCode).toBe(200);
    expect((await submitTest(t, placed, first.TestSessionID, own.task.id)).statusCode).toBe(200);
    expect(await totalsOf(placed.id)).toEqual({
      courses: [{ courseId: own.course.id, attempts: 1 }],
      subjects: [{ courseId: own.course.id, subject: 'Biology', questions: 2, correct: 0 }],
    });
    expect(await family.subjectAccuracy({ instituteId: institute.id })).toEqual([{ subject: 'Biology', questions: 2, correct: 0 }]);
    expect((await family.participants({ instituteId: institute.id })).find((r) => r.courseId === own.course.id && r.byClass === 0)).toMatchObject({ participants: 1 });
  });

  it('stay as they were after a re-test’s attempt, its rewrite and its removal', async () => {
    const family = createFamilyReportsRepository(t.deps.db);
    const before = await totalsOf(placed.id);
    const made = await post('/api/notebook/v1/retest/start', placed, {});
    expect(made.statusCode, made.body).toBe(200);
    retest = made.json().body as Retest;
    expect(retest.courseId).toBe(own.course.id);
    const session = await startAttempt(t, placed, { course: { id: retest.courseId } as BuiltTest['course'], task: { id: retest.taskId } as BuiltTest['task'] });
    const maps = session.section.flatMap((s) => s.question.map((q) => q.questionTaskMapID));
    expect((await post('/api/task/v1/saveAnswer', placed, { TestSessionID: session.TestSessionID, data: answers(maps, 2) })).statusCode).toBe(200);
    expect((await submitTest(t, placed, session.TestSessionID, retest.taskId)).statusCode).toBe(200);
    const [summary] = await t.deps.db.select().from(attemptSummaries).where(eq(attemptSummaries.taskId, retest.taskId));
    expect(summary).toMatchObject({ userId: placed.id, isFirstAttempt: true, subjects: [{ name: 'Biology', questions: 2, correct: 2 }] });
    retestSummary = summary!;

    expect(await totalsOf(placed.id)).toEqual(before);
    expect(await family.subjectAccuracy({ instituteId: institute.id })).toEqual([{ subject: 'Biology', questions: 2, correct: 0 }]);
    // A rewrite of the summaries (a regrade's statement) over the re-test's and the class test's rows alike.
    await t.deps.db.execute(sql`UPDATE attempt_summaries SET subjects = subjects WHERE user_id = ${placed.id}`);
    expect(await totalsOf(placed.id)).toEqual(before);
    await t.deps.db.delete(attemptSummaries).where(eq(attemptSummaries.taskId, retest.taskId));
    expect(await totalsOf(placed.id)).toEqual(before);
  });

  it('kept before the migration lose what re-test attempts added, and only that', async () => {
    const before = await totalsOf(placed.id);
    // The re-test's summary back, and counted as the earlier trigger counted every first attempt.
    await t.deps.db.insert(attemptSummaries).values(retestSummary);
    expect(await totalsOf(placed.id)).toEqual(before);
    await t.deps.db.execute(sql`SELECT report_totals_add(${placed.id}, ${retestSummary.courseId}, ${JSON.stringify(retestSummary.subjects)}::jsonb, 1)`);
    expect(await totalsOf(placed.id)).toEqual({
      courses: [{ courseId: own.course.id, attempts: 2 }],
      subjects: [{ courseId: own.course.id, subject: 'Biology', questions: 4, correct: 2 }],
    });

    for (const statement of migrationStatements()) await t.deps.db.execute(sql.raw(statement));
    expect(await totalsOf(placed.id)).toEqual(before);
  });
});
