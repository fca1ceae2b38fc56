import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attemptSummaries, attemptsTaken, bankVersions, calibratedItems, classDirectory, instituteDirectory, placedQuestions, sectionDirectory, servedVersions, testWindows } from '../../../db/schema/index.js';
import { rowsOf } from '../../../db/raw-rows.js';

/** One question an attempt was served: its version and the marks a right answer earns. */
export interface ServedItem {
  attemptId: string;
  mapId: number;
  questionVersionId: number;
  marks: number;
}

/** A calibrated version in one scope (decision 048): only `ok` rows carry parameters. */
export interface CalibratedVersion {
  instituteId: number | null;
  questionVersionId: number;
  model: string;
  difficulty: number;
  discrimination: number;
  /** 3PL choice items only. */
  guessing: number | null;
  calibratedAt: Date;
}

const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/** The reads of the equated-score report (decision 066). */
export function createEquatingRepository(db: Db) {
  return {
    /** The attempts' summaries (raw score, statuses by question) with the shift and start of each. */
    async attempts(attemptIds: string[]) {
      if (!attemptIds.length) return [];
      return db
        .select({
          attemptId: attemptSummaries.attemptId,
          userId: attemptSummaries.userId,
          scored: attemptSummaries.scored,
          total: attemptSummaries.total,
          itemMapIds: attemptSummaries.itemMapIds,
          itemStatuses: attemptSummaries.itemStatuses,
          shiftId: attemptsTaken.shiftId,
          startedAt: attemptsTaken.startedAt,
        })
        .from(attemptSummaries)
        .innerJoin(attemptsTaken, eq(attemptsTaken.attemptId, attemptSummaries.attemptId))
        .where(sql`${attemptSummaries.attemptId} = any(${textArray(attemptIds)}::text[])`);
    },

    /**
     * Every question each attempt was served, at the version it was served (its own rows first,
     * then its served set's), with the marks of a right answer (the placement's, else the version's).
     */
    async servedItems(attemptIds: string[]): Promise<ServedItem[]> {
      if (!attemptIds.length) return [];
      const result = await db.execute(sql`
        SELECT sv.attempt_id, sv.question_task_map_id AS map_id, sv.question_version_id AS version_id, coalesce(pq.marks, bv.marks) AS marks
        FROM ${servedVersions} sv
        JOIN ${placedQuestions} pq ON pq.map_id = sv.question_task_map_id
        JOIN ${bankVersions} bv ON bv.version_id = sv.question_version_id
        WHERE sv.attempt_id = any(${textArray(attemptIds)}::text[])`);
      return rowsOf<{ attempt_id: string; map_id: number; version_id: number; marks: number }>(result).map((r) => ({
        attemptId: r.attempt_id,
        mapId: Number(r.map_id),
        questionVersionId: Number(r.version_id),
        marks: Number(r.marks),
      }));
    },

    /** The `ok` calibrations of these versions in the client's scopes that are asked for (institutes, and null: the client bank). */
    async calibrations(clientId: string, instituteIds: (number | null)[], versionIds: number[]): Promise<CalibratedVersion[]> {
      if (!versionIds.length || !instituteIds.length) return [];
      const ids = instituteIds.filter((id): id is number => id !== null);
      const scope = instituteIds.includes(null)
        ? sql`(${calibratedItems.instituteId} is null${ids.length ? sql` or ${inArray(calibratedItems.instituteId, ids)}` : sql``})`
        : inArray(calibratedItems.instituteId, ids);
      const rows = await db
        .select({
          instituteId: calibratedItems.instituteId,
          questionVersionId: calibratedItems.questionVersionId,
          model: calibratedItems.model,
          difficulty: calibratedItems.difficulty,
          discrimination: calibratedItems.discrimination,
          guessing: calibratedItems.guessing,
          calibratedAt: calibratedItems.calibratedAt,
        })
        .from(calibratedItems)
        .where(and(eq(calibratedItems.clientId, clientId), scope, inArray(calibratedItems.questionVersionId, [...new Set(versionIds)])));
      return rows.flatMap((r) => (r.difficulty === null || r.discrimination === null ? [] : [{ ...r, difficulty: r.difficulty, discrimination: r.discrimination }]));
    },

    /** The shifts (test windows) by id, with the names of their place. */
    async shifts(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: testWindows.id,
          opensAt: testWindows.opensAt,
          instituteName: instituteDirectory.name,
          classId: testWindows.classId,
          className: classDirectory.name,
          sectionId: testWindows.sectionId,
          sectionName: sectionDirectory.name,
        })
        .from(testWindows)
        .innerJoin(instituteDirectory, eq(instituteDirectory.id, testWindows.instituteId))
        .leftJoin(classDirectory, eq(classDirectory.id, testWindows.classId))
        .leftJoin(sectionDirectory, eq(sectionDirectory.id, testWindows.sectionId))
        .where(inArray(testWindows.id, ids));
    },

    async instituteName(id: number): Promise<string | null> {
      const [row] = await db.select({ name: instituteDirectory.name }).from(instituteDirectory).where(eq(instituteDirectory.id, id));
      return row?.name ?? null;
    },
  };
}

export type EquatingRepository = ReturnType<typeof createEquatingRepository>;
