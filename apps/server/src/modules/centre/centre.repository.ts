import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { STUDENT_ROLES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  centreDeliveries,
  centreExamKeys,
  centreIdentity,
  centreInvigilatorCodes,
  centreLoadedDraws,
  centreLoadedRows,
  centrePairingCodes,
  centreRoster,
  centres,
  centreStagedDraws,
  centreStagedExams,
  centreSyncAttempts,
  centreSyncOutbox,
  centreSyncRecords,
  attemptQuestionVersions,
  examAnswers,
  examAttempts,
  servedSetVersions,
  classes,
  courses,
  institutes,
  questions,
  questionVersions,
  questionVersionTexts,
  sections,
  tasks,
  taskQuestions,
  taskSections,
  testSchedules,
  topics,
  users,
} from '../../db/schema/index.js';

export type StagedExamRow = typeof centreStagedExams.$inferSelect;
/** The kinds of central rows a centre loads into its own tables (each table has an integer identity `id`). */
export const LOADED_TABLES = { course: courses, topic: topics, task: tasks, taskSection: taskSections, question: questions, questionVersion: questionVersions, taskQuestion: taskQuestions, schedule: testSchedules } as const;
export type LoadedKind = keyof typeof LOADED_TABLES;
export type RosterRow = typeof centreRoster.$inferInsert;
export type SyncAttemptRow = typeof centreSyncAttempts.$inferSelect;
export type OutboxRow = typeof centreSyncOutbox.$inferSelect;
/** An audit entry written for a synced attempt (its credits and events, as the centre recorded them). */
export interface SyncedAuditEntry extends SystemAuditEntry {
  targetUserId: number | null;
  before?: unknown;
  reason?: string | null;
  createdAt?: Date;
}

export interface SystemAuditEntry {
  clientId: string;
  instituteId: number | null;
  actorUserId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  after?: unknown;
}

/** Queries of the centre module, on the central server and on a centre. */
/** A test window as the centre's staging reads it: the window and its test's title and duration. */
const SCHEDULE_COLUMNS = {
  id: testSchedules.id,
  taskId: testSchedules.taskId,
  instituteId: testSchedules.instituteId,
  classId: testSchedules.classId,
  sectionId: testSchedules.sectionId,
  opensAt: testSchedules.opensAt,
  closesAt: testSchedules.closesAt,
  lateStartUntil: testSchedules.lateStartUntil,
  title: tasks.name,
  durationMinutes: tasks.durationMinutes,
};

export function createCentreRepository(db: Db) {
  return {
    ...centreQueries(db),
    /** The same queries on a transaction another module opened (a synced attempt is imported in the exam's). */
    within: (tx: Db) => centreQueries(tx),
    /** Runs `work` with the same queries inside one transaction. */
    transaction: <T>(work: (tx: CentreQueries) => Promise<T>) => db.transaction((tx) => work(centreQueries(tx as unknown as Db))),
  };
}

function centreQueries(db: Db) {
  return {
    async audit(entry: SystemAuditEntry) {
      await db.insert(auditLog).values({ ...entry, targetId: String(entry.targetId), after: entry.after ?? null });
    },

    // ── Central ─────────────────────────────────────────────────────────────────────────────
    async findInstitute(id: number) {
      const [row] = await db.select({ id: institutes.id, name: institutes.name, clientId: institutes.clientId }).from(institutes).where(eq(institutes.id, id));
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
        .select({ id: centres.id, instituteId: centres.instituteId, name: centres.name, credentialHash: centres.credentialHash, clientId: institutes.clientId })
        .from(centres)
        .innerJoin(institutes, eq(institutes.id, centres.instituteId))
        .where(eq(centres.id, id));
      return row ?? null;
    },

    async touchCentre(id: number, now: Date) {
      await db.update(centres).set({ lastContactAt: now }).where(eq(centres.id, id));
    },

    /** Centres of the given institutes (null: every institute of the client). */
    async listCentres(scope: { clientId: string; instituteId: number | null }) {
      return db
        .select({ id: centres.id, name: centres.name, instituteId: centres.instituteId, instituteName: institutes.name, pairedAt: centres.pairedAt, lastContactAt: centres.lastContactAt, lastSyncAt: centres.lastSyncAt })
        .from(centres)
        .innerJoin(institutes, eq(institutes.id, centres.instituteId))
        .where(and(eq(institutes.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(centres.instituteId, scope.instituteId)))
        .orderBy(asc(institutes.name), asc(centres.name), asc(centres.id));
    },

    async deliveriesOf(centreIds: number[]) {
      if (!centreIds.length) return [];
      return db
        .select({
          centreId: centreDeliveries.centreId,
          scheduleId: centreDeliveries.scheduleId,
          title: tasks.name,
          opensAt: testSchedules.opensAt,
          stagedAt: centreDeliveries.stagedAt,
          keyReleasedAt: centreDeliveries.keyReleasedAt,
          invigilatorCodes: sql<number>`(select count(*)::int from ${centreInvigilatorCodes} c where c.centre_id = ${centreDeliveries.centreId} and c.schedule_id = ${centreDeliveries.scheduleId})`,
        })
        .from(centreDeliveries)
        .innerJoin(testSchedules, eq(testSchedules.id, centreDeliveries.scheduleId))
        .innerJoin(tasks, eq(tasks.id, testSchedules.taskId))
        .where(inArray(centreDeliveries.centreId, centreIds))
        .orderBy(asc(testSchedules.opensAt), asc(centreDeliveries.scheduleId));
    },

    /** The institutes of the client (one, for an institute administrator) that centres may be paired with. */
    async institutesInScope(scope: { clientId: string; instituteId: number | null }) {
      return db
        .select({ id: institutes.id, name: institutes.name })
        .from(institutes)
        .where(and(eq(institutes.clientId, scope.clientId), scope.instituteId === null ? undefined : eq(institutes.id, scope.instituteId)))
        .orderBy(asc(institutes.name), asc(institutes.id));
    },

    /** The published tests' windows of the institutes that have not closed, the soonest first, at most `limit` per institute. */
    async upcomingSchedules(instituteIds: number[], now: Date, limit: number) {
      if (!instituteIds.length) return [];
      const rows = await db
        .select({ id: testSchedules.id, instituteId: testSchedules.instituteId, title: tasks.name, opensAt: testSchedules.opensAt, closesAt: testSchedules.closesAt })
        .from(testSchedules)
        .innerJoin(tasks, and(eq(tasks.id, testSchedules.taskId), eq(tasks.kind, 'test'), eq(tasks.isPublished, true)))
        .where(and(inArray(testSchedules.instituteId, instituteIds), gte(testSchedules.closesAt, now)))
        .orderBy(asc(testSchedules.opensAt), asc(testSchedules.id));
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

    async findSchedule(id: number) {
      const [row] = await db
        .select(SCHEDULE_COLUMNS)
        .from(testSchedules)
        .innerJoin(tasks, and(eq(tasks.id, testSchedules.taskId), eq(tasks.kind, 'test')))
        .where(eq(testSchedules.id, id));
      return row ?? null;
    },

    /** The institute's test windows that are open or open before `until`. */
    async schedulesToStage(instituteId: number, now: Date, until: Date) {
      return db
        .select({ ...SCHEDULE_COLUMNS, className: classes.name, sectionName: sections.name })
        .from(testSchedules)
        .innerJoin(tasks, and(eq(tasks.id, testSchedules.taskId), eq(tasks.kind, 'test'), eq(tasks.isPublished, true)))
        .leftJoin(classes, eq(classes.id, testSchedules.classId))
        .leftJoin(sections, eq(sections.id, testSchedules.sectionId))
        .where(and(eq(testSchedules.instituteId, instituteId), lte(testSchedules.opensAt, until), gte(testSchedules.closesAt, now)))
        .orderBy(asc(testSchedules.opensAt), asc(testSchedules.id));
    },

    /**
     * A test's rows as the tables hold them: the task (with its course and topic), its sections, its
     * own questions and of its drawn placements those given, at their current versions.
     */
    async paperRows(taskId: number, drawnMapIds: number[] = []) {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
      const [course] = task ? await db.select().from(courses).where(eq(courses.id, task.courseId)) : [];
      const [topic] = task ? await db.select().from(topics).where(eq(topics.id, task.topicId)) : [];
      const sectionRows = await db.select().from(taskSections).where(eq(taskSections.taskId, taskId)).orderBy(asc(taskSections.sectionIndex));
      const placed = await db
        .select()
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), drawnMapIds.length ? or(eq(taskQuestions.isDrawn, false), inArray(taskQuestions.id, drawnMapIds)) : eq(taskQuestions.isDrawn, false)))
        .orderBy(asc(taskQuestions.sectionId), asc(taskQuestions.sortOrder), asc(taskQuestions.id));
      const questionIds = [...new Set(placed.map((row) => row.questionId))];
      const questionRows = questionIds.length ? await db.select().from(questions).where(inArray(questions.id, questionIds)) : [];
      const versionIds = questionRows.map((row) => row.currentVersionId).filter((id): id is number => id !== null);
      const versions = versionIds.length ? await db.select().from(questionVersions).where(inArray(questionVersions.id, versionIds)) : [];
      const texts = versionIds.length ? await db.select().from(questionVersionTexts).where(inArray(questionVersionTexts.versionId, versionIds)) : [];
      return { task: task ?? null, course: course ?? null, topic: topic ?? null, sections: sectionRows, taskQuestions: placed, questions: questionRows, questionVersions: versions, questionVersionTexts: texts };
    },

    /** Active students of the institute in a window's class and section (when it names them). */
    async rosterOf(instituteId: number, target: { classId: number | null; sectionId: number | null }) {
      return db
        .select({
          userId: users.id,
          username: users.username,
          email: users.email,
          phone: users.phone,
          passwordHash: users.passwordHash,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          rollNumber: users.rollNumber,
          classId: users.classId,
          className: classes.name,
          sectionId: users.sectionId,
          sectionName: sections.name,
          languageId: users.languageId,
          clientId: users.clientId,
        })
        .from(users)
        .leftJoin(classes, eq(classes.id, users.classId))
        .leftJoin(sections, eq(sections.id, users.sectionId))
        .where(
          and(
            eq(users.instituteId, instituteId),
            inArray(users.role, [...STUDENT_ROLES]),
            eq(users.isActive, true),
            target.classId === null ? undefined : eq(users.classId, target.classId),
            target.sectionId === null ? undefined : eq(users.sectionId, target.sectionId),
          ),
        )
        .orderBy(asc(users.id));
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

    // ── Central: sync (decision 063) ──────────────────────────────────────────────────────────
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

    async markCentreSynced(centreId: number, now: Date) {
      await db.update(centres).set({ lastSyncAt: now, lastContactAt: now }).where(eq(centres.id, centreId));
    },

    async isDelivered(centreId: number, scheduleId: number): Promise<boolean> {
      const [row] = await db
        .select({ scheduleId: centreDeliveries.scheduleId })
        .from(centreDeliveries)
        .where(and(eq(centreDeliveries.centreId, centreId), eq(centreDeliveries.scheduleId, scheduleId)));
      return Boolean(row);
    },

    /** A test's own placed questions (the ones staged with its paper): questionTaskMapID → question id. */
    async placedQuestions(taskId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: taskQuestions.id, questionId: taskQuestions.questionId })
        .from(taskQuestions)
        .where(and(eq(taskQuestions.taskId, taskId), eq(taskQuestions.isDrawn, false)));
      return new Map(rows.map((row) => [row.id, row.questionId]));
    },

    /** The drawn placements staged for an exam at a centre, in the draw's order (decision 076). */
    async stagedDraw(centreId: number, scheduleId: number): Promise<number[]> {
      const rows = await db
        .select({ mapId: centreStagedDraws.questionTaskMapId })
        .from(centreStagedDraws)
        .where(and(eq(centreStagedDraws.centreId, centreId), eq(centreStagedDraws.scheduleId, scheduleId)))
        .orderBy(asc(centreStagedDraws.position));
      return rows.map((row) => row.mapId);
    },

    async recordStagedDraw(centreId: number, scheduleId: number, mapIds: number[]) {
      if (!mapIds.length) return;
      await db
        .insert(centreStagedDraws)
        .values(mapIds.map((questionTaskMapId, position) => ({ centreId, scheduleId, questionTaskMapId, position })))
        .onConflictDoNothing();
    },

    /** The drawn placements staged for an exam at a centre: questionTaskMapID → question id (what its attempts may carry besides the test's own). */
    async stagedDrawQuestions(centreId: number, scheduleId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: taskQuestions.id, questionId: taskQuestions.questionId })
        .from(centreStagedDraws)
        .innerJoin(taskQuestions, eq(taskQuestions.id, centreStagedDraws.questionTaskMapId))
        .where(and(eq(centreStagedDraws.centreId, centreId), eq(centreStagedDraws.scheduleId, scheduleId)));
      return new Map(rows.map((row) => [row.id, row.questionId]));
    },

    /** The question each version belongs to. */
    async versionOwners(versionIds: number[]): Promise<Map<number, number>> {
      if (!versionIds.length) return new Map();
      const rows = await db.select({ id: questionVersions.id, questionId: questionVersions.questionId }).from(questionVersions).where(inArray(questionVersions.id, versionIds));
      return new Map(rows.map((row) => [row.id, row.questionId]));
    },

    async auditMany(entries: SyncedAuditEntry[]) {
      if (!entries.length) return;
      await db.insert(auditLog).values(
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

    // ── Centre ──────────────────────────────────────────────────────────────────────────────
    /** An active account of this server by its username (who pairs it from the command line). */
    async localAccount(username: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, instituteId: users.instituteId })
        .from(users)
        .where(and(eq(users.username, username), eq(users.isActive, true)));
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

    // ── Centre: sync (decision 063) ───────────────────────────────────────────────────────────
    /** Closed attempts at loaded tests not sealed yet, the oldest first. */
    async attemptsToSeal(limit: number) {
      const loadedTasks = db.select({ id: centreLoadedRows.localId }).from(centreLoadedRows).where(eq(centreLoadedRows.kind, 'task'));
      // Only rostered students' attempts: one of this server's own accounts has nothing to send.
      const loadedUsers = db.select({ id: centreLoadedRows.localId }).from(centreLoadedRows).where(eq(centreLoadedRows.kind, 'user'));
      const sealed = db.select({ id: centreSyncOutbox.attemptId }).from(centreSyncOutbox);
      return db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.status, 'submitted'), inArray(examAttempts.taskId, loadedTasks), inArray(examAttempts.userId, loadedUsers), notInArray(examAttempts.id, sealed)))
        .orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id))
        .limit(limit);
    },

    async runningAttemptsOfLoadedTests(): Promise<number> {
      const loadedTasks = db.select({ id: centreLoadedRows.localId }).from(centreLoadedRows).where(eq(centreLoadedRows.kind, 'task'));
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(examAttempts).where(and(eq(examAttempts.status, 'open'), inArray(examAttempts.taskId, loadedTasks)));
      return Number(row?.count ?? 0);
    },

    /** An attempt's answers, the versions it was served (its set's, then its own rows) and its audit entries. */
    async attemptParts(attempt: { id: string; servedSetId: number | null }) {
      const answers = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, attempt.id)).orderBy(asc(examAnswers.questionTaskMapId));
      const fromSet = attempt.servedSetId
        ? await db
            .select({ mapId: servedSetVersions.questionTaskMapId, questionId: servedSetVersions.questionId, versionId: servedSetVersions.questionVersionId })
            .from(servedSetVersions)
            .where(eq(servedSetVersions.setId, attempt.servedSetId))
        : [];
      const own = await db
        .select({ mapId: attemptQuestionVersions.questionTaskMapId, questionId: attemptQuestionVersions.questionId, versionId: attemptQuestionVersions.questionVersionId })
        .from(attemptQuestionVersions)
        .where(eq(attemptQuestionVersions.attemptId, attempt.id));
      const served = new Map([...fromSet, ...own].map((row) => [row.mapId, row]));
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'attempt'), eq(auditLog.targetId, attempt.id)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
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

    // ── Centre: the invigilator's dashboard ───────────────────────────────────────────────────
    /** The latest attempt of each of the students at a test, with how many questions hold an answer and its last save. */
    async roomAttempts(taskId: number, userIds: number[]) {
      if (!userIds.length) return [];
      const rows = await db
        .selectDistinctOn([examAttempts.userId], {
          attempt: examAttempts,
          answered: sql<number>`(select count(*)::int from ${examAnswers} ea where ea.attempt_id = ${examAttempts.id} and ea.answer_id is not null and ea.answer_id <> 'null'::jsonb and ea.seq > 0)`,
          lastSaveAt: sql<Date | string | null>`(select max(ea.updated_at) from ${examAnswers} ea where ea.attempt_id = ${examAttempts.id} and ea.seq > 0)`,
        })
        .from(examAttempts)
        .where(and(eq(examAttempts.taskId, taskId), inArray(examAttempts.userId, userIds), ne(examAttempts.status, 'prepared')))
        .orderBy(examAttempts.userId, desc(examAttempts.startedAt));
      return rows.map((row) => ({ ...row.attempt, answered: Number(row.answered ?? 0), lastSaveAt: row.lastSaveAt === null ? null : new Date(row.lastSaveAt) }));
    },

    /** The outage credits of the attempts, as the audit log holds them (the oldest first). */
    async outageCreditsOf(attemptIds: string[]) {
      if (!attemptIds.length) return [];
      return db
        .select({ attemptId: auditLog.targetId, after: auditLog.after, reason: auditLog.reason })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'exam.outageCredit'), eq(auditLog.targetType, 'attempt'), inArray(auditLog.targetId, attemptIds)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    },

    /** The sealed attempts among these, with what the central side last said of each. */
    async outboxOf(attemptIds: string[]) {
      if (!attemptIds.length) return [];
      return db.select({ attemptId: centreSyncOutbox.attemptId, state: centreSyncOutbox.state, reason: centreSyncOutbox.reason }).from(centreSyncOutbox).where(inArray(centreSyncOutbox.attemptId, attemptIds));
    },

    async markSynced(now: Date) {
      await db.update(centreIdentity).set({ lastSyncedAt: now }).where(eq(centreIdentity.id, 1));
    },

    // ── Centre: an unlocked paper and its roster in this server's own tables ───────────────────
    /** This server's institute for loaded rows: the one named, or else its first. */
    async localInstitute(id: number | null) {
      const [row] = await db
        .select({ id: institutes.id, clientId: institutes.clientId })
        .from(institutes)
        .where(id === null ? undefined : eq(institutes.id, id))
        .orderBy(asc(institutes.id))
        .limit(1);
      return row ?? null;
    },

    /** Inserts the local row standing for a central one, or updates the one loaded before; its local id. */
    async saveLoaded(kind: LoadedKind, centralId: number, values: Record<string, unknown>): Promise<number> {
      // Every loaded table has the same integer identity `id`; typed as one of them for the builder.
      const table = LOADED_TABLES[kind] as unknown as typeof tasks;
      const [known] = await db
        .select({ localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, kind), eq(centreLoadedRows.centralId, centralId)));
      if (known) {
        const updated = await db.update(table).set(values).where(eq(table.id, known.localId)).returning({ id: table.id });
        if (updated.length) return known.localId;
      }
      const [row] = await db.insert(table).values(values as typeof tasks.$inferInsert).returning({ id: table.id });
      await db
        .insert(centreLoadedRows)
        .values({ kind, centralId, localId: row!.id })
        .onConflictDoUpdate({ target: [centreLoadedRows.kind, centreLoadedRows.centralId], set: { localId: row!.id } });
      return row!.id;
    },

    /** The local ids of central rows loaded before. */
    async loadedIds(kind: LoadedKind | 'user', centralIds: number[]): Promise<Map<number, number>> {
      if (!centralIds.length) return new Map();
      const rows = await db
        .select({ centralId: centreLoadedRows.centralId, localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, kind), inArray(centreLoadedRows.centralId, centralIds)));
      return new Map(rows.map((row) => [row.centralId, row.localId]));
    },

    /** Inserts local rows for central ones in one statement, and records which is which; central id → local id. */
    async insertLoaded(kind: LoadedKind, rows: Array<{ centralId: number; values: Record<string, unknown> }>): Promise<Map<number, number>> {
      if (!rows.length) return new Map();
      const table = LOADED_TABLES[kind] as unknown as typeof tasks;
      // RETURNING gives the rows in the order of VALUES (one statement, one table).
      const inserted = await db
        .insert(table)
        .values(rows.map((row) => row.values as typeof tasks.$inferInsert))
        .returning({ id: table.id });
      const ids = new Map(rows.map((row, index) => [row.centralId, inserted[index]!.id]));
      await db.insert(centreLoadedRows).values([...ids].map(([centralId, localId]) => ({ kind, centralId, localId })));
      return ids;
    },

    /** A loaded window's staged draw, in this server's ids (kept as first loaded). */
    async insertLoadedDraw(scheduleId: number, mapIds: number[]) {
      if (!mapIds.length) return;
      await db
        .insert(centreLoadedDraws)
        .values(mapIds.map((questionTaskMapId, position) => ({ scheduleId, questionTaskMapId, position })))
        .onConflictDoNothing();
    },

    /** The drawn placements every attempt started in this window is served, in order. */
    async loadedDraw(scheduleId: number): Promise<number[]> {
      const rows = await db
        .select({ mapId: centreLoadedDraws.questionTaskMapId })
        .from(centreLoadedDraws)
        .where(eq(centreLoadedDraws.scheduleId, scheduleId))
        .orderBy(asc(centreLoadedDraws.position));
      return rows.map((row) => row.mapId);
    },

    /** Each of the questions is current at its (one) loaded version. */
    async setCurrentVersions(questionIds: number[]) {
      if (!questionIds.length) return;
      await db
        .update(questions)
        .set({ currentVersionId: sql`(select max(v.id) from ${questionVersions} v where v.question_id = ${questions.id})` })
        .where(inArray(questions.id, questionIds));
    },

    async insertVersionTexts(rows: Array<typeof questionVersionTexts.$inferInsert>) {
      if (rows.length) await db.insert(questionVersionTexts).values(rows).onConflictDoNothing();
    },

    /** The institute's class of that name (made when missing). */
    async localClass(instituteId: number, name: string) {
      await db.insert(classes).values({ instituteId, name }).onConflictDoNothing();
      const [row] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, instituteId), eq(classes.name, name)));
      return row!.id;
    },

    /** The class's section of that name (made when missing). */
    async localSection(classId: number, name: string) {
      await db.insert(sections).values({ classId, name }).onConflictDoNothing();
      const [row] = await db.select({ id: sections.id }).from(sections).where(and(eq(sections.classId, classId), eq(sections.name, name)));
      return row!.id;
    },

    /** The rostered students of one staged exam. */
    async rosterOfExam(scheduleId: number) {
      return db.select().from(centreRoster).where(sql`${scheduleId} = any(${centreRoster.scheduleIds})`).orderBy(asc(centreRoster.userId));
    },

    /** Loaded accounts as they are now. */
    async usersByIds(ids: number[]) {
      if (!ids.length) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },

    async updateUser(id: number, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    /**
     * Accounts for rostered students loaded for the first time, in one statement; a student whose
     * username, e-mail, phone or roll number one of this server's own accounts holds is left out
     * (and cannot sign in here). Central id → local id of those made.
     */
    async insertLoadedUsers(rows: Array<{ centralId: number; values: typeof users.$inferInsert }>): Promise<Map<number, number>> {
      if (!rows.length) return new Map();
      const made = await db
        .insert(users)
        .values(rows.map((row) => row.values))
        .onConflictDoNothing()
        .returning({ id: users.id, username: users.username });
      const byUsername = new Map(made.map((row) => [row.username.toLowerCase(), row.id]));
      const ids = new Map<number, number>();
      for (const row of rows) {
        const localId = byUsername.get(row.values.username.toLowerCase());
        if (localId !== undefined) ids.set(row.centralId, localId);
      }
      if (ids.size) await db.insert(centreLoadedRows).values([...ids].map(([centralId, localId]) => ({ kind: 'user', centralId, localId })));
      return ids;
    },

    /** Turns off the loaded accounts of students no longer on the roster. */
    async disableUnrostered() {
      const rostered = db.select({ userId: centreRoster.userId }).from(centreRoster);
      const gone = db
        .select({ localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, 'user'), notInArray(centreLoadedRows.centralId, rostered)));
      await db.update(users).set({ isActive: false }).where(inArray(users.id, gone));
    },

    async rosterCounts() {
      const rows = await db.select({ scheduleIds: centreRoster.scheduleIds }).from(centreRoster);
      const counts = new Map<number, number>();
      for (const row of rows) for (const id of row.scheduleIds) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    },
  };
}

type CentreQueries = ReturnType<typeof centreQueries>;
export type CentreRepository = ReturnType<typeof createCentreRepository>;
