-- Decision 097: a summary's questions are its layout (written once per test content, shared by its
-- attempts) and per-attempt item arrays; the questions and topics JSON of each row go.
CREATE TABLE "summary_layouts" (
	"key" text PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "layout_key" text;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_times" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_changes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD COLUMN "item_first_statuses" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "summary_layouts" ADD CONSTRAINT "summary_layouts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "summary_layouts_task_idx" ON "summary_layouts" USING btree ("task_id");--> statement-breakpoint
-- Existing summaries: each one's layout is its questions less what the attempt gave (status, marks
-- awarded, time, changes), keyed by a digest of the task and that layout; the rest go to the arrays.
CREATE TEMP TABLE "summary_layout_of" AS
  SELECT s."attempt_id", s."task_id",
    coalesce((SELECT jsonb_agg(q.e - 'status' - 'marksAwarded' - 'timeSpent' - 'changes' - 'firstStatus' ORDER BY q.o)
      FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o)), '[]'::jsonb) AS "questions"
  FROM "attempt_summaries" s;--> statement-breakpoint
INSERT INTO "summary_layouts" ("key", "task_id", "questions")
  SELECT DISTINCT ON (k."key") k."key", k."task_id", k."questions"
  FROM (SELECT 'm' || encode(sha256(convert_to(l."task_id" || ':' || l."questions"::text, 'UTF8')), 'hex') AS "key", l."task_id", l."questions" FROM "summary_layout_of" l) k
  ORDER BY k."key";--> statement-breakpoint
UPDATE "attempt_summaries" s SET
  "layout_key" = 'm' || encode(sha256(convert_to(l."task_id" || ':' || l."questions"::text, 'UTF8')), 'hex'),
  "item_times" = ARRAY(SELECT coalesce((q.e->>'timeSpent')::integer, 0) FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o) ORDER BY q.o),
  "item_changes" = ARRAY(SELECT coalesce((q.e->>'changes')::integer, 0) FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o) ORDER BY q.o),
  "item_first_statuses" = coalesce((SELECT string_agg(CASE WHEN coalesce((q.e->>'changes')::integer, 0) > 0 THEN CASE q.e->>'firstStatus'
      WHEN 'correct' THEN 'c' WHEN 'partial' THEN 'p' WHEN 'wrong' THEN 'w' WHEN 'unanswered' THEN 'u' WHEN 'pending' THEN 'e' ELSE '-' END ELSE '-' END, '' ORDER BY q.o)
    FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, o)), '')
  FROM "summary_layout_of" l
  WHERE l."attempt_id" = s."attempt_id";--> statement-breakpoint
DROP TABLE "summary_layout_of";--> statement-breakpoint
ALTER TABLE "attempt_summaries" ALTER COLUMN "layout_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD CONSTRAINT "attempt_summaries_layout_key_summary_layouts_key_fk" FOREIGN KEY ("layout_key") REFERENCES "public"."summary_layouts"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_summaries" DROP COLUMN "topics";--> statement-breakpoint
ALTER TABLE "attempt_summaries" DROP COLUMN "questions";
