import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * Runs `fn` (in one transaction) against the attempt summaries as they were before decision 097:
 * a temporary copy of the table, before it in the search path, with each row's questions as JSON
 * again (its layout's entries with its item arrays). Migrations written then, and statements
 * copied from them, run on it as they ran on the table; the copy is gone afterwards.
 */
export async function withSummariesBeforeLayouts<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Db;
    await executor.execute(sql`
      CREATE TEMP TABLE attempt_summaries AS
      SELECT s.*, (SELECT coalesce(jsonb_agg(q.e || jsonb_build_object(
          'status', CASE substr(s.item_statuses, q.o::int, 1) WHEN 'c' THEN 'correct' WHEN 'p' THEN 'partial' WHEN 'w' THEN 'wrong' WHEN 'e' THEN 'pending' ELSE 'unanswered' END,
          'marksAwarded', s.item_marks[q.o], 'timeSpent', s.item_times[q.o])
          || CASE WHEN coalesce(s.item_changes[q.o], 0) > 0 THEN jsonb_build_object('changes', s.item_changes[q.o], 'firstStatus',
            CASE substr(s.item_first_statuses, q.o::int, 1) WHEN 'c' THEN 'correct' WHEN 'p' THEN 'partial' WHEN 'w' THEN 'wrong' WHEN 'e' THEN 'pending' ELSE 'unanswered' END) ELSE '{}'::jsonb END
          ORDER BY q.o), '[]'::jsonb)
        FROM summary_layouts l CROSS JOIN LATERAL jsonb_array_elements(l.questions) WITH ORDINALITY AS q(e, o) WHERE l.key = s.layout_key) AS questions
      FROM public.attempt_summaries s`);
    const out = await fn(executor);
    await executor.execute(sql`DROP TABLE pg_temp.attempt_summaries`);
    return out;
  });
}
