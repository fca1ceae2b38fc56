CREATE TABLE "key_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"institute_id" integer,
	"user_id" integer NOT NULL,
	"attempt_id" text NOT NULL,
	"task_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "key_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"institute_id" integer,
	"task_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"to_version" integer NOT NULL,
	"regrade_id" integer,
	"attempts_regraded" integer DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"institute_id" integer,
	"task_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"pinned_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"hidden_reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_versions" ADD COLUMN "award" text DEFAULT 'key' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_versions" ADD COLUMN "accepted_answer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD CONSTRAINT "key_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD CONSTRAINT "key_challenges_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD CONSTRAINT "key_challenges_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD CONSTRAINT "key_challenges_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD CONSTRAINT "key_challenges_decision_id_key_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."key_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_challenges_open_idx" ON "key_challenges" USING btree ("user_id","task_id","question_task_map_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "key_challenges_task_idx" ON "key_challenges" USING btree ("task_id","question_task_map_id");--> statement-breakpoint
CREATE INDEX "key_decisions_task_idx" ON "key_decisions" USING btree ("task_id","question_task_map_id");--> statement-breakpoint
CREATE INDEX "question_posts_thread_idx" ON "question_posts" USING btree ("task_id","question_task_map_id","institute_id","created_at");