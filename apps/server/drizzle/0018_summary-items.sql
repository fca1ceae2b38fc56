ALTER TABLE "attempt_summaries" ADD COLUMN "item_map_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_marks" double precision[] DEFAULT '{}'::double precision[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_statuses" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_choices" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "attempt_summaries" s SET
  "item_map_ids" = ARRAY(SELECT (q.e->>'mapId')::integer FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o) ORDER BY q.o),
  "item_marks" = ARRAY(SELECT (q.e->>'marksAwarded')::double precision FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o) ORDER BY q.o),
  "item_statuses" = COALESCE((SELECT string_agg(CASE q.e->>'status' WHEN 'correct' THEN 'c' WHEN 'partial' THEN 'p' WHEN 'wrong' THEN 'w' WHEN 'pending' THEN 'e' ELSE 'u' END, '' ORDER BY q.o) FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o)), ''),
  "item_choices" = ARRAY(
    SELECT COALESCE((SELECT CASE WHEN jsonb_typeof(a."answer_id") = 'number' THEN (a."answer_id")::text::integer END FROM "exam_answers" a WHERE a."attempt_id" = s."attempt_id" AND a."question_task_map_id" = (q.e->>'mapId')::integer), 0)
    FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o) ORDER BY q.o
  );
