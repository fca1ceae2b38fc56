-- Decision 096: closes are written together, many summaries in one statement. The first attempts'
-- running totals (student_course_totals, student_subject_totals) follow new summaries once per
-- statement (an INSERT trigger for the statement, with its new rows), as they already follow
-- rewritten ones (0051), instead of two upserts per summary. A deleted summary (a cascade) is still
-- taken away row by row. As in 0053, a re-test's attempts (a task with an owner) count in no total.
CREATE FUNCTION "report_totals_apply_inserts"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts")
    SELECT n."user_id", n."course_id", count(*)
    FROM new_rows n
    WHERE n."is_first_attempt"
      AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = n."task_id" AND t."owner_user_id" IS NOT NULL)
    GROUP BY n."user_id", n."course_id"
    ON CONFLICT ("user_id", "course_id") DO UPDATE SET "attempts" = "student_course_totals"."attempts" + EXCLUDED."attempts";
  INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
    SELECT n."user_id", n."course_id", f.name, sum(f.questions), sum(f.correct)
    FROM new_rows n CROSS JOIN LATERAL jsonb_to_recordset(coalesce(n."subjects", '[]'::jsonb)) AS f(name text, questions integer, correct integer)
    WHERE f.name IS NOT NULL AND n."is_first_attempt"
      AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = n."task_id" AND t."owner_user_id" IS NOT NULL)
    GROUP BY n."user_id", n."course_id", f.name
    ON CONFLICT ("user_id", "course_id", "subject") DO UPDATE SET
      "questions" = "student_subject_totals"."questions" + EXCLUDED."questions",
      "correct" = "student_subject_totals"."correct" + EXCLUDED."correct";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The row trigger now takes deleted summaries only.
CREATE OR REPLACE FUNCTION "report_totals_apply"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."is_first_attempt"
    AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = OLD."task_id" AND t."owner_user_id" IS NOT NULL) THEN
    PERFORM "report_totals_add"(OLD."user_id", OLD."course_id", OLD."subjects", -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "attempt_summaries_report_totals" ON "attempt_summaries";--> statement-breakpoint
CREATE TRIGGER "attempt_summaries_report_totals" AFTER DELETE ON "attempt_summaries"
  FOR EACH ROW EXECUTE FUNCTION "report_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "attempt_summaries_report_totals_inserts" AFTER INSERT ON "attempt_summaries"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_totals_apply_inserts"();
