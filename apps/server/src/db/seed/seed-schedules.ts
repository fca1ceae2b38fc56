import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { hashPassword } from '../../lib/passwords.js';
import { classes, courseMappings, courses, institutes, sections, taskQuestions, taskSections, tasks, testSchedules, topicOpenings, topics, users } from '../schema/index.js';
import { DEMO_PASSWORD } from './seed-accounts.js';
import { COURSE_EN, COURSE_TN } from './seed-academy.js';

const DEMO_INSTITUTES = ['Sunrise Academy', 'Kaveri Higher Secondary School'];
/** The demo student's class gets the later topic. */
const DEMO_INSTITUTE = 'Sunrise Academy';
const DEMO_CLASS = '12';
/** The demo school student's class (the role with the calendar in its menu) gets the weekly test. */
const SCHOOL_INSTITUTE = 'Kaveri Higher Secondary School';
const SCHOOL_CLASS = '11';
const SCHOOL_SECTION = 'B';
const DAY_MS = 24 * 60 * 60_000;
export const SCHEDULED_TEST = 'Weekly Test 1';
/** Left unscheduled so that staff can try the Test Schedule screen on it. */
export const UNSCHEDULED_TEST = 'Weekly Test 2';
const LATER_TOPIC = 'Coming next: Human physiology';
/** A student of the other class of the demo institute, who does not get the class's schedule. */
export const OTHER_CLASS_STUDENT = { username: 'schoolstudent11', email: 'schoolstudent11@demo.neetprep.local', firstName: 'Divya', lastName: 'Mohan', phone: '9000000011' };

/**
 * Demo schedules, idempotent: every demo course mapped to the demo institutes, a weekly test
 * open for the demo school student's section from the first start for seven days, and a topic
 * that opens a week later for the demo student's class.
 */
export async function seedSchedules({ db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>): Promise<void> {
  const now = clock.now();
  const instituteRows = await db.select({ id: institutes.id, name: institutes.name }).from(institutes).where(inArray(institutes.name, DEMO_INSTITUTES));
  const courseRows = await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.name, [COURSE_EN, COURSE_TN]));
  for (const course of courseRows) {
    for (const institute of instituteRows) {
      await db.insert(courseMappings).values({ courseId: course.id, instituteId: institute.id }).onConflictDoNothing();
    }
  }

  const home = instituteRows.find((i) => i.name === DEMO_INSTITUTE);
  const english = courseRows.find((c) => c.name === COURSE_EN);
  if (!home || !english) return;
  const [demoClass] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, home.id), eq(classes.name, DEMO_CLASS)));
  const [mocks] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.courseId, english.id), eq(topics.sortOrder, 0))).orderBy(asc(topics.id)).limit(1);
  if (!demoClass || !mocks) return;

  const school = instituteRows.find((i) => i.name === SCHOOL_INSTITUTE);
  const [schoolClass] = school ? await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, school.id), eq(classes.name, SCHOOL_CLASS))) : [];
  const [schoolSection] = schoolClass ? await db.select({ id: sections.id }).from(sections).where(and(eq(sections.classId, schoolClass.id), eq(sections.name, SCHOOL_SECTION))) : [];
  for (const [index, name] of [SCHEDULED_TEST, UNSCHEDULED_TEST].entries()) {
    // The weekly test is Kaveri's own (its teachers schedule it for their class): other institutes'
    // students never get it (decision 038). The unscheduled one stays the client's, for any institute to try.
    const ownerInstituteId = name === SCHEDULED_TEST ? (school?.id ?? null) : null;
    const taskId = await ensureWeeklyTest(db, english.id, mocks.id, name, 90 + index, ownerInstituteId);
    if (name === SCHEDULED_TEST && taskId && school && schoolClass) {
      await db
        .insert(testSchedules)
        .values({ taskId, instituteId: school.id, classId: schoolClass.id, sectionId: schoolSection?.id ?? null, opensAt: now, closesAt: new Date(now.getTime() + 7 * DAY_MS) })
        .onConflictDoNothing();
    }
  }

  let [later] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.courseId, english.id), eq(topics.name, LATER_TOPIC)));
  if (!later) {
    [later] = await db
      .insert(topics)
      .values({ courseId: english.id, name: LATER_TOPIC, description: 'Opens for class 12 a week after the course starts.', sortOrder: 99 })
      .returning({ id: topics.id });
    await db.insert(tasks).values({
      courseId: english.id,
      topicId: later!.id,
      kind: 'lesson',
      name: 'Digestion and absorption',
      contentType: 'richText',
      richText: '<p>The digestive system breaks food down into molecules small enough to be absorbed in the small intestine.</p>',
    });
    await db.insert(topicOpenings).values({ topicId: later!.id, instituteId: home.id, classId: demoClass.id, opensAt: new Date(now.getTime() + 7 * DAY_MS) }).onConflictDoNothing();
  }

  await ensureOtherClassStudent(db, config.PASSWORD_HASH_MEMORY_KIB, home.id);
}

/** A short test made of the first questions of the course's first test (bank questions are reused by placement). */
async function ensureWeeklyTest(db: AppDeps['db'], courseId: number, topicId: number, name: string, sortOrder: number, ownerInstituteId: number | null): Promise<number | undefined> {
  const [existing] = await db.select({ id: tasks.id, ownerInstituteId: tasks.ownerInstituteId }).from(tasks).where(and(eq(tasks.courseId, courseId), eq(tasks.name, name)));
  // A demo seeded before the test had its owner is given it.
  if (existing && existing.ownerInstituteId !== ownerInstituteId) await db.update(tasks).set({ ownerInstituteId }).where(eq(tasks.id, existing.id));
  if (existing) return existing.id;
  const source = await db
    .select({ questionId: taskQuestions.questionId })
    .from(taskQuestions)
    .innerJoin(tasks, eq(tasks.id, taskQuestions.taskId))
    .where(and(eq(tasks.topicId, topicId), eq(tasks.kind, 'test')))
    .orderBy(asc(tasks.sortOrder), asc(taskQuestions.sortOrder))
    .limit(5);
  if (source.length === 0) return undefined;
  const [task] = await db
    .insert(tasks)
    .values({ courseId, topicId, name, kind: 'test', testType: 'test', durationMinutes: 15, sortOrder, ownerInstituteId, instructions: '<p>A short weekly test. Start it inside its window.</p>' })
    .returning({ id: tasks.id });
  const [section] = await db.insert(taskSections).values({ taskId: task!.id, sectionIndex: 0, name: 'Questions' }).returning({ id: taskSections.id });
  const unique = [...new Set(source.map((s) => s.questionId))];
  await db.insert(taskQuestions).values(unique.map((questionId, i) => ({ taskId: task!.id, sectionId: section!.id, questionId, sortOrder: i })));
  return task!.id;
}

async function ensureOtherClassStudent(db: AppDeps['db'], cost: number, instituteId: number): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${OTHER_CLASS_STUDENT.username}`);
  if (existing) return;
  const [cls] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, instituteId), eq(classes.name, '11')));
  const [section] = cls ? await db.select({ id: sections.id }).from(sections).where(and(eq(sections.classId, cls.id), eq(sections.name, 'A'))) : [];
  await db.insert(users).values({
    ...OTHER_CLASS_STUDENT,
    role: 'SchoolStudent',
    passwordHash: await hashPassword(DEMO_PASSWORD, cost),
    emailVerified: true,
    instituteId,
    classId: cls?.id ?? null,
    sectionId: section?.id ?? null,
    registeredAt: new Date(),
  });
}
