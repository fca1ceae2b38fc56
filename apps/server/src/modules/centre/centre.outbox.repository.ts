import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centreLoadedRows, centreSyncOutbox } from '../../db/schema/index.js';
import { createAuditEntries } from '../audit/audit.entries.repository.js';
import { createExamCopies } from '../exam/exam.copies.repository.js';
import type { LoadedKind, OutboxRow } from './centre.shared.repository.js';

/**
 * A centre's sync (decision 063): the attempts at loaded tests it seals (read through the exam and
 * the audit log, decision 099), its outbox of sealed chains, and the invigilator's room.
 */
export function createCentreOutboxRepository(db: Db) {
  const exam = createExamCopies(db);
  const audit = createAuditEntries(db);
  /** The local ids of the rows of a kind loaded from the central server. */
  const loadedLocalIds = async (kind: 'task' | 'user') =>
    (await db.select({ id: centreLoadedRows.localId }).from(centreLoadedRows).where(eq(centreLoadedRows.kind, kind))).map((row) => row.id);
  return {
    /** Closed attempts at loaded tests not sealed yet, the oldest first. */
    async attemptsToSeal(limit: number) {
      // Only rostered students' attempts: one of this server's own accounts has nothing to send.
      const submitted = await exam.submittedAttempts(await loadedLocalIds('task'), await loadedLocalIds('user'));
      if (!submitted.length) return [];
      const ids = submitted.map((row) => row.id);
      const sealed = new Set((await db.select({ id: centreSyncOutbox.attemptId }).from(centreSyncOutbox).where(inArray(centreSyncOutbox.attemptId, ids))).map((row) => row.id));
      return exam.attemptsByIds(ids.filter((id) => !sealed.has(id)).slice(0, limit));
    },

    async runningAttemptsOfLoadedTests(): Promise<number> {
      return exam.runningAttempts(await loadedLocalIds('task'));
    },

    /** An attempt's answers, the versions it was served (its set's, then its own rows) and its audit entries. */
    async attemptParts(attempt: { id: string; servedSetId: number | null }) {
      const { answers, served } = await exam.attemptParts(attempt);
      const audits = await audit.entriesOf('attempt', [attempt.id]);
      return { answers, served, audits };
    },

    /** The central ids of local rows loaded from the central server (local id → central id). */
    async centralIds(kind: LoadedKind | 'user', localIds: number[]): Promise<Map<number, number>> {
      if (!localIds.length) return new Map();
      const rows = await db
        .select({ centralId: centreLoadedRows.centralId, localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, kind), inArray(centreLoadedRows.localId, localIds)));
      return new Map(rows.map((row) => [row.localId, row.centralId]));
    },

    async insertOutbox(rows: Array<typeof centreSyncOutbox.$inferInsert>) {
      if (rows.length) await db.insert(centreSyncOutbox).values(rows).onConflictDoNothing();
    },

    /** Sealed attempts the central side has not finished with, the oldest first. */
    async pendingOutbox(limit: number) {
      return db.select().from(centreSyncOutbox).where(eq(centreSyncOutbox.state, 'pending')).orderBy(asc(centreSyncOutbox.sealedAt), asc(centreSyncOutbox.attemptId)).limit(limit);
    },

    /** Drops sealed chains so that they are sealed again from the attempts' own records; the ids dropped. */
    async dropOutbox(attemptIds: string[]): Promise<string[]> {
      if (!attemptIds.length) return [];
      const rows = await db.delete(centreSyncOutbox).where(inArray(centreSyncOutbox.attemptId, attemptIds)).returning({ attemptId: centreSyncOutbox.attemptId });
      return rows.map((row) => row.attemptId);
    },

    async updateOutbox(attemptId: string, values: Partial<OutboxRow>) {
      await db.update(centreSyncOutbox).set(values).where(eq(centreSyncOutbox.attemptId, attemptId));
    },

    async outboxSummary() {
      return db
        .select({ attemptId: centreSyncOutbox.attemptId, state: centreSyncOutbox.state, reason: centreSyncOutbox.reason, sent: centreSyncOutbox.sent, recordCount: centreSyncOutbox.recordCount })
        .from(centreSyncOutbox)
        .orderBy(asc(centreSyncOutbox.sealedAt), asc(centreSyncOutbox.attemptId));
    },

    // ── The invigilator's dashboard ─────────────────────────────────────────────────────────
    /** The latest attempt of each of the students at a test, with how many questions hold an answer and its last save. */
    roomAttempts: (taskId: number, userIds: number[]) => exam.roomAttempts(taskId, userIds),

    /** The outage credits of the attempts, as the audit log holds them (the oldest first). */
    async outageCreditsOf(attemptIds: string[]) {
      const entries = await audit.entriesOf('attempt', attemptIds, 'exam.outageCredit');
      return entries.map((entry) => ({ attemptId: entry.targetId, after: entry.after, reason: entry.reason }));
    },

    /** The sealed attempts among these, with what the central side last said of each. */
    async outboxOf(attemptIds: string[]) {
      if (!attemptIds.length) return [];
      return db.select({ attemptId: centreSyncOutbox.attemptId, state: centreSyncOutbox.state, reason: centreSyncOutbox.reason }).from(centreSyncOutbox).where(inArray(centreSyncOutbox.attemptId, attemptIds));
    },
  };
}
