DROP INDEX "task_questions_task_question_idx";--> statement-breakpoint
ALTER TABLE "task_questions" ADD COLUMN "is_drawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task_sections" ADD COLUMN "name_tn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_sections" ADD COLUMN "question_source" text DEFAULT 'pick' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_sections" ADD COLUMN "draw_rule" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "instructions_tn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "attempts_allowed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "show_answers" text DEFAULT 'afterSubmit' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "owner_client_id" text DEFAULT 'neetprep' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "owner_institute_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_owner_institute_id_institutes_id_fk" FOREIGN KEY ("owner_institute_id") REFERENCES "public"."institutes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_questions_drawn_idx" ON "task_questions" USING btree ("section_id","question_id") WHERE "task_questions"."is_drawn";--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING btree ("owner_client_id","owner_institute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_questions_task_question_idx" ON "task_questions" USING btree ("task_id","question_id") WHERE NOT "task_questions"."is_drawn";