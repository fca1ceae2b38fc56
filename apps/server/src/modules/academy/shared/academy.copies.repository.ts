import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { insertCopiedRows, updateCopiedRow } from '../../../db/copied-rows.js';
import type { Db } from '../../../db/client.js';
import { courses, taskQuestions, taskSections, tasks, topics } from '../../../db/schema/index.js';

/** The academy's tables an exam centre copies, by the name the centre gives each kind of row. */
const COPIED = { course: courses, topic: topics, task: tasks, taskSection: taskSections, taskQuestion: taskQuestions } as const;
export type AcademyCopiedKind = keyof typeof COPIED;

/**
 * What an exam centre copies of the academy (decision 099): a test's rows as the tables hold them,
 * which the central server seals into a paper, and the same rows written on the centre, where a
 * loaded paper becomes its own course, topic, test, sections and placements. Each call runs on the
 * `db` given, the centre's transaction.
 */
export function createAcademyCopies(db: Db) {
  return {
    /** A test's rows: the task (with its course and topic), its sections, its own placements and of its drawn ones those given. */
    async paperRows(taskId: number, drawnMapIds: number[] = []) {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
      const [course] = task ? await db.select().from(courses).where(eq(courses.id, task.courseId)) : [];
      const [topic] = task ? await db.select().from(topics).where(eq(topics.id, task.topicId)) : [];
      const sectionRows = await db.select().from(taskSections).where(eq(taskSections.taskId, taskId)).orderBy(asc(taskSections.sectionIndex));
      const placed = await db
        .select()
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), drawnMapIds.length ? or(eq(taskQuestions.isDrawn, false), inArray(taskQuestions.id, drawnMapIds)) : eq(taskQuestions.isDrawn, false)))
        .orderBy(asc(taskQuestions.sectionId), asc(taskQuestions.sortOrder), asc(taskQuestions.id));
      return { task: task ?? null, course: course ?? null, topic: topic ?? null, sections: sectionRows, taskQuestions: placed };
    },

    /** Updates a copied row; false when it is gone. */
    updateCopy: (kind: AcademyCopiedKind, id: number, values: Record<string, unknown>): Promise<boolean> => updateCopiedRow(db, COPIED[kind], id, values),

    /** Inserts copied rows in one statement; their ids, in the order given. */
    insertCopies: (kind: AcademyCopiedKind, rows: Array<Record<string, unknown>>): Promise<number[]> => insertCopiedRows(db, COPIED[kind], rows),
  };
}

export type AcademyCopies = ReturnType<typeof createAcademyCopies>;
