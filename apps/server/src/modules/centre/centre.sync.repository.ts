import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centres, centreSyncAttempts, centreSyncRecords } from '../../db/schema/index.js';
import { createAuditEntries } from '../audit/audit.entries.repository.js';
import type { SyncAttemptRow, SyncedAuditEntry, SystemAuditEntry } from './centre.shared.repository.js';

/** The central server's sync of centres' attempts (decision 063): each attempt's chain of records, and the audit entries it brings. */
export function createCentreSyncRepository(db: Db) {
  const audit = createAuditEntries(db);
  return {
    async audit(entry: SystemAuditEntry) {
      await audit.insert([{ ...entry, targetId: String(entry.targetId), after: entry.after ?? null }]);
    },

    /** The attempt's sync row (made, pending, on its first batch). */
    async syncAttempt(centreId: number, centreAttemptId: string, now: Date): Promise<SyncAttemptRow> {
      await db.insert(centreSyncAttempts).values({ centreId, centreAttemptId, createdAt: now, updatedAt: now }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(centreSyncAttempts)
        .where(and(eq(centreSyncAttempts.centreId, centreId), eq(centreSyncAttempts.centreAttemptId, centreAttemptId)));
      return row!;
    },

    async syncHashes(syncId: number): Promise<string[]> {
      const rows = await db.select({ hash: centreSyncRecords.hash }).from(centreSyncRecords).where(eq(centreSyncRecords.syncId, syncId)).orderBy(asc(centreSyncRecords.index));
      return rows.map((row) => row.hash);
    },

    async syncRecords(syncId: number) {
      return db.select().from(centreSyncRecords).where(eq(centreSyncRecords.syncId, syncId)).orderBy(asc(centreSyncRecords.index));
    },

    /** Appends verified records and moves the cursor, in one statement each (a record held already is not written twice). */
    async appendSyncRecords(sync: SyncAttemptRow, records: Array<{ index: number; kind: string; data: Record<string, unknown>; hash: string }>, values: Partial<SyncAttemptRow>) {
      if (records.length) {
        await db
          .insert(centreSyncRecords)
          .values(records.map((r) => ({ syncId: sync.id, index: r.index, kind: r.kind, data: r.data, hash: r.hash })))
          .onConflictDoNothing();
      }
      await db.update(centreSyncAttempts).set(values).where(eq(centreSyncAttempts.id, sync.id));
    },

    async updateSyncAttempt(id: number, values: Partial<SyncAttemptRow>) {
      await db.update(centreSyncAttempts).set(values).where(eq(centreSyncAttempts.id, id));
    },

    /** Marks a pending sync complete with its imported attempt; false when another sync got there first. */
    async completeSync(id: number, attemptId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(centreSyncAttempts)
        .set({ state: 'complete', reason: null, attemptId, updatedAt: now })
        .where(and(eq(centreSyncAttempts.id, id), eq(centreSyncAttempts.state, 'pending')))
        .returning({ id: centreSyncAttempts.id });
      return rows.length === 1;
    },

    /** A centre's sync row of one of its attempts, or null. */
    async findSyncAttempt(centreId: number, centreAttemptId: string): Promise<SyncAttemptRow | null> {
      const [row] = await db
        .select()
        .from(centreSyncAttempts)
        .where(and(eq(centreSyncAttempts.centreId, centreId), eq(centreSyncAttempts.centreAttemptId, centreAttemptId)));
      return row ?? null;
    },

    /**
     * A damaged sync back to pending with nothing held, the resend asked for: its records are
     * dropped and its cursor and head cleared (only while it is still damaged; false otherwise).
     */
    async resetDamagedSync(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(centreSyncAttempts)
        .set({ state: 'pending', reason: null, received: 0, lastHash: null, recordCount: null, headHash: null, resendRequestedAt: now, updatedAt: now })
        .where(and(eq(centreSyncAttempts.id, id), eq(centreSyncAttempts.state, 'damaged')))
        .returning({ id: centreSyncAttempts.id });
      if (rows.length !== 1) return false;
      await db.delete(centreSyncRecords).where(eq(centreSyncRecords.syncId, id));
      return true;
    },

    /** A centre's attempts asked for again whose chain has not started to arrive. */
    async resendRequestsOf(centreId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: centreSyncAttempts.centreAttemptId })
        .from(centreSyncAttempts)
        .where(and(eq(centreSyncAttempts.centreId, centreId), eq(centreSyncAttempts.state, 'pending'), eq(centreSyncAttempts.received, 0), isNotNull(centreSyncAttempts.resendRequestedAt)))
        .orderBy(asc(centreSyncAttempts.resendRequestedAt), asc(centreSyncAttempts.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async auditMany(entries: SyncedAuditEntry[]) {
      await audit.insert(
        entries.map((entry) => ({
          clientId: entry.clientId,
          instituteId: entry.instituteId,
          actorUserId: entry.actorUserId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: String(entry.targetId),
          targetUserId: entry.targetUserId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason ?? null,
          ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
        })),
      );
    },

    /** The centres' synced attempts, counted by state. */
    async syncCountsOf(centreIds: number[]) {
      if (!centreIds.length) return [];
      return db
        .select({ centreId: centreSyncAttempts.centreId, state: centreSyncAttempts.state, count: sql<number>`count(*)::int` })
        .from(centreSyncAttempts)
        .where(inArray(centreSyncAttempts.centreId, centreIds))
        .groupBy(centreSyncAttempts.centreId, centreSyncAttempts.state);
    },

    /** A centre's synced attempts by state, and the latest of them (damaged and refused first). */
    async syncStateOf(centreId: number, limit: number) {
      const counts = await db
        .select({ state: centreSyncAttempts.state, count: sql<number>`count(*)::int` })
        .from(centreSyncAttempts)
        .where(eq(centreSyncAttempts.centreId, centreId))
        .groupBy(centreSyncAttempts.state);
      const items = await db
        .select()
        .from(centreSyncAttempts)
        .where(eq(centreSyncAttempts.centreId, centreId))
        .orderBy(sql`case ${centreSyncAttempts.state} when 'damaged' then 0 when 'refused' then 1 when 'pending' then 2 else 3 end`, desc(centreSyncAttempts.updatedAt), asc(centreSyncAttempts.id))
        .limit(limit);
      const [centre] = await db.select({ lastSyncAt: centres.lastSyncAt }).from(centres).where(eq(centres.id, centreId));
      return { counts: new Map(counts.map((row) => [row.state, Number(row.count)])), items, lastSyncAt: centre?.lastSyncAt ?? null };
    },
  };
}
