CREATE TABLE "item_calibrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_calibrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"institute_id" integer,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"model" text NOT NULL,
	"state" text NOT NULL,
	"responses" integer NOT NULL,
	"proportion_correct" double precision,
	"difficulty" double precision,
	"discrimination" double precision,
	"se_difficulty" double precision,
	"se_discrimination" double precision,
	"infit" double precision,
	"outfit" double precision,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" text,
	"calibrated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_calibrations_state_check" CHECK ("item_calibrations"."state" in ('ok', 'too-few-responses', 'degenerate', 'diverged')),
	CONSTRAINT "item_calibrations_model_check" CHECK ("item_calibrations"."model" in ('2pl', 'rasch'))
);
--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_calibrations_scope_idx" ON "item_calibrations" USING btree ("client_id","institute_id","question_version_id");