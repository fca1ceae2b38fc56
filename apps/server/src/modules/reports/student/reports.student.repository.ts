import { and, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attemptSummaries } from '../../../db/schema/index.js';
import { createSummariesRepository } from '../shared/reports.repository.js';
import type { AttemptSummary, SummaryPatch } from '../shared/reports.summary.js';

/** Every column of a summary but its key, set from the row an upsert offered. */
const REWRITE_FROM_OFFERED = Object.fromEntries(
  Object.entries(getTableColumns(attemptSummaries))
    .filter(([, column]) => column.name !== 'attempt_id')
    .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
);

/** Attempt summaries: written when an attempt is scored (this module's upward calls), read by every dashboard. */
export function createReportsRepository(db: Db) {
  return {
    ...createSummariesRepository(db),

    /**
     * Writes (or rewrites) an attempt's summary. A rewrite takes the row it was offered
     * (`excluded`), so the summary's questions, topics and item arrays are sent once.
     */
    async upsertSummary(summary: AttemptSummary, isFirstAttempt: boolean, now: Date, tx: Db = db): Promise<void> {
      const values = { ...summary, isFirstAttempt, updatedAt: now };
      await tx.insert(attemptSummaries).values(values).onConflictDoUpdate({ target: attemptSummaries.attemptId, set: REWRITE_FROM_OFFERED });
    },

    /** upsertSummary as a statement for another to run (the close writes it with the scores); isFirstAttempt an expression. */
    summaryUpsert(summary: AttemptSummary, isFirstAttempt: SQL, now: Date): SQL {
      const values = { ...summary, isFirstAttempt, updatedAt: now };
      return db.insert(attemptSummaries).values(values).onConflictDoUpdate({ target: attemptSummaries.attemptId, set: REWRITE_FROM_OFFERED }).getSQL();
    },

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
     * statement: their totals and counts, the question's entry (sent whole) and item figures, and the figures
     * of its section and topics moved by the differences (the rest of each row is not sent).
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
          -- An entry the regrade leaves as it was keeps the stored value (not rewritten, not compressed again).
          questions = CASE WHEN s.questions -> (${at} - 1) = x.question THEN s.questions ELSE jsonb_set(s.questions, ARRAY[(${at} - 1)::text], x.question) END,
          item_marks[${at}] = x."itemMarks",
          item_statuses = overlay(s.item_statuses placing x."itemStatus" from ${at} for 1),
          sections = coalesce((SELECT jsonb_agg(CASE WHEN t.i = ${patch.section}::int THEN ${moved(f)} ELSE t.f END ORDER BY t.i)
            FROM jsonb_array_elements(s.sections) WITH ORDINALITY AS t(f, i)), '[]'::jsonb),
          topics = coalesce((SELECT jsonb_agg(CASE WHEN t.f->>'section' = ${patch.sectionName} AND t.f->>'name' IN (SELECT jsonb_array_elements_text(${JSON.stringify(patch.topics)}::jsonb)) THEN ${moved(f)} ELSE t.f END ORDER BY t.i)
            FROM jsonb_array_elements(s.topics) WITH ORDINALITY AS t(f, i)), '[]'::jsonb),
          subjects = CASE WHEN x.pending = 0 AND x.correct = 0 THEN s.subjects ELSE coalesce((SELECT jsonb_agg(CASE WHEN t.f->>'name' = ${patch.subject} THEN t.f || jsonb_build_object(
              'questions', (t.f->>'questions')::int - x.pending, 'correct', (t.f->>'correct')::int + x.correct) ELSE t.f END ORDER BY t.i)
            FROM jsonb_array_elements(s.subjects) WITH ORDINALITY AS t(f, i)), '[]'::jsonb) END,
          updated_at = ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(patch.attempts)}::jsonb) AS x(
          "attemptId" text, marks numeric, "negativeLost" numeric, correct int, partial int, wrong int, skipped int, pending int,
          question jsonb, "itemMarks" float8, "itemStatus" text, scored float8, "negativeMarksLost" float8)
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
