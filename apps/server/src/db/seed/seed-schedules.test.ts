import { academyRoutes, schedulesRoutes } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { courseMappings, tasks, testSchedules, topicOpenings, users } from '../schema/index.js';
import { seedDemoData } from './index.js';
import { OTHER_CLASS_STUDENT, SCHEDULED_TEST } from './seed-schedules.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function demoUser(username: string): Promise<TestUser> {
  const [row] = await t.deps.db.select().from(users).where(eq(users.username, username));
  return { ...(await t.signIn(row!.id)), id: row!.id, username, email: '', role: row!.role as TestUser['role'], password: '' };
}

it('maps the demo courses, schedules a test for the school student’s class and locks a later topic for the student’s; a second run changes nothing', { timeout: 60_000 }, async () => {
  await seedDemoData(t.deps);
  const counts = async () => [
    (await t.deps.db.select().from(courseMappings)).length,
    (await t.deps.db.select().from(testSchedules)).length,
    (await t.deps.db.select().from(topicOpenings)).length,
  ];
  const first = await counts();
  // Schedules: the weekly test's window, the two past unit tests' windows for class 11 (seed-demo-attempts)
  // and the two-shift mock's two windows, class 11's and class 12's (seed-shift-mock).
  expect(first).toEqual([4, 5, 1]);
  await seedDemoData(t.deps);
  expect(await counts()).toEqual(first);

  const schoolStudent = await demoUser('schoolstudent');
  expect((await callAs(t, schoolStudent, schedulesRoutes.mySchedule)).json().body.tests.map((x: { taskName: string }) => x.taskName)).toEqual([SCHEDULED_TEST]);
  const student = await demoUser('student');
  const mine = (await callAs(t, student, schedulesRoutes.mySchedule)).json().body;
  expect(mine.tests).toEqual([]);
  expect(mine.topics).toEqual([expect.objectContaining({ isOpen: false })]);
  const courses = (await callAs(t, student, academyRoutes.listCourses)).json().body;
  expect(courses.length).toBeGreaterThanOrEqual(2);
  // The other class's student has neither the window nor the lock.
  const other = await demoUser(OTHER_CLASS_STUDENT.username);
  expect((await callAs(t, other, schedulesRoutes.mySchedule)).json().body).toEqual({ topics: [], tests: [] });
  // Kaveri's weekly test is Kaveri's: a Sunrise student of class 11 neither sees nor opens it (decision 038).
  const [weekly] = await t.deps.db.select().from(tasks).where(eq(tasks.name, SCHEDULED_TEST));
  const listed = (await callAs(t, other, academyRoutes.listTasks, { query: { courseId: weekly!.courseId, topicId: weekly!.topicId } })).json().body;
  expect(listed.tasks.length).toBeGreaterThan(0);
  expect(listed.tasks.map((x: { TaskName: string }) => x.TaskName)).not.toContain(SCHEDULED_TEST);
  expect((await callAs(t, other, academyRoutes.getContent, { query: { courseId: weekly!.courseId, taskId: weekly!.id } })).statusCode).toBe(404);
  expect((await callAs(t, schoolStudent, academyRoutes.getContent, { query: { courseId: weekly!.courseId, taskId: weekly!.id } })).statusCode).toBe(200);
});
