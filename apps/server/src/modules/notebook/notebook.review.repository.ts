import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notebookCards, notebookReviews, notebookReviewSettings, notebookSchedules } from '../../db/schema/index.js';
import { PENDING_DUE } from './notebook.repository.js';
import type { ScheduleState } from './notebook.schedule.js';

export type ReviewRow = typeof notebookReviews.$inferSelect;
export type ScheduleRow = typeof notebookSchedules.$inferSelect;


export function createNotebookReviewRepository(db: Db) {
  return {
    async minutesPerDay(userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ m: notebookReviewSettings.minutesPerDay })
        .from(notebookReviewSettings)
        .where(eq(notebookReviewSettings.userId, userId));
      return row?.m;
    },

    async setMinutesPerDay(userId: number, minutesPerDay: number, now: Date): Promise<void> {
      await db
        .insert(notebookReviewSettings)
        .values({ userId, minutesPerDay, updatedAt: now })
        .onConflictDoUpdate({ target: notebookReviewSettings.userId, set: { minutesPerDay, updatedAt: now } });
    },

    /** Seconds of the student's latest reviews, newest first. */
    async latestReviewSeconds(userId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ s: notebookReviews.timeSpentSeconds })
        .from(notebookReviews)
        .where(eq(notebookReviews.userId, userId))
        .orderBy(desc(notebookReviews.answeredAt), desc(notebookReviews.id))
        .limit(limit);
      return rows.map((r) => r.s);
    },

    async secondsSince(userId: number, from: Date): Promise<number> {
      const [row] = await db
        .select({ s: sql<string | null>`sum(${notebookReviews.timeSpentSeconds})` })
        .from(notebookReviews)
        .where(and(eq(notebookReviews.userId, userId), gte(notebookReviews.answeredAt, from)));
      return Number(row?.s ?? 0);
    },

    /**
     * How many of the student's cards are due by `endOfToday`, and how many after: counted on the
     * (user, due) index alone, without the schedules (decision 071).
     */
    async dueCounts(userId: number, endOfToday: Date): Promise<{ today: number; later: number }> {
      const [row] = await db
        .select({
          today: sql<string>`count(*) filter (where ${notebookCards.due} < ${endOfToday})`,
          all: sql<string>`count(*) filter (where ${notebookCards.due} < ${PENDING_DUE})`,
        })
        .from(notebookCards)
        .where(eq(notebookCards.userId, userId));
      const today = Number(row?.today ?? 0);
      return { today, later: Number(row?.all ?? 0) - today };
    },

    /**
     * The student's cards due by `endOfToday`, oldest due first, at most `limit`: read in the order
     * of the (user, due, id) index, so only the cards returned are joined to their schedules.
     */
    async dueCards(userId: number, endOfToday: Date, limit: number) {
      const rows = await db
        .select({ card: notebookCards, schedule: notebookSchedules })
        .from(notebookCards)
        .leftJoin(notebookSchedules, eq(notebookSchedules.cardId, notebookCards.id))
        .where(and(eq(notebookCards.userId, userId), lt(notebookCards.due, endOfToday)))
        .orderBy(asc(notebookCards.due), asc(notebookCards.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, due: r.card.due }));
    },

    async schedule(cardId: number): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(notebookSchedules).where(eq(notebookSchedules.cardId, cardId));
      return row;
    },

    /**
     * Records a review; with a client id, once: a second insert of the same id returns the first
     * review unchanged (`isNew` false).
     */
    async insertReview(values: typeof notebookReviews.$inferInsert): Promise<{ row: ReviewRow; isNew: boolean }> {
      const [row] = await db
        .insert(notebookReviews)
        .values(values)
        .onConflictDoNothing({ target: [notebookReviews.userId, notebookReviews.clientId] })
        .returning();
      if (row) return { row, isNew: true };
      const [earlier] = await db
        .select()
        .from(notebookReviews)
        .where(and(eq(notebookReviews.userId, values.userId), eq(notebookReviews.clientId, values.clientId!)));
      return { row: earlier!, isNew: false };
    },

    async getReview(userId: number, id: number): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select()
        .from(notebookReviews)
        .where(and(eq(notebookReviews.userId, userId), eq(notebookReviews.id, id)));
      return row;
    },

    /**
     * Grades a review once and writes the card's new state with it; false when the review was
     * graded already (a second press, another tab), and then nothing changes.
     */
    async gradeReview(
      review: { id: number; userId: number; cardId: number },
      rating: string,
      next: ScheduleState,
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const graded = await tx
          .update(notebookReviews)
          .set({ rating, gradedAt: now, dueAfter: next.due })
          .where(and(eq(notebookReviews.id, review.id), isNull(notebookReviews.rating)))
          .returning({ id: notebookReviews.id });
        if (graded.length === 0) return false;
        await tx.update(notebookCards).set({ due: next.due }).where(eq(notebookCards.id, review.cardId));
        await tx
          .insert(notebookSchedules)
          .values({ cardId: review.cardId, userId: review.userId, ...next })
          .onConflictDoUpdate({ target: notebookSchedules.cardId, set: next });
        return true;
      });
    },

    /** When the student answered reviews, from `from` on. */
    async reviewTimes(userId: number, from: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: notebookReviews.answeredAt })
        .from(notebookReviews)
        .where(and(eq(notebookReviews.userId, userId), gte(notebookReviews.answeredAt, from)));
      return rows.map((r) => r.at);
    },
  };
}

export type NotebookReviewRepository = ReturnType<typeof createNotebookReviewRepository>;
