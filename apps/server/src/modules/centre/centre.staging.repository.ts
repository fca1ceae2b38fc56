import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bankVersions, centreStagedDraws, classDirectory, placedQuestions, sectionDirectory, taskHeads, testWindows } from '../../db/schema/index.js';
import { createAcademyCopies } from '../academy/shared/academy.copies.repository.js';
import { createAccountCopies } from '../auth/auth.copies.repository.js';
import { createBankCopies } from '../question-bank/question-bank.copies.repository.js';

/** A test window as the centre's staging reads it: the window and its test's title and duration. */
const SCHEDULE_COLUMNS = {
  id: testWindows.id,
  taskId: testWindows.taskId,
  instituteId: testWindows.instituteId,
  classId: testWindows.classId,
  sectionId: testWindows.sectionId,
  opensAt: testWindows.opensAt,
  closesAt: testWindows.closesAt,
  lateStartUntil: testWindows.lateStartUntil,
  title: taskHeads.name,
  durationMinutes: taskHeads.durationMinutes,
};

/**
 * The central server's staging: the windows to stage, a test's paper and roster (copied through
 * the academy, the bank and auth, decision 099) and the draws staged for each centre.
 */
export function createCentreStagingRepository(db: Db) {
  const academy = createAcademyCopies(db);
  const bank = createBankCopies(db);
  const accounts = createAccountCopies(db);
  return {
    async findSchedule(id: number) {
      const [row] = await db
        .select(SCHEDULE_COLUMNS)
        .from(testWindows)
        .innerJoin(taskHeads, and(eq(taskHeads.id, testWindows.taskId), eq(taskHeads.kind, 'test')))
        .where(eq(testWindows.id, id));
      return row ?? null;
    },

    /** The institute's test windows that are open or open before `until`. */
    async schedulesToStage(instituteId: number, now: Date, until: Date) {
      return db
        .select({ ...SCHEDULE_COLUMNS, className: classDirectory.name, sectionName: sectionDirectory.name })
        .from(testWindows)
        .innerJoin(taskHeads, and(eq(taskHeads.id, testWindows.taskId), eq(taskHeads.kind, 'test'), eq(taskHeads.isPublished, true)))
        .leftJoin(classDirectory, eq(classDirectory.id, testWindows.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, testWindows.sectionId))
        .where(and(eq(testWindows.instituteId, instituteId), lte(testWindows.opensAt, until), gte(testWindows.closesAt, now)))
        .orderBy(asc(testWindows.opensAt), asc(testWindows.id));
    },

    /**
     * A test's rows as the tables hold them: the task (with its course and topic), its sections, its
     * own questions and of its drawn placements those given, at their current versions.
     */
    async paperRows(taskId: number, drawnMapIds: number[] = []) {
      const paper = await academy.paperRows(taskId, drawnMapIds);
      const questions = await bank.questionRows([...new Set(paper.taskQuestions.map((row) => row.questionId))]);
      return { ...paper, ...questions };
    },

    /** Active students of the institute in a window's class and section (when it names them). */
    rosterOf: (instituteId: number, target: { classId: number | null; sectionId: number | null }) => accounts.rosterOf(instituteId, target),

    /** A test's own placed questions (the ones staged with its paper): questionTaskMapID → question id. */
    async placedQuestions(taskId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: placedQuestions.mapId, questionId: placedQuestions.questionId })
        .from(placedQuestions)
        .where(and(eq(placedQuestions.taskId, taskId), eq(placedQuestions.isDrawn, false)));
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
        .select({ id: placedQuestions.mapId, questionId: placedQuestions.questionId })
        .from(centreStagedDraws)
        .innerJoin(placedQuestions, eq(placedQuestions.mapId, centreStagedDraws.questionTaskMapId))
        .where(and(eq(centreStagedDraws.centreId, centreId), eq(centreStagedDraws.scheduleId, scheduleId)));
      return new Map(rows.map((row) => [row.id, row.questionId]));
    },

    /** The question each version belongs to. */
    async versionOwners(versionIds: number[]): Promise<Map<number, number>> {
      if (!versionIds.length) return new Map();
      const rows = await db.select({ id: bankVersions.versionId, questionId: bankVersions.questionId }).from(bankVersions).where(inArray(bankVersions.versionId, versionIds));
      return new Map(rows.map((row) => [row.id, row.questionId]));
    },
  };
}
