import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { taskQuestions, tasks } from '../schema/index.js';
import { seedDemoData } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
}, 120_000);
afterAll(async () => t.close());

it('the demo practice sets hold no question, nor a copy of its statement, that an open graded test holds: every practice key can be revealed', async () => {
  const placed = await t.deps.db
    .select({ task: tasks.name, questionId: taskQuestions.questionId })
    .from(taskQuestions)
    .innerJoin(tasks, eq(tasks.id, taskQuestions.taskId))
    .where(eq(tasks.testType, 'practice'));
  expect(placed.length).toBeGreaterThan(5);
  const { academy, questionBank } = t.app.services;
  const held = await questionBank.heldByIdOrCopy(
    placed.map((p) => p.questionId),
    (ids) => academy.questionsInOpenGradedTests(ids),
  );
  expect(placed.filter((p) => held.has(p.questionId))).toEqual([]);
}, 120_000);
