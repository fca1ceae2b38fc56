import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examAttempts, regradeAttempts, regrades } from '../../db/schema/index.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import { IDS_PER_STATEMENT } from './exam.shared.repository.js';

/*
 * Regrades (regrades, regrade_attempts): the log of what a regrade re-scored and its set-based
 * write of one question's scores across attempts. Which version an attempt holds is exam.served.repository.ts's.
 */

/** One attempt's new score of a regraded question, as the set-based regrade writes it. */
export interface RescoredRow {
  attemptId: string;
  marks: number;
  /** The status's letter (STATUS_LETTER). */
  letter: string;
  scored: number;
  negativeMarksLost: number;
  /** Whether the question was pending evaluation before (the attempt's flag is then worked out again). */
  wasPending: boolean;
}

export function createExamRegradesRepository(db: Db) {
  return {
    /** Runs fn in one transaction (a regrade: every attempt it moves, its log and its audit entry). */
    async inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(tx as unknown as Db));
    },

    async insertRegrade(tx: Db, values: typeof regrades.$inferInsert): Promise<number> {
      const [row] = await tx.insert(regrades).values(values).returning({ id: regrades.id });
      return row!.id;
    },

    async insertRegradeAttempt(tx: Db, values: typeof regradeAttempts.$inferInsert): Promise<void> {
      await tx.insert(regradeAttempts).values(values);
    },

    /** A regrade's log rows, all in one statement. */
    async insertRegradeAttempts(tx: Db, values: (typeof regradeAttempts.$inferInsert)[]): Promise<void> {
      for (let from = 0; from < values.length; from += IDS_PER_STATEMENT) await tx.insert(regradeAttempts).values(values.slice(from, from + IDS_PER_STATEMENT));
    },

    /**
     * A regrade's scores of one question across attempts, in one statement: the question's marks and
     * status letter in each attempt's marks, each attempt's totals (its pending flag worked out again where the question was
     * pending), and what the caller records with them (the reports' summaries).
     */
    async writeQuestionScores(tx: Db, mapId: number, rows: RescoredRow[], also?: SQL): Promise<void> {
      if (!rows.length) return;
      const at = sql`array_position(a.item_map_ids, ${mapId}::int)`;
      await tx.execute(sql`
        WITH x AS MATERIALIZED (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r("attemptId" text, marks float8, letter text, scored float8, "negativeMarksLost" float8, "wasPending" boolean)
        ),
        totals AS (
          -- The question's place among the attempt's marks; a question the attempt was not scored on is added at the end.
          UPDATE exam_attempts a SET scored = x.scored, negative_marks_lost = x."negativeMarksLost",
            item_map_ids = CASE WHEN ${at} IS NULL THEN coalesce(a.item_map_ids, '{}') || ${mapId}::int ELSE a.item_map_ids END,
            item_marks = CASE WHEN ${at} IS NULL THEN coalesce(a.item_marks, '{}') || x.marks
              ELSE a.item_marks[:${at} - 1] || x.marks || a.item_marks[${at} + 1:] END,
            item_statuses = CASE WHEN ${at} IS NULL THEN coalesce(a.item_statuses, '') || x.letter
              ELSE overlay(a.item_statuses placing x.letter from ${at} for 1) END,
            -- Still pending: this question now, or another one when this one was.
            pending_evaluation = x.letter = 'e' OR CASE WHEN x."wasPending"
              THEN position('e' in CASE WHEN ${at} IS NULL THEN coalesce(a.item_statuses, '') ELSE overlay(a.item_statuses placing 'u' from ${at} for 1) END) > 0
              ELSE a.pending_evaluation END
          FROM x
          WHERE a.id = x."attemptId"
        )${also ? sql`, recorded AS (${also})` : sql``}
        SELECT 1
      `);
    },

    /** The regrades of a question with the attempts each re-scored of the students in the reach, newest first. */
    async listRegrades(questionId: number, reach: StudentReach) {
      const rows = await db.select().from(regrades).where(eq(regrades.questionId, questionId)).orderBy(desc(regrades.createdAt), desc(regrades.id)).limit(200);
      const attempts = rows.length
        ? await db
            .select({
              regradeId: regradeAttempts.regradeId,
              attemptId: regradeAttempts.attemptId,
              userId: examAttempts.userId,
              fromVersionId: regradeAttempts.fromVersionId,
              oldScored: regradeAttempts.oldScored,
              newScored: regradeAttempts.newScored,
            })
            .from(regradeAttempts)
            .innerJoin(examAttempts, eq(examAttempts.id, regradeAttempts.attemptId))
            .where(and(inArray(regradeAttempts.regradeId, rows.map((r) => r.id)), userIdInReach(examAttempts.userId, reach)))
            .orderBy(asc(regradeAttempts.attemptId))
        : [];
      return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.regradeId === r.id).map(({ regradeId: _id, ...a }) => a) }));
    },
  };
}
