import { DEFAULT_TIME_ZONE } from '@app/contracts';
import { and, asc, eq, gte, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dateIn } from '../../../lib/zoned-dates.js';
import { courseProgress, courses, currentQuestions, studyDays, taskProgress, taskQuestions, taskSections, tasks, topics } from '../../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;
/** A test with its course's name, state and owner (who may take it: lib/content-reach.ts). */
export type TestTaskRow = TaskRow & { courseName: string; coursePublished: boolean; courseClientId: string; courseInstituteId: number | null };
export type SectionRow = typeof taskSections.$inferSelect;
/** A question as placed in a test: its map id (the spec's questionTaskMapID) and per-test marks, if any. */
export interface Placement {
  mapId: number;
  sectionId: number;
  sortOrder: number;
  questionId: number;
  /** Per-test overrides; null uses the question version's marks. */
  marksOverride: number | null;
  negativeMarksOverride: number | null;
}

const placementColumns = {
  mapId: taskQuestions.id,
  sectionId: taskQuestions.sectionId,
  sortOrder: taskQuestions.sortOrder,
  questionId: taskQuestions.questionId,
  marksOverride: taskQuestions.marks,
  negativeMarksOverride: taskQuestions.negativeMarks,
};

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

export function createAcademyRepository(db: Db) {
  /** Marks tasks completed (one row per student and task, the earliest time kept): an upsert that keeps a first completion time. */
  function completionOf(completions: TaskCompletion[]): SQL {
    const byKey = new Map<string, TaskCompletion>();
    for (const c of completions) {
      const key = `${c.userId}:${c.taskId}`;
      const known = byKey.get(key);
      if (!known || c.at < known.at) byKey.set(key, c);
    }
    return db
      .insert(taskProgress)
      .values([...byKey.values()].map((c) => ({ userId: c.userId, taskId: c.taskId, courseId: c.courseId, isCompleted: true, completedAt: c.at })))
      .onConflictDoUpdate({
        target: [taskProgress.userId, taskProgress.taskId],
        set: { isCompleted: true, completedAt: sql`coalesce(${taskProgress.completedAt}, excluded.completed_at)` },
      })
      .getSQL();
  }

  /** Published tasks per course/topic, and how many of them the student completed. */
  const taskCounts = (userId: number) =>
    db
      .select({
        courseId: tasks.courseId,
        topicId: tasks.topicId,
        total: sql<number>`count(*)`,
        completed: sql<number>`count(*) FILTER (WHERE ${taskProgress.isCompleted})`,
      })
      .from(tasks)
      .leftJoin(taskProgress, and(eq(taskProgress.taskId, tasks.id), eq(taskProgress.userId, userId)))
      .where(eq(tasks.isPublished, true))
      .groupBy(tasks.courseId, tasks.topicId);

  // A test's head (its row and its fingerprint) is read at every start and resume: prepared once
  // per connection, PostgreSQL parses and plans them once (a wave of starts reads them thousands of times).
  const testTask = db
    .select({ task: tasks, courseName: courses.name, coursePublished: courses.isPublished, courseClientId: courses.clientId, courseInstituteId: courses.instituteId })
    .from(tasks)
    .innerJoin(courses, eq(courses.id, tasks.courseId))
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .limit(1)
    .prepare('academy_test_task');
  const stampTaskId = sql`${sql.placeholder('taskId')}::int`;
  const testStamp = db
    .select({
      stamp: sql<string>`(SELECT md5(coalesce(string_agg(s::text, '|' ORDER BY s.id), '')) FROM ${taskSections} s WHERE s.task_id = ${stampTaskId})
          || (SELECT md5(coalesce(string_agg(concat_ws(':', tq.id, tq.section_id, tq.sort_order, tq.question_id, tq.marks, tq.negative_marks, tq.is_drawn,
                                                       q.current_version_id, q.updated_at), '|' ORDER BY tq.id), ''))
              FROM ${taskQuestions} tq JOIN ${currentQuestions} q ON q.question_id = tq.question_id WHERE tq.task_id = ${stampTaskId})`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('academy_test_stamp');

  return {
    async listCourses(userId: number) {
      const [rows, counts, topicRows, progress] = await Promise.all([
        db.select().from(courses).where(eq(courses.isPublished, true)).orderBy(asc(courses.sortOrder), asc(courses.id)),
        taskCounts(userId),
        db.select({ courseId: topics.courseId, n: sql<number>`count(*)` }).from(topics).groupBy(topics.courseId),
        db.select().from(courseProgress).where(eq(courseProgress.userId, userId)),
      ]);
      return rows.map((course) => {
        const mine = counts.filter((c) => c.courseId === course.id);
        return {
          course,
          totalTopics: toNumber(topicRows.find((t) => t.courseId === course.id)?.n),
          totalTasks: mine.reduce((sum, c) => sum + toNumber(c.total), 0),
          completedTasks: mine.reduce((sum, c) => sum + toNumber(c.completed), 0),
          timeSpent: progress.find((p) => p.courseId === course.id)?.timeSpentSeconds ?? 0,
        };
      });
    },

    async getCourse(courseId: number) {
      const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
      return row;
    },

    async listTopics(courseId: number, userId: number) {
      const [rows, counts] = await Promise.all([
        db.select().from(topics).where(eq(topics.courseId, courseId)).orderBy(asc(topics.sortOrder), asc(topics.id)),
        taskCounts(userId),
      ]);
      return rows.map((topic) => {
        const c = counts.find((x) => x.topicId === topic.id);
        return { topic, totalTasks: toNumber(c?.total), completedTasks: toNumber(c?.completed) };
      });
    },

    async getTopic(topicId: number) {
      const [row] = await db.select().from(topics).where(eq(topics.id, topicId)).limit(1);
      return row;
    },

    async listTasks(topicId: number, userId: number) {
      const rows = await db
        .select({
          task: tasks,
          isCompleted: sql<boolean>`coalesce(${taskProgress.isCompleted}, false)`,
          // Placed questions plus each random section's draw (drawn rows belong to attempts, not to the test).
          totalQuestions: sql<number>`(SELECT count(*) FROM ${taskQuestions} WHERE ${taskQuestions.taskId} = ${tasks.id} AND NOT ${taskQuestions.isDrawn}) + (SELECT coalesce(sum((ts.draw_rule->>'count')::int), 0) FROM task_sections ts WHERE ts.task_id = ${tasks.id} AND ts.question_source = 'draw')`,
          // One aggregate over the bank's current versions, read-only, so that the list stays one query.
          totalMarks: sql<number>`(SELECT coalesce(sum(coalesce(tq.marks, q.current_marks)), 0) FROM task_questions tq JOIN ${currentQuestions} q ON q.question_id = tq.question_id WHERE tq.task_id = ${tasks.id} AND NOT tq.is_drawn AND q.current_version_id IS NOT NULL) + (SELECT coalesce(sum((ts.draw_rule->>'count')::int * (ts.draw_rule->>'marks')::float8), 0) FROM task_sections ts WHERE ts.task_id = ${tasks.id} AND ts.question_source = 'draw')`,
        })
        .from(tasks)
        .leftJoin(taskProgress, and(eq(taskProgress.taskId, tasks.id), eq(taskProgress.userId, userId)))
        .where(and(eq(tasks.topicId, topicId), eq(tasks.isPublished, true)))
        .orderBy(asc(tasks.sortOrder), asc(tasks.id));
      return rows.map((r) => ({ ...r, totalQuestions: toNumber(r.totalQuestions), totalMarks: toNumber(r.totalMarks), isCompleted: !!r.isCompleted }));
    },

    async getTask(taskId: number) {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
      return row;
    },

    async isTaskCompleted(taskId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ isCompleted: taskProgress.isCompleted })
        .from(taskProgress)
        .where(and(eq(taskProgress.taskId, taskId), eq(taskProgress.userId, userId)));
      return row?.isCompleted ?? false;
    },

    async getCourseProgress(userId: number, courseId: number) {
      const [row] = await db
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
      return row;
    },

    /** Seconds studied per day (course tracking) from a day on, oldest first. */
    async listStudyDays(userId: number, fromDay: string) {
      return db
        .select({ day: studyDays.day, seconds: studyDays.timeSpentSeconds })
        .from(studyDays)
        .where(and(eq(studyDays.userId, userId), gte(studyDays.day, fromDay)))
        .orderBy(asc(studyDays.day));
    },

    /** Adds seconds to the course (and the task); one statement each, safe under concurrent reports. */
    async addTime(values: { userId: number; courseId: number; taskId?: number; seconds: number; now: Date; completeTask: boolean }) {
      const [course] = await db
        .insert(courseProgress)
        .values({ userId: values.userId, courseId: values.courseId, timeSpentSeconds: values.seconds, lastTrackedAt: values.now })
        .onConflictDoUpdate({
          target: [courseProgress.userId, courseProgress.courseId],
          set: { timeSpentSeconds: sql`${courseProgress.timeSpentSeconds} + ${values.seconds}`, lastTrackedAt: values.now },
        })
        .returning({ timeSpent: courseProgress.timeSpentSeconds });
      if (values.seconds > 0) {
        await db
          .insert(studyDays)
          .values({ userId: values.userId, day: dateIn(values.now, DEFAULT_TIME_ZONE), timeSpentSeconds: values.seconds })
          .onConflictDoUpdate({ target: [studyDays.userId, studyDays.day], set: { timeSpentSeconds: sql`${studyDays.timeSpentSeconds} + ${values.seconds}` } });
      }
      let taskTime: number | null = null;
      if (values.taskId) {
        const [task] = await db
          .insert(taskProgress)
          .values({
            userId: values.userId,
            taskId: values.taskId,
            courseId: values.courseId,
            timeSpentSeconds: values.seconds,
            isCompleted: values.completeTask,
            completedAt: values.completeTask ? values.now : null,
          })
          .onConflictDoUpdate({
            target: [taskProgress.userId, taskProgress.taskId],
            set: {
              timeSpentSeconds: sql`${taskProgress.timeSpentSeconds} + ${values.seconds}`,
              ...(values.completeTask
                ? { isCompleted: true, completedAt: sql`coalesce(${taskProgress.completedAt}, ${values.now.toISOString()}::timestamptz)` }
                : {}),
            },
          })
          .returning({ timeSpent: taskProgress.timeSpentSeconds });
        taskTime = task?.timeSpent ?? null;
      }
      return { courseTime: course?.timeSpent ?? values.seconds, taskTime };
    },

    // ---------- A test's content, for the exam, grading and reports modules ----------

    async getTestTask(taskId: number): Promise<TestTaskRow | undefined> {
      const [row] = await testTask.execute({ taskId });
      return row
        ? { ...row.task, courseName: row.courseName, coursePublished: row.coursePublished, courseClientId: row.courseClientId, courseInstituteId: row.courseInstituteId }
        : undefined;
    },

    /**
     * A fingerprint of what a test's bundle is built from besides the task row: its sections, its
     * placements and, for each placed question, its current version and last change (tags). Any
     * change to them changes the fingerprint (the exam content's cache key).
     */
    async bundleStamp(taskId: number): Promise<string> {
      const [row] = await testStamp.execute({ taskId });
      return row?.stamp ?? '';
    },

    async listSections(taskId: number): Promise<SectionRow[]> {
      return db.select().from(taskSections).where(eq(taskSections.taskId, taskId)).orderBy(asc(taskSections.sectionIndex));
    },

    /** The test's own placements, and of the drawn ones those given (an attempt's draw). */
    async listPlacements(taskId: number, drawnMapIds: number[] = []): Promise<Placement[]> {
      return db
        .select(placementColumns)
        .from(taskQuestions)
        .where(
          and(
            eq(taskQuestions.taskId, taskId),
            drawnMapIds.length ? or(not(taskQuestions.isDrawn), inArray(taskQuestions.id, drawnMapIds)) : not(taskQuestions.isDrawn),
          ),
        )
        .orderBy(asc(taskQuestions.sectionId), asc(taskQuestions.sortOrder), asc(taskQuestions.id));
    },

    /** Of these placements, the test's drawn ones (made when attempts drew them). */
    async listDrawnPlacements(taskId: number, mapIds: number[]): Promise<Placement[]> {
      if (!mapIds.length) return [];
      return db
        .select(placementColumns)
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), eq(taskQuestions.isDrawn, true), inArray(taskQuestions.id, [...new Set(mapIds)])))
        .orderBy(asc(taskQuestions.sectionId), asc(taskQuestions.sortOrder), asc(taskQuestions.id));
    },

    /** Of these questions, the ones placed in a graded test students can take now (published, in a published course). */
    async questionsInOpenGradedTests(questionIds: number[]): Promise<Set<number>> {
      if (questionIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ questionId: taskQuestions.questionId })
        .from(taskQuestions)
        .innerJoin(tasks, eq(tasks.id, taskQuestions.taskId))
        .innerJoin(courses, eq(courses.id, tasks.courseId))
        .where(
          and(
            inArray(taskQuestions.questionId, [...new Set(questionIds)]),
            eq(tasks.kind, 'test'),
            sql`coalesce(${tasks.testType}, 'test') <> 'practice'`,
            eq(tasks.isPublished, true),
            eq(courses.isPublished, true),
          ),
        );
      return new Set(rows.map((row) => row.questionId));
    },

    async findPlacementByQuestion(taskId: number, questionId: number): Promise<Placement | undefined> {
      const [row] = await db
        .select(placementColumns)
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), eq(taskQuestions.questionId, questionId)))
        .orderBy(asc(taskQuestions.isDrawn), asc(taskQuestions.id))
        .limit(1);
      return row;
    },

    async findMap(mapId: number): Promise<{ id: number; taskId: number; questionId: number } | undefined> {
      const [row] = await db
        .select({ id: taskQuestions.id, taskId: taskQuestions.taskId, questionId: taskQuestions.questionId })
        .from(taskQuestions)
        .where(eq(taskQuestions.id, mapId))
        .limit(1);
      return row;
    },

    /**
     * A test made for one student (decision 081): unpublished, owned by them, in a course they
     * reach (its first topic), one section per subject, each question at the given marks.
     * Returns the task id and each question's placement id.
     */
    async createOwnedTest(input: {
      ownerUserId: number;
      courseId: number;
      name: string;
      durationMinutes: number;
      marks: number;
      negativeMarks: number;
      sections: { name: string; questionIds: number[] }[];
    }): Promise<{ taskId: number; mapIds: Map<number, number> } | undefined> {
      return db.transaction(async (tx) => {
        const [course] = await tx.select().from(courses).where(eq(courses.id, input.courseId)).limit(1);
        const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.courseId, input.courseId)).orderBy(asc(topics.sortOrder), asc(topics.id)).limit(1);
        if (!course || !topic) return undefined;
        const [task] = await tx
          .insert(tasks)
          .values({
            courseId: course.id,
            topicId: topic.id,
            name: input.name,
            kind: 'test',
            testType: 'test',
            durationMinutes: input.durationMinutes,
            attemptsAllowed: 1,
            showAnswers: 'afterSubmit',
            isPublished: false,
            partialSubmitMinutes: 0,
            ownerClientId: course.clientId,
            ownerInstituteId: course.instituteId,
            ownerUserId: input.ownerUserId,
            createdBy: input.ownerUserId,
          })
          .returning({ id: tasks.id });
        const mapIds = new Map<number, number>();
        for (const [sectionIndex, section] of input.sections.entries()) {
          const [row] = await tx.insert(taskSections).values({ taskId: task!.id, sectionIndex, name: section.name }).returning({ id: taskSections.id });
          const placed = await tx
            .insert(taskQuestions)
            .values(section.questionIds.map((questionId, sortOrder) => ({ taskId: task!.id, sectionId: row!.id, questionId, sortOrder, marks: input.marks, negativeMarks: input.negativeMarks })))
            .returning({ id: taskQuestions.id, questionId: taskQuestions.questionId });
          for (const p of placed) mapIds.set(p.questionId, p.id);
        }
        return { taskId: task!.id, mapIds };
      });
    },

    /**
     * Takes back a test made for one student that nothing points at (two re-test starts at once:
     * the week's first stands). Only an unpublished test of that owner; its sections and placements go with it.
     */
    async deleteOwnedTest(taskId: number, ownerUserId: number): Promise<boolean> {
      const deleted = await db
        .delete(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.ownerUserId, ownerUserId), eq(tasks.isPublished, false)))
        .returning({ id: tasks.id });
      return deleted.length > 0;
    },

    async listTaskNames(taskIds: number[]): Promise<Array<{ id: number; name: string; scoreVisible: boolean }>> {
      if (!taskIds.length) return [];
      return db.select({ id: tasks.id, name: tasks.name, scoreVisible: tasks.scoreVisible }).from(tasks).where(inArray(tasks.id, taskIds));
    },

    /**
     * The placements of questions a section's draw gave, made once per (section, question) and
     * shared by every attempt that drew it. Returns their ids by question.
     */
    async ensureDrawnPlacements(taskId: number, sectionId: number, questionIds: number[], marks: { marks: number; negativeMarks: number }): Promise<Map<number, number>> {
      if (!questionIds.length) return new Map();
      await db
        .insert(taskQuestions)
        .values(questionIds.map((questionId, sortOrder) => ({ taskId, sectionId, questionId, sortOrder, isDrawn: true, marks: marks.marks, negativeMarks: marks.negativeMarks })))
        .onConflictDoNothing();
      const rows = await db
        .select({ id: taskQuestions.id, questionId: taskQuestions.questionId })
        .from(taskQuestions)
        .where(and(eq(taskQuestions.sectionId, sectionId), eq(taskQuestions.isDrawn, true), inArray(taskQuestions.questionId, questionIds)));
      return new Map(rows.map((r) => [r.questionId, r.id]));
    },

    /** A submitted test counts as a completed task for course progress; the first completion time is kept. */
    async markTaskCompleted(values: TaskCompletion): Promise<void> {
      await db.execute(completionOf([values]));
    },

    /**
     * The statement that marks these tasks completed for their students (the first completion time
     * is kept): the exam runs it in the statement that writes the closed attempts' scores.
     */
    completionStatement: (completions: TaskCompletion[]): SQL => completionOf(completions),
  };
}

/** A task a student completed, and when. */
export interface TaskCompletion {
  userId: number;
  taskId: number;
  courseId: number;
  at: Date;
}

export type AcademyRepository = ReturnType<typeof createAcademyRepository>;
