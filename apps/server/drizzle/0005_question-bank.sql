CREATE TABLE "question_tag_links" (
	"question_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "question_tag_links_question_id_tag_id_pk" PRIMARY KEY("question_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "question_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_topics" (
	"question_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "question_topics_question_id_topic_id_pk" PRIMARY KEY("question_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "question_version_texts" (
	"version_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data" text NOT NULL,
	"answer_title" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hint" text,
	"instructions" text,
	"explanation" text,
	CONSTRAINT "question_version_texts_version_id_language_pk" PRIMARY KEY("version_id","language")
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"media_url" text,
	"default_language" text DEFAULT 'en' NOT NULL,
	"marks" double precision DEFAULT 1 NOT NULL,
	"negative_marks" double precision DEFAULT 0 NOT NULL,
	"allows_partial_credit" boolean DEFAULT false NOT NULL,
	"numeric_tolerance" double precision,
	"line_number" integer,
	"programming" jsonb,
	"sample_cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_file_url" text,
	"correct_answer_id" jsonb,
	"correct_answer_data" jsonb,
	"solution" text,
	"hidden_cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"change_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attempt_question_versions" (
	"attempt_id" text NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	CONSTRAINT "attempt_question_versions_attempt_id_question_task_map_id_pk" PRIMARY KEY("attempt_id","question_task_map_id")
);
--> statement-breakpoint
CREATE TABLE "regrade_attempts" (
	"regrade_id" integer NOT NULL,
	"attempt_id" text NOT NULL,
	"from_version_id" integer NOT NULL,
	"old_scored" double precision,
	"new_scored" double precision,
	CONSTRAINT "regrade_attempts_regrade_id_attempt_id_pk" PRIMARY KEY("regrade_id","attempt_id")
);
--> statement-breakpoint
CREATE TABLE "regrades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regrades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"from_version" integer,
	"to_version_id" integer NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "difficulty" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "owner_institute_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "owner_client_id" text DEFAULT 'neetprep' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "question_tag_links" ADD CONSTRAINT "question_tag_links_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tag_links" ADD CONSTRAINT "question_tag_links_tag_id_question_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."question_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_topics" ADD CONSTRAINT "question_topics_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_topics" ADD CONSTRAINT "question_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_version_texts" ADD CONSTRAINT "question_version_texts_version_id_question_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_question_versions" ADD CONSTRAINT "attempt_question_versions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_question_versions" ADD CONSTRAINT "attempt_question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_question_versions" ADD CONSTRAINT "attempt_question_versions_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_attempts" ADD CONSTRAINT "regrade_attempts_regrade_id_regrades_id_fk" FOREIGN KEY ("regrade_id") REFERENCES "public"."regrades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_attempts" ADD CONSTRAINT "regrade_attempts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrade_attempts" ADD CONSTRAINT "regrade_attempts_from_version_id_question_versions_id_fk" FOREIGN KEY ("from_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_to_version_id_question_versions_id_fk" FOREIGN KEY ("to_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrades" ADD CONSTRAINT "regrades_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_tag_links_tag_idx" ON "question_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_tags_name_lower_idx" ON "question_tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "question_topics_topic_idx" ON "question_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_versions_question_version_idx" ON "question_versions" USING btree ("question_id","version");--> statement-breakpoint
CREATE INDEX "attempt_question_versions_question_idx" ON "attempt_question_versions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "regrade_attempts_attempt_idx" ON "regrade_attempts" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "regrades_question_idx" ON "regrades" USING btree ("question_id","created_at");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_owner_institute_id_institutes_id_fk" FOREIGN KEY ("owner_institute_id") REFERENCES "public"."institutes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_current_version_id_question_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_owner_idx" ON "questions" USING btree ("owner_client_id","owner_institute_id");--> statement-breakpoint
CREATE INDEX "questions_type_idx" ON "questions" USING btree ("question_type","difficulty");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" in ('easy', 'medium', 'hard'));--> statement-breakpoint
-- custom: backfill (decision 017). Every existing question becomes version 1 of itself, with its text as the variant of its language, its topic tags as tags, the topics of the tasks it sits in as topics, and every existing attempt recorded as served version 1. The legacy content columns stay until a later migration drops them.
INSERT INTO "question_versions" ("question_id", "version", "content_type", "media_url", "default_language", "marks", "negative_marks", "allows_partial_credit", "numeric_tolerance", "line_number", "programming", "sample_cases", "start_file_url", "correct_answer_id", "correct_answer_data", "solution", "hidden_cases", "created_at")
SELECT "id", 1, "content_type", "media_url", "language", "marks", "negative_marks", "allows_partial_credit", "numeric_tolerance", "line_number", "programming", "sample_cases", "start_file_url", "correct_answer_id", "correct_answer_data", "solution", "hidden_cases", "created_at"
FROM "questions" WHERE "current_version_id" IS NULL;--> statement-breakpoint
INSERT INTO "question_version_texts" ("version_id", "language", "title", "data", "answer_title", "options", "hint", "instructions", "explanation")
SELECT v."id", q."language", q."title", coalesce(q."data", ''), q."answer_title", q."options", q."hint", q."instructions", q."explanation"
FROM "questions" q JOIN "question_versions" v ON v."question_id" = q."id" AND v."version" = 1
WHERE q."current_version_id" IS NULL;--> statement-breakpoint
UPDATE "questions" q SET "current_version_id" = v."id"
FROM "question_versions" v WHERE v."question_id" = q."id" AND v."version" = 1 AND q."current_version_id" IS NULL;--> statement-breakpoint
INSERT INTO "question_tags" ("name")
SELECT DISTINCT ON (lower(trim(t."name"))) trim(t."name") FROM "questions" q CROSS JOIN LATERAL unnest(q."topic_tags") AS t("name")
WHERE trim(t."name") <> '' ORDER BY lower(trim(t."name")), trim(t."name")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "question_tag_links" ("question_id", "tag_id")
SELECT DISTINCT q."id", g."id" FROM "questions" q CROSS JOIN LATERAL unnest(q."topic_tags") AS t("name")
JOIN "question_tags" g ON lower(g."name") = lower(trim(t."name"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "question_topics" ("question_id", "topic_id")
SELECT DISTINCT tq."question_id", tk."topic_id" FROM "task_questions" tq JOIN "tasks" tk ON tk."id" = tq."task_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "attempt_question_versions" ("attempt_id", "question_task_map_id", "question_id", "question_version_id")
SELECT a."id", tq."id", tq."question_id", q."current_version_id"
FROM "exam_attempts" a JOIN "task_questions" tq ON tq."task_id" = a."task_id" JOIN "questions" q ON q."id" = tq."question_id"
ON CONFLICT DO NOTHING;
