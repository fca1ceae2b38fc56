ALTER TABLE "exam_answers" ADD COLUMN "first_answer" jsonb;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD COLUMN "change_count" integer DEFAULT 0 NOT NULL;