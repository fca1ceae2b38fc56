ALTER TABLE "exam_answers" ADD COLUMN "teacher_comment" text;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "last_seen_at" timestamp with time zone;