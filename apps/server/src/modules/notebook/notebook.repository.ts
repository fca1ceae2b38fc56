import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notebookBuilds, notebookCards } from '../../db/schema/index.js';
import type { CardDraft } from './notebook.cards.js';

export type CardRow = typeof notebookCards.$inferSelect;

export interface CardFilter {
  subject?: string | undefined;
  topic?: string | undefined;
  taskId?: number | undefined;
  errorType?: string | undefined;
}

const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * The due date of a card kept while its practice is still open: never due, and not in the
 * notebook's lists, until the practice is submitted (its feedback report is what the card shows).
 */
export const PENDING_DUE = new Date('9999-12-31T00:00:00Z');

export function createNotebookRepository(db: Db) {
  function whereOf(userId: number, filter: CardFilter): SQL | undefined {
    return and(
      eq(notebookCards.userId, userId),
      lt(notebookCards.due, PENDING_DUE),
      filter.subject !== undefined ? eq(notebookCards.subject, filter.subject) : undefined,
      filter.topic !== undefined ? sql`${notebookCards.topics} @> ${JSON.stringify([filter.topic])}::jsonb` : undefined,
      filter.taskId !== undefined ? eq(notebookCards.taskId, filter.taskId) : undefined,
      // The student's choice, else the suggestion: the type the card shows.
      filter.errorType !== undefined
        ? sql`coalesce(${notebookCards.errorType}, ${notebookCards.suggestedErrorType}) = ${filter.errorType}`
        : undefined,
    );
  }

  return {
    async builtAttemptIds(userId: number): Promise<Set<string>> {
      const rows = await db
        .select({ id: notebookBuilds.attemptId })
        .from(notebookBuilds)
        .where(eq(notebookBuilds.userId, userId));
      return new Set(rows.map((r) => r.id));
    },

    /** Writes an attempt's cards and marks it built, once: a second build of the same attempt changes nothing. */
    async saveBuild(
      attempt: { id: string; userId: number; courseId: number; taskId: number },
      drafts: CardDraft[],
      now: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [built] = await tx
          .insert(notebookBuilds)
          .values({ attemptId: attempt.id, userId: attempt.userId, builtAt: now })
          .onConflictDoNothing()
          .returning();
        if (!built) return;
        // Questions kept while the practice was open wait for its submission: due from now on.
        await tx
          .update(notebookCards)
          .set({ due: now, updatedAt: now })
          .where(and(eq(notebookCards.attemptId, attempt.id), gte(notebookCards.due, PENDING_DUE)));
        if (drafts.length === 0) return;
        await tx
          .insert(notebookCards)
          .values(
            drafts.map((d) => ({
              ...d,
              userId: attempt.userId,
              attemptId: attempt.id,
              courseId: attempt.courseId,
              taskId: attempt.taskId,
              due: now,
              createdAt: now,
              updatedAt: now,
            })),
          )
          // A question kept during an open practice has its card already: it gains the mistake's
          // reasons and the attempt's final figures; the student's own type, note and due date stay.
          .onConflictDoUpdate({
            target: [notebookCards.attemptId, notebookCards.questionTaskMapId],
            set: {
              reasons: sql`excluded.reasons || (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${notebookCards.reasons}) e where not excluded.reasons @> jsonb_build_array(e))`,
              suggestedErrorType: sql`excluded.suggested_error_type`,
              timeSpentSeconds: sql`excluded.time_spent_seconds`,
              classMedianSeconds: sql`excluded.class_median_seconds`,
              answerChanges: sql`excluded.answer_changes`,
              updatedAt: now,
            },
          });
      });
    },

    async list(
      userId: number,
      filter: CardFilter,
      offset: number,
      limit: number,
    ): Promise<{ rows: CardRow[]; total: number }> {
      const where = whereOf(userId, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notebookCards)
          .where(where)
          .orderBy(desc(notebookCards.createdAt), asc(notebookCards.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(notebookCards).where(where),
      ]);
      return { rows, total: toNumber(total?.n) };
    },

    /** Every subject, topic and test of the student's cards (the filters' choices). */
    async filterValues(userId: number): Promise<{ subjects: string[]; topics: string[]; taskIds: number[] }> {
      const mine = and(eq(notebookCards.userId, userId), lt(notebookCards.due, PENDING_DUE));
      const [subjects, topics, tasks] = await Promise.all([
        db.selectDistinct({ v: notebookCards.subject }).from(notebookCards).where(mine).orderBy(notebookCards.subject),
        db
          .selectDistinct({ v: sql<string>`jsonb_array_elements_text(${notebookCards.topics})` })
          .from(notebookCards)
          .where(mine)
          .orderBy(sql`1`),
        db.selectDistinct({ v: notebookCards.taskId }).from(notebookCards).where(mine).orderBy(notebookCards.taskId),
      ]);
      return { subjects: subjects.map((r) => r.v), topics: topics.map((r) => r.v), taskIds: tasks.map((r) => r.v) };
    },

    async get(userId: number, id: number): Promise<CardRow | undefined> {
      const [row] = await db
        .select()
        .from(notebookCards)
        .where(and(eq(notebookCards.userId, userId), eq(notebookCards.id, id)));
      return row;
    },

    async findByQuestion(userId: number, attemptId: string, mapId: number): Promise<CardRow | undefined> {
      const [row] = await db
        .select()
        .from(notebookCards)
        .where(
          and(
            eq(notebookCards.userId, userId),
            eq(notebookCards.attemptId, attemptId),
            eq(notebookCards.questionTaskMapId, mapId),
          ),
        );
      return row;
    },

    async update(
      userId: number,
      id: number,
      patch: { errorType?: string; note?: string; reasons?: string[] },
      now: Date,
    ): Promise<CardRow | undefined> {
      const [row] = await db
        .update(notebookCards)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(notebookCards.userId, userId), eq(notebookCards.id, id)))
        .returning();
      return row;
    },

    /** The questions of an attempt the student kept by hand. */
    async keptMapIds(userId: number, attemptId: string): Promise<number[]> {
      const rows = await db
        .select({ mapId: notebookCards.questionTaskMapId })
        .from(notebookCards)
        .where(
          and(
            eq(notebookCards.userId, userId),
            eq(notebookCards.attemptId, attemptId),
            sql`${notebookCards.reasons} @> '["bookmarked"]'::jsonb`,
          ),
        )
        .orderBy(notebookCards.questionTaskMapId);
      return rows.map((r) => r.mapId);
    },

    /**
     * Takes the keep off a card: a card that was only kept is deleted (its schedule and reviews
     * with it), one with another reason keeps that reason. Whether a card is left.
     */
    async removeKept(userId: number, attemptId: string, mapId: number, now: Date): Promise<boolean> {
      const mine = and(
        eq(notebookCards.userId, userId),
        eq(notebookCards.attemptId, attemptId),
        eq(notebookCards.questionTaskMapId, mapId),
      );
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(notebookCards)
          .where(and(mine, sql`${notebookCards.reasons} = '["bookmarked"]'::jsonb`))
          .returning({ id: notebookCards.id });
        if (deleted.length > 0) return false;
        const left = await tx
          .update(notebookCards)
          .set({ reasons: sql`${notebookCards.reasons} - 'bookmarked'`, updatedAt: now })
          .where(mine)
          .returning({ id: notebookCards.id });
        return left.length > 0;
      });
    },

    async insert(values: typeof notebookCards.$inferInsert): Promise<CardRow | undefined> {
      const [row] = await db.insert(notebookCards).values(values).onConflictDoNothing().returning();
      return row;
    },
  };
}

export type NotebookRepository = ReturnType<typeof createNotebookRepository>;
