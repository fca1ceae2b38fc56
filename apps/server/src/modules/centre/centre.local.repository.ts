import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centreIdentity, centreRoster, centreStagedExams, userDirectory } from '../../db/schema/index.js';
import type { RosterRow } from './centre.shared.repository.js';

/** A centre's own side: its pairing, the exams it staged, their keys and roster. */
export function createCentreLocalRepository(db: Db) {
  return {
    /** An active account of this server by its username (who pairs it from the command line). */
    async localAccount(username: string) {
      const [row] = await db
        .select({ id: userDirectory.id, role: userDirectory.role, instituteId: userDirectory.instituteId })
        .from(userDirectory)
        .where(and(eq(userDirectory.username, username), eq(userDirectory.isActive, true)));
      return row ?? null;
    },

    async identity() {
      const [row] = await db.select().from(centreIdentity).where(eq(centreIdentity.id, 1));
      return row ?? null;
    },

    /** Records the pairing; false when this centre was paired already. */
    async insertIdentity(values: Omit<typeof centreIdentity.$inferInsert, 'id'>): Promise<boolean> {
      const rows = await db.insert(centreIdentity).values({ ...values, id: 1 }).onConflictDoNothing().returning({ id: centreIdentity.id });
      return rows.length === 1;
    },

    async markStaged(now: Date) {
      await db.update(centreIdentity).set({ lastStagedAt: now }).where(eq(centreIdentity.id, 1));
    },

    /** Stores staged exams; an exam unlocked already keeps its key (the paper is sealed under the same one). */
    async upsertStagedExams(rows: Array<Omit<typeof centreStagedExams.$inferInsert, 'dataKey' | 'unlockedAt' | 'unlockMethod'>>) {
      if (!rows.length) return;
      await db
        .insert(centreStagedExams)
        .values(rows)
        .onConflictDoUpdate({
          target: centreStagedExams.scheduleId,
          set: {
            taskId: sql`excluded.task_id`,
            title: sql`excluded.title`,
            opensAt: sql`excluded.opens_at`,
            closesAt: sql`excluded.closes_at`,
            lateStartUntil: sql`excluded.late_start_until`,
            durationMinutes: sql`excluded.duration_minutes`,
            paper: sql`excluded.paper`,
            invigilatorWraps: sql`excluded.invigilator_wraps`,
            stagedAt: sql`excluded.staged_at`,
          },
        });
    },

    async replaceRoster(rows: RosterRow[]) {
      await db.delete(centreRoster);
      if (rows.length) await db.insert(centreRoster).values(rows);
    },

    async stagedExams() {
      return db.select().from(centreStagedExams).orderBy(asc(centreStagedExams.opensAt), asc(centreStagedExams.scheduleId));
    },

    async stagedExam(scheduleId: number) {
      const [row] = await db.select().from(centreStagedExams).where(eq(centreStagedExams.scheduleId, scheduleId));
      return row ?? null;
    },

    /** Exams whose start has come and whose key has not arrived. */
    async lockedStartedExams(now: Date) {
      return db
        .select({ scheduleId: centreStagedExams.scheduleId })
        .from(centreStagedExams)
        .where(and(isNull(centreStagedExams.dataKey), lte(centreStagedExams.opensAt, now), gte(centreStagedExams.closesAt, now)))
        .orderBy(asc(centreStagedExams.opensAt));
    },

    async setUnlocked(scheduleId: number, dataKey: string, method: 'central' | 'code', now: Date, clockShiftMs: number) {
      const [row] = await db
        .update(centreStagedExams)
        .set({ dataKey, unlockMethod: method, unlockedAt: now, clockShiftMs })
        .where(and(eq(centreStagedExams.scheduleId, scheduleId), isNull(centreStagedExams.dataKey)))
        .returning();
      return row ?? null;
    },

    async markSynced(now: Date) {
      await db.update(centreIdentity).set({ lastSyncedAt: now }).where(eq(centreIdentity.id, 1));
    },

    /** The rostered students of one staged exam. */
    async rosterOfExam(scheduleId: number) {
      return db.select().from(centreRoster).where(sql`${scheduleId} = any(${centreRoster.scheduleIds})`).orderBy(asc(centreRoster.userId));
    },

    async rosterCounts() {
      const rows = await db.select({ scheduleIds: centreRoster.scheduleIds }).from(centreRoster);
      const counts = new Map<number, number>();
      for (const row of rows) for (const id of row.scheduleIds) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    },
  };
}
