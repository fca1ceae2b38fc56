import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSummaries, examAttempts, studentCourseTotals, studentSubjectTotals, taskProgress } from '../../db/schema/index.js';
import { createTestTask, saveAnswers, startAttempt, submitTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

/**
 * Closes made together (decision 096): the sweeper's expired attempts are closed as one group, in
 * one transaction and one write of every attempt's scores, summary and course progress, and the
 * first attempts' running totals follow the group's summaries once (one trigger for the statement).
 */
let t: TestApp;
const students: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 4; i++) students.push(await t.createUser({ role: 'Student' }));
});
afterAll(async () => t.close());

describe('closes made together', () => {
  it('closes every expired attempt of a group with its own marks, summary, progress and totals, and leaves a submitted one as it was', async () => {
    // Option 2 is right for both questions; both count under Biology.
    const test = await createTestTask(t.deps.db, { task: { durationMinutes: 10 }, sections: [{ name: 'Biology', questions: [{}, {}] }] });
    const sessions = [];
    for (const student of students) sessions.push(await startAttempt(t, student, test));
    const answer = (answerID: number) => test.mapIds.map((mapId) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, seq: 1 }));
    // Student 0: both right; 1: both wrong; 2: nothing; 3: submits both right before the clock runs out.
    expect((await saveAnswers(t, students[0]!, sessions[0]!.TestSessionID, answer(2))).statusCode).toBe(200);
    expect((await saveAnswers(t, students[1]!, sessions[1]!.TestSessionID, answer(1))).statusCode).toBe(200);
    expect((await saveAnswers(t, students[3]!, sessions[3]!.TestSessionID, answer(2))).statusCode).toBe(200);
    expect((await submitTest(t, students[3]!, sessions[3]!.TestSessionID, test.task.id)).statusCode).toBe(200);
    const [before] = await t.deps.db.select().from(examAttempts).where(eq(examAttempts.id, sessions[3]!.TestSessionID));

    t.clock.advance(11 * 60_000);
    await t.app.services.exam.sweepExpired();

    const ids = sessions.map((s) => s.TestSessionID);
    const rows = await t.deps.db.select().from(examAttempts).where(inArray(examAttempts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)!.status)).toEqual(['submitted', 'submitted', 'submitted', 'submitted']);
    expect(ids.map((id) => byId.get(id)!.submitReason)).toEqual(['timeout', 'timeout', 'timeout', 'student']);
    expect(ids.map((id) => byId.get(id)!.itemStatuses)).toEqual(['cc', 'ww', 'uu', 'cc']);
    const total = byId.get(ids[0]!)!.total!;
    expect(total).toBeGreaterThan(0);
    expect(byId.get(ids[0]!)!.scored).toBe(total);
    expect(byId.get(ids[1]!)!.scored).toBeLessThan(0);
    expect(byId.get(ids[2]!)!.scored).toBe(0);
    // The one submitted before is as it was.
    expect(byId.get(ids[3]!)!.submittedAt).toEqual(before!.submittedAt);

    const summaries = await t.deps.db.select().from(attemptSummaries).where(inArray(attemptSummaries.attemptId, ids));
    expect(summaries.map((s) => s.attemptId).sort()).toEqual([...ids].sort());
    const progress = await t.deps.db.select().from(taskProgress).where(eq(taskProgress.taskId, test.task.id));
    expect(progress.filter((p) => p.isCompleted).map((p) => p.userId).sort()).toEqual(students.map((s) => s.id).sort());

    const userIds = students.map((s) => s.id);
    const courses = await t.deps.db.select().from(studentCourseTotals).where(inArray(studentCourseTotals.userId, userIds));
    expect(courses.map((c) => [c.userId, c.courseId, c.attempts]).sort()).toEqual(userIds.map((id) => [id, test.course.id, 1]).sort());
    const subjects = await t.deps.db.select().from(studentSubjectTotals).where(inArray(studentSubjectTotals.userId, userIds));
    const bySubject = new Map(subjects.map((s) => [s.userId, [s.subject, s.questions, s.correct]]));
    expect(userIds.map((id) => bySubject.get(id))).toEqual([
      ['Biology', 2, 2],
      ['Biology', 2, 0],
      ['Biology', 2, 0],
      ['Biology', 2, 2],
    ]);
  });
});
