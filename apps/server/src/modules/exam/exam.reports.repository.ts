import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { examAnswers, examAttempts, questionReports } from '../../db/schema/index.js';
import { STATUS_LETTER } from '../../question-kinds/index.js';
import { toNumber } from './exam.shared.repository.js';

/*
 * Question reports (question_reports) and the class figures of a task's submitted attempts.
 */

export function createExamReportsRepository(db: Db) {
  return {
    async insertQuestionReport(values: typeof questionReports.$inferInsert) {
      const [row] = await db.insert(questionReports).values(values).returning({ id: questionReports.id });
      return row!;
    },

    /** Per question, the median seconds spent by those who answered it in a submitted attempt of the task. */
    async classMedianTimes(taskId: number): Promise<Map<number, number>> {
      const result = await db.execute(sql`
        SELECT x.map_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY e.time_spent_seconds) AS median
        FROM ${examAttempts} a
        CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
        JOIN ${examAnswers} e ON e.attempt_id = a.id AND e.question_task_map_id = x.map_id
        WHERE a.task_id = ${taskId} AND a.status = 'submitted' AND x.letter IN (${STATUS_LETTER.correct}, ${STATUS_LETTER.partial}, ${STATUS_LETTER.wrong})
        GROUP BY x.map_id`);
      return new Map(rowsOf<{ map_id: number; median: number }>(result).map((r) => [Number(r.map_id), toNumber(r.median)]));
    },

    /** Per question of a task: how many submitted attempts got it right, out of how many. */
    async classAccuracy(taskId: number): Promise<Map<number, { correct: number; total: number }>> {
      const result = await db.execute(sql`
        SELECT x.map_id, count(*) FILTER (WHERE x.letter = ${STATUS_LETTER.correct}) AS correct, count(*) AS total
        FROM ${examAttempts} a
        CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
        WHERE a.task_id = ${taskId} AND a.status = 'submitted'
        GROUP BY x.map_id`);
      return new Map(rowsOf<{ map_id: number; correct: number; total: number }>(result).map((r) => [Number(r.map_id), { correct: toNumber(r.correct), total: toNumber(r.total) }]));
    },
  };
}
