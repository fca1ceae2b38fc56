import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attemptSummaries, classes, examAttempts, institutes, itemCalibrations, sections, testSchedules } from '../../../db/schema/index.js';
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
          shiftId: examAttempts.shiftId,
          startedAt: examAttempts.startedAt,
        })
        .from(attemptSummaries)
        .innerJoin(examAttempts, eq(examAttempts.id, attemptSummaries.attemptId))
        .where(sql`${attemptSummaries.attemptId} = any(${textArray(attemptIds)}::text[])`);
    },

    /**
     * Every question each attempt was served, at the version it was served (its own rows first,
     * then its served set's), with the marks of a right answer (the placement's, else the version's).
     */
    async servedItems(attemptIds: string[]): Promise<ServedItem[]> {
      if (!attemptIds.length) return [];
      const result = await db.execute(sql`
        WITH picked AS (
          SELECT own.attempt_id, own.question_task_map_id AS map_id, own.question_version_id AS version_id
          FROM attempt_question_versions own
          WHERE own.attempt_id = any(${textArray(attemptIds)}::text[])
          UNION ALL
          SELECT a.id, s.question_task_map_id, s.question_version_id
          FROM exam_attempts a JOIN served_set_versions s ON s.set_id = a.served_set_id
          WHERE a.id = any(${textArray(attemptIds)}::text[])
            AND NOT EXISTS (SELECT 1 FROM attempt_question_versions own WHERE own.attempt_id = a.id AND own.question_task_map_id = s.question_task_map_id)
        )
        SELECT p.attempt_id, p.map_id, p.version_id, coalesce(tq.marks, qv.marks) AS marks
        FROM picked p
        JOIN task_questions tq ON tq.id = p.map_id
        JOIN question_versions qv ON qv.id = p.version_id`);
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
        ? sql`(${itemCalibrations.instituteId} is null${ids.length ? sql` or ${inArray(itemCalibrations.instituteId, ids)}` : sql``})`
        : inArray(itemCalibrations.instituteId, ids);
      const rows = await db
        .select({
          instituteId: itemCalibrations.instituteId,
          questionVersionId: itemCalibrations.questionVersionId,
          model: itemCalibrations.model,
          difficulty: itemCalibrations.difficulty,
          discrimination: itemCalibrations.discrimination,
          guessing: itemCalibrations.guessing,
          calibratedAt: itemCalibrations.calibratedAt,
        })
        .from(itemCalibrations)
        .where(and(eq(itemCalibrations.clientId, clientId), eq(itemCalibrations.state, 'ok'), scope, inArray(itemCalibrations.questionVersionId, [...new Set(versionIds)])));
      return rows.flatMap((r) => (r.difficulty === null || r.discrimination === null ? [] : [{ ...r, difficulty: r.difficulty, discrimination: r.discrimination }]));
    },

    /** The shifts (test windows) by id, with the names of their place. */
    async shifts(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: testSchedules.id,
          opensAt: testSchedules.opensAt,
          instituteName: institutes.name,
          classId: testSchedules.classId,
          className: classes.name,
          sectionId: testSchedules.sectionId,
          sectionName: sections.name,
        })
        .from(testSchedules)
        .innerJoin(institutes, eq(institutes.id, testSchedules.instituteId))
        .leftJoin(classes, eq(classes.id, testSchedules.classId))
        .leftJoin(sections, eq(sections.id, testSchedules.sectionId))
        .where(inArray(testSchedules.id, ids));
    },

    async instituteName(id: number): Promise<string | null> {
      const [row] = await db.select({ name: institutes.name }).from(institutes).where(eq(institutes.id, id));
      return row?.name ?? null;
    },
  };
}

export type EquatingRepository = ReturnType<typeof createEquatingRepository>;
