import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ONE_OPTION_QUESTION_TYPES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { adaptiveAnswers, adaptiveSessions, bankVersions, calibratedItems, courseTopics, currentQuestions, questionFilings, questionStatements } from '../../db/schema/index.js';

/** Whose bank a student reaches: the client's shared questions and their institute's own. */
export interface BankScope {
  clientId: string;
  instituteId: number | null;
}

/** A reachable one-answer question's current version, with a calibration when it has one (institute rows before client rows). */
export interface PoolRow {
  versionId: number;
  label: string;
  topicId: number;
  calibrationInstituteId: number | null;
  difficulty: number | null;
  discrimination: number | null;
  guessing: number | null;
}

export type AdaptiveSessionRow = typeof adaptiveSessions.$inferSelect;
export type NewAdaptiveSession = typeof adaptiveSessions.$inferInsert;
export type AdaptiveAnswerRow = typeof adaptiveAnswers.$inferSelect;
export type NewAdaptiveAnswer = typeof adaptiveAnswers.$inferInsert;

export function createAdaptiveRepository(db: Db) {
  return {
    async listPoolRows(scope: BankScope): Promise<PoolRow[]> {
      return db
        .select({
          versionId: sql<number>`${currentQuestions.currentVersionId}`,
          label: currentQuestions.difficulty,
          topicId: questionFilings.topicId,
          calibrationInstituteId: calibratedItems.instituteId,
          difficulty: calibratedItems.difficulty,
          discrimination: calibratedItems.discrimination,
          guessing: calibratedItems.guessing,
        })
        .from(currentQuestions)
        .innerJoin(questionFilings, eq(questionFilings.questionId, currentQuestions.questionId))
        .leftJoin(
          calibratedItems,
          and(
            eq(calibratedItems.questionVersionId, currentQuestions.currentVersionId),
            eq(calibratedItems.clientId, scope.clientId),
            scope.instituteId === null ? isNull(calibratedItems.instituteId) : or(isNull(calibratedItems.instituteId), eq(calibratedItems.instituteId, scope.instituteId)),
          ),
        )
        .where(
          and(
            eq(currentQuestions.ownerClientId, scope.clientId),
            scope.instituteId === null ? isNull(currentQuestions.ownerInstituteId) : or(isNull(currentQuestions.ownerInstituteId), eq(currentQuestions.ownerInstituteId, scope.instituteId)),
            inArray(currentQuestions.questionType, [...ONE_OPTION_QUESTION_TYPES]),
            isNotNull(currentQuestions.currentKey),
          ),
        )
        .orderBy(asc(currentQuestions.currentVersionId), asc(questionFilings.topicId));
    },

    async listTopics(): Promise<{ id: number; name: string; parentId: number | null }[]> {
      return db.select({ id: courseTopics.id, name: courseTopics.name, parentId: courseTopics.parentId }).from(courseTopics);
    },

    async createSession(values: NewAdaptiveSession): Promise<AdaptiveSessionRow> {
      const [row] = await db.insert(adaptiveSessions).values(values).returning();
      return row!;
    },

    async findSession(id: number, userId: number): Promise<AdaptiveSessionRow | null> {
      const [row] = await db
        .select()
        .from(adaptiveSessions)
        .where(and(eq(adaptiveSessions.id, id), eq(adaptiveSessions.userId, userId)));
      return row ?? null;
    },

    async listSessions(userId: number, limit: number): Promise<(AdaptiveSessionRow & { answered: number })[]> {
      const answered = db
        .select({ sessionId: adaptiveAnswers.sessionId, n: count().as('n') })
        .from(adaptiveAnswers)
        .groupBy(adaptiveAnswers.sessionId)
        .as('answered');
      const rows = await db
        .select({ session: adaptiveSessions, n: answered.n })
        .from(adaptiveSessions)
        .leftJoin(answered, eq(answered.sessionId, adaptiveSessions.id))
        .where(eq(adaptiveSessions.userId, userId))
        .orderBy(desc(adaptiveSessions.startedAt), desc(adaptiveSessions.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.session, answered: Number(r.n ?? 0) }));
    },

    async listAnswers(sessionId: number): Promise<AdaptiveAnswerRow[]> {
      return db.select().from(adaptiveAnswers).where(eq(adaptiveAnswers.sessionId, sessionId)).orderBy(asc(adaptiveAnswers.position));
    },

    async versionTexts(versionId: number): Promise<{ language: string; data: string; options: { answerID: number; answerData: string }[] }[]> {
      const rows = await db
        .select({ language: questionStatements.language, data: questionStatements.data, options: questionStatements.options })
        .from(questionStatements)
        .where(and(eq(questionStatements.versionId, versionId), isNotNull(questionStatements.language)))
        .orderBy(asc(questionStatements.language));
      return rows.map((row) => ({ language: row.language!, data: row.data!, options: row.options! }));
    },

    async keyOf(versionId: number): Promise<number | number[] | null> {
      const [row] = await db.select({ key: bankVersions.correctAnswerId }).from(bankVersions).where(eq(bankVersions.versionId, versionId));
      return row?.key ?? null;
    },

    /** The name of the first topic of a version's question. */
    async topicOfVersion(versionId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: courseTopics.name })
        .from(bankVersions)
        .innerJoin(questionFilings, eq(questionFilings.questionId, bankVersions.questionId))
        .innerJoin(courseTopics, eq(courseTopics.id, questionFilings.topicId))
        .where(eq(bankVersions.versionId, versionId))
        .orderBy(asc(courseTopics.id))
        .limit(1);
      return row?.name ?? null;
    },

    async topicNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: courseTopics.id, name: courseTopics.name }).from(courseTopics).where(inArray(courseTopics.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Records the answer to the item being asked and moves the session on, in one transaction;
     * false when the item is no longer the current one (answered already, on this or another device).
     */
    async recordAnswer(sessionId: number, expectedVersionId: number, answer: NewAdaptiveAnswer, next: Partial<NewAdaptiveSession>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(adaptiveSessions)
          .set(next)
          .where(and(eq(adaptiveSessions.id, sessionId), eq(adaptiveSessions.status, 'active'), eq(adaptiveSessions.currentVersionId, expectedVersionId)))
          .returning({ id: adaptiveSessions.id });
        if (moved.length === 0) return false;
        await tx.insert(adaptiveAnswers).values(answer);
        return true;
      });
    },

  };
}

export type AdaptiveRepository = ReturnType<typeof createAdaptiveRepository>;
