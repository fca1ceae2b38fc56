import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../../lib/audit.js';
import { contentFiles, courses, questionContent, tasks, topics } from '../../../db/schema/index.js';
import { createContentInserts } from '../shared/academy.content.repository.js';

export type CourseRow = typeof courses.$inferSelect;
export type TopicRow = typeof topics.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type ContentFileRow = typeof contentFiles.$inferSelect;

/** Which courses a staff member manages, as a WHERE clause (rows are still checked with the policy). */
export interface CourseReach {
  clientId: string;
  /** null: every course of the client (a client admin); else the institute's and the client's shared ones. */
  instituteId: number | null | 'all';
}

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

function createQueries(db: Db) {
  const reachClause = (reach: CourseReach) =>
    reach.instituteId === 'all'
      ? eq(courses.clientId, reach.clientId)
      : and(
          eq(courses.clientId, reach.clientId),
          reach.instituteId === null
            ? isNull(courses.instituteId)
            : or(isNull(courses.instituteId), eq(courses.instituteId, reach.instituteId)),
        );

  return {
    ...createContentInserts(db),

    async listCourses(reach: CourseReach) {
      const rows = await db
        .select({
          course: courses,
          totalTopics: sql<number>`(SELECT count(*) FROM ${topics} WHERE ${topics.courseId} = ${courses.id})`,
          totalTasks: sql<number>`(SELECT count(*) FROM ${tasks} WHERE ${tasks.courseId} = ${courses.id})`,
        })
        .from(courses)
        .where(reachClause(reach))
        .orderBy(asc(courses.sortOrder), asc(courses.id));
      return rows.map((r) => ({ ...r, totalTopics: toNumber(r.totalTopics), totalTasks: toNumber(r.totalTasks) }));
    },

    async getCourse(courseId: number): Promise<CourseRow | undefined> {
      const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
      return row;
    },

    async getTopic(topicId: number): Promise<TopicRow | undefined> {
      const [row] = await db.select().from(topics).where(eq(topics.id, topicId)).limit(1);
      return row;
    },

    async getTask(taskId: number): Promise<TaskRow | undefined> {
      // A test made for one student (decision 081) is not the course's to edit.
      const [row] = await db.select().from(tasks).where(and(eq(tasks.id, taskId), isNull(tasks.ownerUserId))).limit(1);
      return row;
    },

    async listTopics(courseId: number): Promise<TopicRow[]> {
      return db
        .select()
        .from(topics)
        .where(eq(topics.courseId, courseId))
        .orderBy(asc(topics.sortOrder), asc(topics.id));
    },

    async listTasks(courseId: number): Promise<TaskRow[]> {
      return db.select().from(tasks).where(and(eq(tasks.courseId, courseId), isNull(tasks.ownerUserId))).orderBy(asc(tasks.sortOrder), asc(tasks.id));
    },

    async updateCourse(courseId: number, values: Partial<typeof courses.$inferInsert>): Promise<void> {
      if (Object.keys(values).length) await db.update(courses).set(values).where(eq(courses.id, courseId));
    },

    async updateTopic(topicId: number, values: Partial<typeof topics.$inferInsert>): Promise<void> {
      if (Object.keys(values).length) await db.update(topics).set(values).where(eq(topics.id, topicId));
    },

    /** Changes a task; a change of whether it is published is audited in the same transaction. */
    async updateTask(taskId: number, values: Partial<typeof tasks.$inferInsert>, audit?: { actor: Actor; entry: AuditEntry }): Promise<void> {
      if (!Object.keys(values).length) return;
      await db.transaction(async (tx) => {
        await tx.update(tasks).set(values).where(eq(tasks.id, taskId));
        if (audit) await recordAudit(tx as unknown as Db, audit.actor, audit.entry);
      });
    },

    /** Sets sort orders 1..n in the given order, in one transaction. */
    async reorderTopics(courseId: number, topicIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [index, id] of topicIds.entries()) {
          await tx
            .update(topics)
            .set({ sortOrder: index + 1 })
            .where(and(eq(topics.id, id), eq(topics.courseId, courseId)));
        }
      });
    },

    async reorderTasks(topicId: number, taskIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [index, id] of taskIds.entries()) {
          await tx
            .update(tasks)
            .set({ sortOrder: index + 1 })
            .where(and(eq(tasks.id, id), eq(tasks.topicId, topicId)));
        }
      });
    },

    // ---------- uploaded content files ----------

    async getFile(id: string): Promise<ContentFileRow | undefined> {
      const [row] = await db.select().from(contentFiles).where(eq(contentFiles.id, id)).limit(1);
      return row;
    },

    /** The files of a client (and, unless 'all', of the institute and shared ones), newest first. */
    async listFiles(reach: CourseReach): Promise<ContentFileRow[]> {
      const where =
        reach.instituteId === 'all'
          ? eq(contentFiles.clientId, reach.clientId)
          : and(
              eq(contentFiles.clientId, reach.clientId),
              reach.instituteId === null
                ? isNull(contentFiles.instituteId)
                : or(isNull(contentFiles.instituteId), eq(contentFiles.instituteId, reach.instituteId)),
            );
      return db.select().from(contentFiles).where(where).orderBy(desc(contentFiles.createdAt)).limit(1000);
    },

    /**
     * Of these files, the ones a lesson or a question version names (its address appears in the
     * task's text or links, or anywhere in the bank's content of the version). Read-only, one query.
     */
    async filesInUse(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const result = await db.execute<{ id: string }>(sql`
        SELECT f.id AS id FROM (VALUES ${sql.join(
          ids.map((id) => sql`(${id}::text)`),
          sql`, `,
        )}) AS f(id)
        WHERE EXISTS (
          SELECT 1 FROM ${tasks} t
          WHERE position(f.id IN coalesce(t.rich_text, '') || ' ' || coalesce(t.video_url, '') || ' ' || coalesce(t.pdf_url, '')) > 0
        ) OR EXISTS (
          SELECT 1 FROM ${questionContent} c WHERE position(f.id IN c.body) > 0
        )`);
      // The two drivers shape raw results differently (see roles.repository.ts).
      const rows =
        (result as unknown as { rows?: Array<{ id: string }> }).rows ?? (result as unknown as Array<{ id: string }>);
      return new Set(rows.map((row) => row.id));
    },

    async deleteFile(id: string): Promise<void> {
      await db.delete(contentFiles).where(eq(contentFiles.id, id));
    },
  };
}

type Queries = ReturnType<typeof createQueries>;

/** Staff-side queries for courses, topics, tasks and uploaded files; no rules. */
export function createAcademyManageRepository(db: Db) {
  return {
    ...createQueries(db),
    /** Adds a topic at the end of its course inside another module's transaction. */
    insertTopicIn(tx: Db, values: { courseId: number; name: string; parentId: number | null }): Promise<number> {
      return createContentInserts(tx).insertTopic(values);
    },
    /** Runs work with the queries bound to one transaction: all of it is written, or none. */
    /** `work` gets the queries bound to the transaction, and the transaction itself for another module's writes. */
    async inTransaction<T>(work: (tx: Queries, db: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx as unknown as Db), tx as unknown as Db));
    },
  };
}

export type AcademyManageRepository = ReturnType<typeof createAcademyManageRepository>;
