CREATE TABLE "notebook_builds" (
	"attempt_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notebook_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notebook_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"attempt_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"subject" text NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggested_error_type" text NOT NULL,
	"error_type" text,
	"note" text DEFAULT '' NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"class_median_seconds" double precision,
	"answer_changes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notebook_builds" ADD CONSTRAINT "notebook_builds_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_builds" ADD CONSTRAINT "notebook_builds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_cards" ADD CONSTRAINT "notebook_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_cards" ADD CONSTRAINT "notebook_cards_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_cards" ADD CONSTRAINT "notebook_cards_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_cards" ADD CONSTRAINT "notebook_cards_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notebook_builds_user_idx" ON "notebook_builds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notebook_cards_attempt_question_idx" ON "notebook_cards" USING btree ("attempt_id","question_task_map_id");--> statement-breakpoint
CREATE INDEX "notebook_cards_user_idx" ON "notebook_cards" USING btree ("user_id","created_at");