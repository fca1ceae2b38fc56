import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notebookCards, notebookRetests, notebookSchedules } from '../../db/schema/index.js';

export type RetestRow = typeof notebookRetests.$inferSelect;

/** The weekly re-tests of the notebook (decision 081): which test each week's is, and which card each question re-tests. */
export function createNotebookRetestRepository(db: Db) {
  return {
    async findOfWeek(userId: number, weekStart: string): Promise<RetestRow | undefined> {
      const [row] = await db
        .select()
        .from(notebookRetests)
        .where(and(eq(notebookRetests.userId, userId), eq(notebookRetests.weekStart, weekStart)));
      return row;
    },

    /** The student's re-tests, latest week first. */
    list(userId: number, limit: number): Promise<RetestRow[]> {
      return db
        .select()
        .from(notebookRetests)
        .where(eq(notebookRetests.userId, userId))
        .orderBy(desc(notebookRetests.weekStart))
        .limit(limit);
    },

    /** The week's re-test, once: a second insert for the same week returns undefined. */
    async insert(values: typeof notebookRetests.$inferInsert): Promise<RetestRow | undefined> {
      const [row] = await db.insert(notebookRetests).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** The student's re-tests by their test. */
    async byTask(userId: number): Promise<Map<number, RetestRow>> {
      const rows = await db.select().from(notebookRetests).where(eq(notebookRetests.userId, userId));
      return new Map(rows.map((r) => [r.taskId, r]));
    },

    /** Claims the grading of a re-test: true once, for the caller that grades it. */
    async claimGrading(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(notebookRetests)
        .set({ gradedAt: now })
        .where(and(eq(notebookRetests.id, id), isNull(notebookRetests.gradedAt)))
        .returning({ id: notebookRetests.id });
      return rows.length > 0;
    },

    /**
     * The student's cards due by `endOfToday` with what weights them (lapses, error type, how
     * overdue), oldest due first, at most `limit`: one range of the (user, due, id) index.
     */
    dueCards(userId: number, endOfToday: Date, limit: number) {
      return db
        .select({ card: notebookCards, lapses: notebookSchedules.lapses })
        .from(notebookCards)
        .leftJoin(notebookSchedules, eq(notebookSchedules.cardId, notebookCards.id))
        .where(and(eq(notebookCards.userId, userId), lt(notebookCards.due, endOfToday)))
        .orderBy(asc(notebookCards.due), asc(notebookCards.id))
        .limit(limit);
    },
  };
}

export type NotebookRetestRepository = ReturnType<typeof createNotebookRetestRepository>;
