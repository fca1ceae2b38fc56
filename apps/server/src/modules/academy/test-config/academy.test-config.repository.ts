import { and, asc, desc, eq, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { recordAudit, type AuditEntry } from '../../../lib/audit.js';
import { courses, taskQuestions, taskSections, tasks, topics, type SectionDrawRule } from '../../../db/schema/index.js';

export type TaskInsert = typeof tasks.$inferInsert;

/** Whose tests a staff member configures: a client's, or one institute's plus the client's shared ones. */
export type TestScope = { kind: 'client'; clientId: string } | { kind: 'institute'; clientId: string; instituteId: number | null };

/** A section as saved: its questions in order (pick) or its draw rule. */
export interface SectionValues {
  sectionId?: number;
  name: string;
  nameTn: string;
  durationMinutes: number;
  questionSource: 'pick' | 'draw';
  drawRule: SectionDrawRule | null;
  questions: Array<{ questionId: number; marks: number | null; negativeMarks: number | null }>;
}

function scopeCondition(scope: TestScope): SQL {
  return and(
    eq(tasks.ownerClientId, scope.clientId),
    scope.kind === 'client'
      ? undefined
      : scope.instituteId === null
        ? isNull(tasks.ownerInstituteId)
        : or(isNull(tasks.ownerInstituteId), eq(tasks.ownerInstituteId, scope.instituteId)),
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Test configuration's queries: tests in a scope, and a test's sections and placements written as one. */
export function createTestConfigRepository(db: Db) {
  return {
    async list(scope: TestScope, filter: { search?: string }, page: { offset: number; limit: number }) {
      const where = and(
        eq(tasks.kind, 'test'),
        // A test made for one student (decision 081) is no institute's test to configure.
        isNull(tasks.ownerUserId),
        scopeCondition(scope),
        filter.search ? ilike(tasks.name, `%${escapeLike(filter.search)}%`) : undefined,
      );
      const [count] = await db.select({ n: sql<number>`count(*)` }).from(tasks).where(where);
      const rows = await db
        .select({
          task: tasks,
          courseName: courses.name,
          sectionCount: sql<number>`(SELECT count(*) FROM ${taskSections} WHERE ${taskSections.taskId} = ${tasks.id})`,
        })
        .from(tasks)
        .innerJoin(courses, eq(courses.id, tasks.courseId))
        .where(where)
        .orderBy(desc(tasks.updatedAt), desc(tasks.id))
        .offset(page.offset)
        .limit(page.limit);
      return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, sectionCount: Number(r.sectionCount) })) };
    },

    async getTest(taskId: number) {
      const [row] = await db.select().from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.kind, 'test'), isNull(tasks.ownerUserId))).limit(1);
      return row;
    },

    /** Whether the topic exists and belongs to the course. */
    async topicInCourse(courseId: number, topicId: number): Promise<boolean> {
      const [row] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.id, topicId), eq(topics.courseId, courseId))).limit(1);
      return row !== undefined;
    },

    /** Topics of a course whose name is one of these (case-insensitive), for the NEET pattern's subjects. */
    async topicsNamed(courseId: number, names: string[]): Promise<Map<string, number>> {
      const rows = await db.select({ id: topics.id, name: topics.name }).from(topics).where(eq(topics.courseId, courseId)).orderBy(asc(topics.id));
      const out = new Map<string, number>();
      for (const row of rows) {
        const name = names.find((n) => n.toLowerCase() === row.name.trim().toLowerCase());
        if (name && !out.has(name)) out.set(name, row.id);
      }
      return out;
    },

    async insertTest(values: TaskInsert) {
      const [row] = await db.insert(tasks).values(values).returning();
      return row!;
    },

    /** Writes the settings unless the row changed since `expectedUpdatedAt` (then returns undefined). */
    async updateTest(taskId: number, values: Partial<TaskInsert>, expectedUpdatedAt?: Date) {
      const [row] = await db
        .update(tasks)
        .set(values)
        .where(and(eq(tasks.id, taskId), expectedUpdatedAt ? sql`date_trunc('milliseconds', ${tasks.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz` : undefined))
        .returning();
      return row;
    },

    /** Publishes or unpublishes a test with its audit entry, in one transaction. */
    async setPublished(actor: Actor, taskId: number, values: { isPublished: boolean; updatedAt: Date }, entry: AuditEntry) {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(tasks).set(values).where(eq(tasks.id, taskId)).returning();
        await recordAudit(tx as unknown as Db, actor, entry);
        return row;
      });
    },

    async listSections(taskId: number) {
      return db.select().from(taskSections).where(eq(taskSections.taskId, taskId)).orderBy(asc(taskSections.sectionIndex));
    },

    /** The test's own placements (not drawn ones), in order. */
    async listPlacements(taskId: number) {
      return db
        .select()
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), not(taskQuestions.isDrawn)))
        .orderBy(asc(taskQuestions.sortOrder), asc(taskQuestions.id));
    },

    /** Only the names change (the test has attempts, its questions stay as they are). */
    async renameSections(taskId: number, names: Array<{ sectionId: number; name: string; nameTn: string }>, now: Date) {
      await db.transaction(async (tx) => {
        for (const n of names) {
          await tx.update(taskSections).set({ name: n.name, nameTn: n.nameTn }).where(and(eq(taskSections.id, n.sectionId), eq(taskSections.taskId, taskId)));
        }
        await tx.update(tasks).set({ updatedAt: now }).where(eq(tasks.id, taskId));
      });
    },

    /**
     * Replaces the sections and their placements in one transaction: sections keep their ids
     * where given, the rest are made or removed; placements are written afresh, and drawn ones
     * (made by previews) are removed with them.
     */
    async replaceSections(taskId: number, sections: SectionValues[], now: Date) {
      await db.transaction(async (tx) => {
        const existing = await tx.select({ id: taskSections.id }).from(taskSections).where(eq(taskSections.taskId, taskId));
        const kept = new Set(sections.map((s) => s.sectionId).filter((id): id is number => id !== undefined));
        const removed = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
        await tx.delete(taskQuestions).where(eq(taskQuestions.taskId, taskId));
        if (removed.length) await tx.delete(taskSections).where(inArray(taskSections.id, removed));
        // Move kept sections out of the way of the (task, index) unique index before renumbering.
        if (kept.size) {
          await tx
            .update(taskSections)
            .set({ sectionIndex: sql`-1 - ${taskSections.sectionIndex}` })
            .where(and(eq(taskSections.taskId, taskId), inArray(taskSections.id, [...kept])));
        }
        for (const [sectionIndex, s] of sections.entries()) {
          const values = { name: s.name, nameTn: s.nameTn, durationMinutes: s.durationMinutes, questionSource: s.questionSource, drawRule: s.drawRule, sectionIndex };
          let sectionId = s.sectionId;
          if (sectionId !== undefined) {
            await tx.update(taskSections).set(values).where(eq(taskSections.id, sectionId));
          } else {
            const [row] = await tx.insert(taskSections).values({ taskId, ...values }).returning({ id: taskSections.id });
            sectionId = row!.id;
          }
          if (s.questionSource === 'pick' && s.questions.length) {
            await tx.insert(taskQuestions).values(
              s.questions.map((q, sortOrder) => ({ taskId, sectionId: sectionId!, questionId: q.questionId, sortOrder, marks: q.marks, negativeMarks: q.negativeMarks })),
            );
          }
        }
        await tx.update(tasks).set({ updatedAt: now }).where(eq(tasks.id, taskId));
      });
    },
  };
}

export type TestConfigRepository = ReturnType<typeof createTestConfigRepository>;
