CREATE TABLE "parent_digest_sends" (
	"parent_user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "parent_digest_sends_parent_user_id_week_start_pk" PRIMARY KEY("parent_user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "parent_digest_settings" (
	"parent_user_id" integer PRIMARY KEY NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_course_totals" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_course_totals_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "student_subject_totals" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"subject" text NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_subject_totals_user_id_course_id_subject_pk" PRIMARY KEY("user_id","course_id","subject")
);
--> statement-breakpoint
ALTER TABLE "parent_digest_sends" ADD CONSTRAINT "parent_digest_sends_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_digest_settings" ADD CONSTRAINT "parent_digest_settings_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_course_totals" ADD CONSTRAINT "student_course_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subject_totals" ADD CONSTRAINT "student_subject_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_digest_settings_token_idx" ON "parent_digest_settings" USING btree ("unsubscribe_token");--> statement-breakpoint
-- Figures the institution report reads instead of every attempt summary (decision 034): a narrow
-- index over first attempts, and per-student totals kept by a trigger on attempt_summaries.
CREATE INDEX IF NOT EXISTS "attempt_summaries_first_results_idx" ON "attempt_summaries" USING btree ("user_id") INCLUDE ("task_id", "course_id", "scored", "total", "submitted_at") WHERE "is_first_attempt";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_totals_add"(uid integer, cid integer, secs jsonb, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts") VALUES (uid, cid, delta)
    ON CONFLICT ("user_id", "course_id") DO UPDATE SET "attempts" = "student_course_totals"."attempts" + EXCLUDED."attempts";
  INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
    SELECT uid, cid, sec.name, delta * sum(coalesce(sec.questions, 0) - coalesce(sec.pending, 0)), delta * sum(coalesce(sec.correct, 0))
    FROM jsonb_to_recordset(coalesce(secs, '[]'::jsonb)) AS sec(name text, questions integer, correct integer, pending integer)
    WHERE sec.name IS NOT NULL
    GROUP BY sec.name
    ON CONFLICT ("user_id", "course_id", "subject") DO UPDATE SET
      "questions" = "student_subject_totals"."questions" + EXCLUDED."questions",
      "correct" = "student_subject_totals"."correct" + EXCLUDED."correct";
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_totals_apply"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_first_attempt" THEN
    PERFORM "report_totals_add"(OLD."user_id", OLD."course_id", OLD."sections", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_first_attempt" THEN
    PERFORM "report_totals_add"(NEW."user_id", NEW."course_id", NEW."sections", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "attempt_summaries_report_totals" ON "attempt_summaries";--> statement-breakpoint
CREATE TRIGGER "attempt_summaries_report_totals" AFTER INSERT OR UPDATE OR DELETE ON "attempt_summaries"
  FOR EACH ROW EXECUTE FUNCTION "report_totals_apply"();--> statement-breakpoint
-- Summaries written before this migration.
INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts")
  SELECT "user_id", "course_id", count(*) FROM "attempt_summaries" WHERE "is_first_attempt" GROUP BY 1, 2
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
  SELECT s."user_id", s."course_id", sec.name, sum(coalesce(sec.questions, 0) - coalesce(sec.pending, 0)), sum(coalesce(sec.correct, 0))
  FROM "attempt_summaries" s CROSS JOIN LATERAL jsonb_to_recordset(s."sections") AS sec(name text, questions integer, correct integer, pending integer)
  WHERE s."is_first_attempt" AND sec.name IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Read-only reporting views for BI tools (Metabase): figures and names, never password hashes,
-- tokens, one-time codes, e-mail addresses or phone numbers. See docs/decisions/034-family-and-institution-reports.md.
CREATE SCHEMA IF NOT EXISTS "reporting";--> statement-breakpoint
CREATE OR REPLACE VIEW "reporting"."institutes" AS
  SELECT i.id AS institute_id, i.name, i.client_id, i.city FROM "institutes" i;--> statement-breakpoint
CREATE OR REPLACE VIEW "reporting"."students" AS
  SELECT u.id AS student_id, u.first_name, u.last_name, u.role, u.client_id, u.institute_id,
         u.class_id, c.name AS class_name, u.section_id, s.name AS section_name, u.city,
         u.is_active, u.registered_at, u.created_at
  FROM "users" u
  LEFT JOIN "classes" c ON c.id = u.class_id
  LEFT JOIN "sections" s ON s.id = u.section_id
  WHERE u.role IN ('Student', 'SchoolStudent');--> statement-breakpoint
CREATE OR REPLACE VIEW "reporting"."attempt_results" AS
  SELECT a.attempt_id, a.user_id AS student_id, u.institute_id, u.class_id, u.section_id,
         a.course_id, co.name AS course_name, a.task_id, t.name AS task_name, a.test_type,
         a.is_first_attempt, a.scored, a.total,
         CASE WHEN a.total > 0 THEN round((a.scored / a.total * 100)::numeric, 2) ELSE 0 END AS percentage,
         a.correct, a.partial, a.wrong, a.skipped, a.pending, a.negative_marks_lost,
         a.time_spent AS time_spent_seconds, a.submitted_at
  FROM "attempt_summaries" a
  JOIN "users" u ON u.id = a.user_id
  LEFT JOIN "tasks" t ON t.id = a.task_id
  LEFT JOIN "courses" co ON co.id = a.course_id;--> statement-breakpoint
CREATE OR REPLACE VIEW "reporting"."subject_results" AS
  SELECT a.attempt_id, a.user_id AS student_id, u.institute_id, u.class_id, a.task_id,
         sec->>'name' AS subject, (sec->>'questions')::int AS questions, (sec->>'correct')::int AS correct,
         (sec->>'wrong')::int AS wrong, (sec->>'skipped')::int AS skipped,
         (sec->>'scored')::double precision AS scored, (sec->>'total')::double precision AS total,
         a.submitted_at
  FROM "attempt_summaries" a
  JOIN "users" u ON u.id = a.user_id
  CROSS JOIN LATERAL jsonb_array_elements(a.sections) AS sec;--> statement-breakpoint
CREATE OR REPLACE VIEW "reporting"."study_days" AS
  SELECT d.user_id AS student_id, u.institute_id, u.class_id, d.day, d.time_spent_seconds
  FROM "study_days" d
  JOIN "users" u ON u.id = d.user_id;
