CREATE TABLE "study_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "study_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "attempt_summaries" (
	"attempt_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"test_type" text NOT NULL,
	"is_first_attempt" boolean NOT NULL,
	"scored" double precision NOT NULL,
	"total" double precision NOT NULL,
	"correct" integer NOT NULL,
	"partial" integer NOT NULL,
	"wrong" integer NOT NULL,
	"skipped" integer NOT NULL,
	"pending" integer NOT NULL,
	"negative_marks_lost" double precision NOT NULL,
	"time_spent" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"topics" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD CONSTRAINT "attempt_summaries_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD CONSTRAINT "attempt_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_summaries" ADD CONSTRAINT "attempt_summaries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_summaries_user_idx" ON "attempt_summaries" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "attempt_summaries_task_idx" ON "attempt_summaries" USING btree ("task_id","is_first_attempt");