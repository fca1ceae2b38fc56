import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centreDeliveries, centreExamKeys, centreInvigilatorCodes, centrePairingCodes, centres, instituteDirectory, taskHeads, testWindows } from '../../db/schema/index.js';

/** The central server's centres: pairing codes, paired centres, their deliveries, exam keys and invigilator codes. */
export function createCentrePairingRepository(db: Db) {
  return {
    async findInstitute(id: number) {
      const [row] = await db.select({ id: instituteDirectory.id, name: instituteDirectory.name, clientId: instituteDirectory.clientId }).from(instituteDirectory).where(eq(instituteDirectory.id, id));
      return row ?? null;
    },

    async insertPairingCode(values: typeof centrePairingCodes.$inferInsert) {
      await db.insert(centrePairingCodes).values(values);
    },

    /** Uses up a pairing code that is unused and unexpired; null when there is none. */
    async consumePairingCode(codeHash: string, now: Date) {
      const [row] = await db
        .update(centrePairingCodes)
        .set({ usedAt: now })
        .where(and(eq(centrePairingCodes.codeHash, codeHash), isNull(centrePairingCodes.usedAt), gt(centrePairingCodes.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    async insertCentre(values: typeof centres.$inferInsert) {
      const [row] = await db.insert(centres).values(values).returning();
      return row!;
    },

    async linkPairingCode(codeId: number, centreId: number) {
      await db.update(centrePairingCodes).set({ centreId }).where(eq(centrePairingCodes.id, codeId));
    },

    async findCentre(id: number) {
      const [row] = await db
        .select({ id: centres.id, instituteId: centres.instituteId, name: centres.name, credentialHash: centres.credentialHash, clientId: instituteDirectory.clientId })
        .from(centres)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, centres.instituteId))
        .where(eq(centres.id, id));
      return row ?? null;
    },

    async touchCentre(id: number, now: Date) {
      await db.update(centres).set({ lastContactAt: now }).where(eq(centres.id, id));
    },

    async markCentreSynced(centreId: number, now: Date) {
      await db.update(centres).set({ lastSyncAt: now, lastContactAt: now }).where(eq(centres.id, centreId));
    },

    /** Centres of the given institutes (null: every institute of the client). */
    async listCentres(scope: { clientId: string; instituteId: number | null }) {
      return db
        .select({
          id: centres.id,
          name: centres.name,
          instituteId: centres.instituteId,
          instituteName: instituteDirectory.name,
          pairedAt: centres.pairedAt,
          lastContactAt: centres.lastContactAt,
          lastSyncAt: centres.lastSyncAt,
        })
        .from(centres)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, centres.instituteId))
        .where(and(eq(instituteDirectory.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(centres.instituteId, scope.instituteId)))
        .orderBy(asc(instituteDirectory.name), asc(centres.name), asc(centres.id));
    },

    async deliveriesOf(centreIds: number[]) {
      if (!centreIds.length) return [];
      return db
        .select({
          centreId: centreDeliveries.centreId,
          scheduleId: centreDeliveries.scheduleId,
          title: taskHeads.name,
          opensAt: testWindows.opensAt,
          stagedAt: centreDeliveries.stagedAt,
          keyReleasedAt: centreDeliveries.keyReleasedAt,
          invigilatorCodes: sql<number>`(select count(*)::int from ${centreInvigilatorCodes} c where c.centre_id = ${centreDeliveries.centreId} and c.schedule_id = ${centreDeliveries.scheduleId})`,
        })
        .from(centreDeliveries)
        .innerJoin(testWindows, eq(testWindows.id, centreDeliveries.scheduleId))
        .innerJoin(taskHeads, eq(taskHeads.id, testWindows.taskId))
        .where(inArray(centreDeliveries.centreId, centreIds))
        .orderBy(asc(testWindows.opensAt), asc(centreDeliveries.scheduleId));
    },

    /** The institutes of the client (one, for an institute administrator) that centres may be paired with. */
    async institutesInScope(scope: { clientId: string; instituteId: number | null }) {
      return db
        .select({ id: instituteDirectory.id, name: instituteDirectory.name })
        .from(instituteDirectory)
        .where(and(eq(instituteDirectory.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(instituteDirectory.id, scope.instituteId)))
        .orderBy(asc(instituteDirectory.name), asc(instituteDirectory.id));
    },

    /** The published tests' windows of the institutes that have not closed, the soonest first, at most `limit` per institute. */
    async upcomingSchedules(instituteIds: number[], now: Date, limit: number) {
      if (!instituteIds.length) return [];
      const rows = await db
        .select({ id: testWindows.id, instituteId: testWindows.instituteId, title: taskHeads.name, opensAt: testWindows.opensAt, closesAt: testWindows.closesAt })
        .from(testWindows)
        .innerJoin(taskHeads, and(eq(taskHeads.id, testWindows.taskId), eq(taskHeads.kind, 'test'), eq(taskHeads.isPublished, true)))
        .where(and(inArray(testWindows.instituteId, instituteIds), gte(testWindows.closesAt, now)))
        .orderBy(asc(testWindows.opensAt), asc(testWindows.id));
      const seen = new Map<number, number>();
      return rows.filter((row) => {
        const count = seen.get(row.instituteId) ?? 0;
        seen.set(row.instituteId, count + 1);
        return count < limit;
      });
    },

    /** How many invigilator codes each of the centres holds per exam. */
    async invigilatorCodeCounts(centreIds: number[]) {
      if (!centreIds.length) return [];
      return db
        .select({ centreId: centreInvigilatorCodes.centreId, scheduleId: centreInvigilatorCodes.scheduleId, count: sql<number>`count(*)::int` })
        .from(centreInvigilatorCodes)
        .where(inArray(centreInvigilatorCodes.centreId, centreIds))
        .groupBy(centreInvigilatorCodes.centreId, centreInvigilatorCodes.scheduleId);
    },

    /** The exam's data key, made on first use (concurrent first uses agree on one). */
    async examKey(scheduleId: number, fresh: string, now: Date): Promise<string> {
      await db.insert(centreExamKeys).values({ scheduleId, dataKey: fresh, createdAt: now }).onConflictDoNothing();
      const [row] = await db.select({ dataKey: centreExamKeys.dataKey }).from(centreExamKeys).where(eq(centreExamKeys.scheduleId, scheduleId));
      return row!.dataKey;
    },

    async insertInvigilatorCode(values: typeof centreInvigilatorCodes.$inferInsert) {
      const [row] = await db.insert(centreInvigilatorCodes).values(values).returning({ id: centreInvigilatorCodes.id, issuedAt: centreInvigilatorCodes.issuedAt });
      return row!;
    },

    async invigilatorWraps(centreId: number, scheduleIds: number[]) {
      if (!scheduleIds.length) return [];
      return db
        .select({ id: centreInvigilatorCodes.id, scheduleId: centreInvigilatorCodes.scheduleId, wrap: centreInvigilatorCodes.wrap })
        .from(centreInvigilatorCodes)
        .where(and(eq(centreInvigilatorCodes.centreId, centreId), inArray(centreInvigilatorCodes.scheduleId, scheduleIds)))
        .orderBy(asc(centreInvigilatorCodes.id));
    },

    async recordDeliveries(centreId: number, scheduleIds: number[], now: Date) {
      if (!scheduleIds.length) return;
      await db
        .insert(centreDeliveries)
        .values(scheduleIds.map((scheduleId) => ({ centreId, scheduleId, stagedAt: now })))
        .onConflictDoUpdate({ target: [centreDeliveries.centreId, centreDeliveries.scheduleId], set: { stagedAt: now } });
    },

    async recordKeyRelease(centreId: number, scheduleId: number, now: Date) {
      await db
        .insert(centreDeliveries)
        .values({ centreId, scheduleId, stagedAt: now, keyReleasedAt: now })
        .onConflictDoUpdate({ target: [centreDeliveries.centreId, centreDeliveries.scheduleId], set: { keyReleasedAt: sql`coalesce(${centreDeliveries.keyReleasedAt}, ${now.toISOString()}::timestamptz)` } });
    },

    async isDelivered(centreId: number, scheduleId: number): Promise<boolean> {
      const [row] = await db
        .select({ scheduleId: centreDeliveries.scheduleId })
        .from(centreDeliveries)
        .where(and(eq(centreDeliveries.centreId, centreId), eq(centreDeliveries.scheduleId, scheduleId)));
      return Boolean(row);
    },
  };
}
