import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsFromJson } from '../../../db/rows-from-json.js';
import { attemptSummaries, summaryLayouts } from '../../../db/schema/index.js';
import { createSummariesRepository } from '../shared/reports.repository.js';
import type { AttemptSummary, SummaryLayout, SummaryPatch } from '../shared/reports.summary.js';

/** Every column of a summary but its key, set from the row an upsert offered. */
const REWRITE_FROM_OFFERED = sql.raw(
  Object.values(getTableColumns(attemptSummaries))
    .filter((column) => column.name !== 'attempt_id')
    .map((column) => `"${column.name}" = excluded."${column.name}"`)
    .join(', '),
);

/** The columns of a summary's row: all of it but its layout, which is written apart. */
const rowOf = ({ layout: _layout, ...row }: AttemptSummary) => row;

/** The columns summariseAttempt gives (all but the first-attempt flag and the time written, which the upsert adds). */
const SUMMARY_KEYS = Object.keys(getTableColumns(attemptSummaries)).filter((key) => key !== 'isFirstAttempt' && key !== 'updatedAt');

/**
 * Attempt summaries: written when an attempt is scored (this module's upward calls), read by every dashboard. */
export function createReportsRepository(db: Db) {
  /**
   * The statement that writes a layout unless it is there: one object per layout, so the closes
   * written together send it once (the exam runs a statement given twice once).
   */
  const layoutInserts = new WeakMap<SummaryLayout, SQL>();
  function layoutInsert(layout: SummaryLayout): SQL {
    let statement = layoutInserts.get(layout);
    if (!statement) {
      statement = sql`INSERT INTO ${summaryLayouts} (key, task_id, questions) VALUES (${layout.key}, ${layout.taskId}, ${layout.json}::jsonb) ON CONFLICT (key) DO NOTHING`;
      layoutInserts.set(layout, statement);
    }
    return statement;
  }

  /**
   * upsertSummary for many summaries, as statements for another to run in one (the close writes
   * them with the scores): each layout's (the same object for every attempt of it) and one upsert
   * of all the rows from one JSON parameter (decision 101); isFirstAttempt the exam's expression
   * of an attempt's id.
   */
  function summariesUpsert(summaries: AttemptSummary[], isFirstAttempt: (attemptId: SQL) => SQL, now: Date): SQL[] {
    if (!summaries.length) return [];
    const layouts = new Map(summaries.map((summary) => [summary.layout.key, summary.layout]));
    const rows = rowsFromJson(attemptSummaries, SUMMARY_KEYS, summaries.map(rowOf));
    const upsert = sql`INSERT INTO ${attemptSummaries} (${rows.names}, "is_first_attempt", "updated_at")
      SELECT ${rows.values}, ${isFirstAttempt(sql`x."attempt_id"`)}, ${now.toISOString()}::timestamptz FROM ${rows.source}
      ON CONFLICT ("attempt_id") DO UPDATE SET ${REWRITE_FROM_OFFERED}`;
    return [...[...layouts.values()].map(layoutInsert), upsert];
  }

  return {
    ...createSummariesRepository(db),

    /**
     * Writes (or rewrites) an attempt's summary, and its layout unless it is there. A rewrite
     * takes the row it was offered (`excluded`), so the summary's figures and item arrays are sent once.
     */
    async upsertSummary(summary: AttemptSummary, isFirstAttempt: (attemptId: SQL) => SQL, now: Date, tx: Db = db): Promise<void> {
      const [layout, upsert] = summariesUpsert([summary], isFirstAttempt, now);
      await tx.execute(sql`WITH layout AS (${layout!}) ${upsert!}`);
    },

    summariesUpsert,

    /** Of these attempts, those whose summary holds the question among its items. */
    async holdingQuestion(mapId: number, attemptIds: string[]): Promise<Set<string>> {
      const held = new Set<string>();
      // In pieces: PostgreSQL takes at most 65,535 parameters a statement.
      for (let from = 0; from < attemptIds.length; from += 5000) {
        const rows = await db
          .select({ id: attemptSummaries.attemptId })
          .from(attemptSummaries)
          .where(and(inArray(attemptSummaries.attemptId, attemptIds.slice(from, from + 5000)), sql`array_position(${attemptSummaries.itemMapIds}, ${mapId}::int) IS NOT NULL`));
        for (const r of rows) held.add(r.id);
      }
      return held;
    },

    /**
     * The summaries of attempts whose one question was scored again, patched in place in one
     * statement: their totals and counts, the question's item figures, and the figures of its
     * section and subject moved by the differences (the rest of each row is not sent; its
     * layout stays as it was written).
     */
    summaryQuestionPatch(patch: SummaryPatch, now: Date): SQL {
      const at = sql`array_position(s.item_map_ids, ${patch.mapId}::int)`;
      const moved = (f: SQL) => sql`${f} || jsonb_build_object(
        'correct', (${f}->>'correct')::int + x.correct, 'partial', (${f}->>'partial')::int + x.partial,
        'wrong', (${f}->>'wrong')::int + x.wrong, 'skipped', (${f}->>'skipped')::int + x.skipped,
        'pending', (${f}->>'pending')::int + x.pending,
        'scored', round((${f}->>'scored')::numeric + x.marks, 2),
        'negativeMarksLost', round((${f}->>'negativeMarksLost')::numeric + x."negativeLost", 2))`;
      const f = sql`t.f`;
      return sql`
        UPDATE attempt_summaries s SET
          scored = x.scored, negative_marks_lost = x."negativeMarksLost",
          correct = s.correct + x.correct, partial = s.partial + x.partial, wrong = s.wrong + x.wrong,
          skipped = s.skipped + x.skipped, pending = s.pending + x.pending,
          item_marks[${at}] = x."itemMarks",
          item_statuses = overlay(s.item_statuses placing x."itemStatus" from ${at} for 1),
          item_first_statuses = CASE WHEN length(s.item_first_statuses) >= ${at} THEN overlay(s.item_first_statuses placing x."itemFirstStatus" from ${at} for 1) ELSE s.item_first_statuses END,
          sections = coalesce((SELECT jsonb_agg(CASE WHEN t.i = ${patch.section}::int THEN ${moved(f)} ELSE t.f END ORDER BY t.i)
            FROM jsonb_array_elements(s.sections) WITH ORDINALITY AS t(f, i)), '[]'::jsonb),
          subjects = CASE WHEN x.pending = 0 AND x.correct = 0 THEN s.subjects ELSE coalesce((SELECT jsonb_agg(CASE WHEN t.f->>'name' = ${patch.subject} THEN t.f || jsonb_build_object(
              'questions', (t.f->>'questions')::int - x.pending, 'correct', (t.f->>'correct')::int + x.correct) ELSE t.f END ORDER BY t.i)
            FROM jsonb_array_elements(s.subjects) WITH ORDINALITY AS t(f, i)), '[]'::jsonb) END,
          updated_at = ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(patch.attempts)}::jsonb) AS x(
          "attemptId" text, marks numeric, "negativeLost" numeric, correct int, partial int, wrong int, skipped int, pending int,
          "itemMarks" float8, "itemStatus" text, "itemFirstStatus" text, scored float8, "negativeMarksLost" float8)
        WHERE s.attempt_id = x."attemptId" AND ${at} IS NOT NULL`;
    },

    /** Of these attempts, those that have a summary. */
    async summarised(attemptIds: string[]): Promise<Set<string>> {
      if (!attemptIds.length) return new Set();
      const rows = await db.select({ id: attemptSummaries.attemptId }).from(attemptSummaries).where(inArray(attemptSummaries.attemptId, attemptIds));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
