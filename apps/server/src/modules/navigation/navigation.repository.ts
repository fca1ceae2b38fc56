import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { visitedUrls } from '../../db/schema/index.js';

export function createNavigationRepository(db: Db) {
  return {
    async insertVisits(rows: Array<typeof visitedUrls.$inferInsert>): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db.insert(visitedUrls).values(rows).returning({ id: visitedUrls.id });
      return inserted.length;
    },

    /** Drops a user's oldest visits beyond the newest `keep`. */
    async trimVisits(userId: number, keep: number): Promise<void> {
      const [boundary] = await db
        .select({ id: visitedUrls.id })
        .from(visitedUrls)
        .where(eq(visitedUrls.userId, userId))
        .orderBy(desc(visitedUrls.id))
        .offset(keep - 1)
        .limit(1);
      if (boundary) await db.delete(visitedUrls).where(and(eq(visitedUrls.userId, userId), lt(visitedUrls.id, boundary.id)));
    },

    async countVisits(userId: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(visitedUrls).where(eq(visitedUrls.userId, userId));
      return Number(row?.n ?? 0);
    },
  };
}
export type NavigationRepository = ReturnType<typeof createNavigationRepository>;
