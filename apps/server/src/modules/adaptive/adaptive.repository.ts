import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { ONE_OPTION_QUESTION_TYPES } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { adaptiveAnswers, adaptiveSessions, itemCalibrations, questions, questionTopics, questionVersions, questionVersionTexts, topics } from '../../db/schema/index.js';

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
          versionId: questionVersions.id,
          label: questions.difficulty,
          topicId: questionTopics.topicId,
          calibrationInstituteId: itemCalibrations.instituteId,
          difficulty: itemCalibrations.difficulty,
          discrimination: itemCalibrations.discrimination,
          guessing: itemCalibrations.guessing,
        })
        .from(questions)
        .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
        .innerJoin(questionTopics, eq(questionTopics.questionId, questions.id))
        .leftJoin(
          itemCalibrations,
          and(
            eq(itemCalibrations.questionVersionId, questionVersions.id),
            eq(itemCalibrations.state, 'ok'),
            eq(itemCalibrations.clientId, scope.clientId),
            scope.instituteId === null ? isNull(itemCalibrations.instituteId) : or(isNull(itemCalibrations.instituteId), eq(itemCalibrations.instituteId, scope.instituteId)),
          ),
        )
        .where(
          and(
            eq(questions.ownerClientId, scope.clientId),
            scope.instituteId === null ? isNull(questions.ownerInstituteId) : or(isNull(questions.ownerInstituteId), eq(questions.ownerInstituteId, scope.instituteId)),
            inArray(questions.questionType, [...ONE_OPTION_QUESTION_TYPES]),
            isNotNull(questionVersions.correctAnswerId),
          ),
        )
        .orderBy(asc(questionVersions.id), asc(questionTopics.topicId));
    },

    async listTopics(): Promise<{ id: number; name: string; parentId: number | null }[]> {
      return db.select({ id: topics.id, name: topics.name, parentId: topics.parentId }).from(topics);
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
      return db
        .select({ language: questionVersionTexts.language, data: questionVersionTexts.data, options: questionVersionTexts.options })
        .from(questionVersionTexts)
        .where(eq(questionVersionTexts.versionId, versionId))
        .orderBy(asc(questionVersionTexts.language));
    },

    async keyOf(versionId: number): Promise<number | number[] | null> {
      const [row] = await db.select({ key: questionVersions.correctAnswerId }).from(questionVersions).where(eq(questionVersions.id, versionId));
      return row?.key ?? null;
    },

    /** The name of the first topic of a version's question. */
    async topicOfVersion(versionId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: topics.name })
        .from(questionVersions)
        .innerJoin(questionTopics, eq(questionTopics.questionId, questionVersions.questionId))
        .innerJoin(topics, eq(topics.id, questionTopics.topicId))
        .where(eq(questionVersions.id, versionId))
        .orderBy(asc(topics.id))
        .limit(1);
      return row?.name ?? null;
    },

    async topicNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: topics.id, name: topics.name }).from(topics).where(inArray(topics.id, [...new Set(ids)]));
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
