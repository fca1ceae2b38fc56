CREATE TABLE "office_files" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"kind" text NOT NULL,
	"store_key" text NOT NULL,
	"size" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"origin" text DEFAULT 'start' NOT NULL,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_role" text NOT NULL,
	"attempt_id" text NOT NULL,
	"task_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"file_id" text NOT NULL,
	"file_version" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PE' NOT NULL,
	"result" jsonb,
	"message" text,
	"recorded" boolean DEFAULT false NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "office_files" ADD CONSTRAINT "office_files_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_files" ADD CONSTRAINT "office_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_runs" ADD CONSTRAINT "office_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_runs" ADD CONSTRAINT "office_runs_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_runs" ADD CONSTRAINT "office_runs_file_id_office_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."office_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "office_files_attempt_question_idx" ON "office_files" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "office_files_user_idx" ON "office_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "office_runs_user_status_idx" ON "office_runs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "office_runs_attempt_idx" ON "office_runs" USING btree ("attempt_id");