-- Decision 086: an attempt's marks are kept once, on the attempt: the placed questions in the
-- order they were scored, their marks, and one letter per question for its status (c correct,
-- p partial, w wrong, u unanswered, e pending evaluation). A close writes one row, not a row per
-- question; the answers keep what the student saved and what a marker or an evaluator gave.
ALTER TABLE "exam_attempts" ADD COLUMN "item_map_ids" integer[];--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "item_marks" double precision[];--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "item_statuses" text;--> statement-breakpoint
-- The attempts scored so far: their marks from the answers' rows (every question had one), by question.
UPDATE "exam_attempts" a SET "item_map_ids" = m.ids, "item_marks" = m.marks, "item_statuses" = m.letters
FROM (
  SELECT e."attempt_id",
    array_agg(e."question_task_map_id" ORDER BY e."question_task_map_id") AS ids,
    array_agg(coalesce(e."marks_awarded", 0) ORDER BY e."question_task_map_id") AS marks,
    string_agg(CASE e."status" WHEN 'correct' THEN 'c' WHEN 'partial' THEN 'p' WHEN 'wrong' THEN 'w' WHEN 'pending' THEN 'e' ELSE 'u' END, '' ORDER BY e."question_task_map_id") AS letters
  FROM "exam_answers" e
  WHERE e."status" IS NOT NULL
  GROUP BY e."attempt_id"
) m
WHERE a."id" = m."attempt_id";--> statement-breakpoint
ALTER TABLE "exam_answers" DROP COLUMN "marks_awarded";--> statement-breakpoint
ALTER TABLE "exam_answers" DROP COLUMN "status";
