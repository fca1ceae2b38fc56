CREATE TABLE "served_set_versions" (
	"set_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	CONSTRAINT "served_set_versions_set_id_question_task_map_id_pk" PRIMARY KEY("set_id","question_task_map_id")
);
--> statement-breakpoint
CREATE TABLE "served_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "served_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "served_set_id" integer;--> statement-breakpoint
ALTER TABLE "served_set_versions" ADD CONSTRAINT "served_set_versions_set_id_served_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."served_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_set_versions" ADD CONSTRAINT "served_set_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_set_versions" ADD CONSTRAINT "served_set_versions_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "served_sets" ADD CONSTRAINT "served_sets_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "served_set_versions_question_idx" ON "served_set_versions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "served_sets_key_idx" ON "served_sets" USING btree ("key");--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_served_set_id_served_sets_id_fk" FOREIGN KEY ("served_set_id") REFERENCES "public"."served_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempts_served_set_idx" ON "exam_attempts" USING btree ("served_set_id") WHERE "exam_attempts"."served_set_id" IS NOT NULL;