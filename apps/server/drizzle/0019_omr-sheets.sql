CREATE TABLE "omr_sheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "omr_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"institute_id" integer,
	"source" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"job_id" text,
	"page" integer DEFAULT 1 NOT NULL,
	"roll_number" text,
	"roll_flagged" boolean DEFAULT false NOT NULL,
	"booklet_code" integer,
	"student_id" integer,
	"answers" jsonb NOT NULL,
	"flagged" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"corrections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"crops" jsonb DEFAULT '{"questions":{}}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_revision" integer,
	"attempt_id" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "omr_sheets" ADD CONSTRAINT "omr_sheets_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_sheets" ADD CONSTRAINT "omr_sheets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_sheets" ADD CONSTRAINT "omr_sheets_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "omr_sheets_task_idx" ON "omr_sheets" USING btree ("task_id","student_id");--> statement-breakpoint
CREATE INDEX "omr_sheets_student_idx" ON "omr_sheets" USING btree ("student_id");