-- Decision 088: a weekly re-test (a task owned by one student, decision 081) is no class test, so
-- the running totals of first attempts (student_course_totals, student_subject_totals: an
-- institute's participants per course and its subject accuracy) leave its attempts out, as the
-- class reports do. A summary counts when its task has no owner. A summary deleted after its task
-- (a cascade) is taken away as a class test's, as before.
CREATE OR REPLACE FUNCTION "report_totals_apply"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."is_first_attempt"
    AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = OLD."task_id" AND t."owner_user_id" IS NOT NULL) THEN
    PERFORM "report_totals_add"(OLD."user_id", OLD."course_id", OLD."subjects", -1);
  END IF;
  IF TG_OP = 'INSERT' AND NEW."is_first_attempt"
    AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = NEW."task_id" AND t."owner_user_id" IS NOT NULL) THEN
    PERFORM "report_totals_add"(NEW."user_id", NEW."course_id", NEW."subjects", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Summaries rewritten: as in 0051, over the rows of class tests only.
CREATE OR REPLACE FUNCTION "report_totals_apply_updates"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts")
    SELECT c.user_id, c.course_id, sum(c.d)
    FROM (
      SELECT n."user_id", n."course_id", 1 AS d FROM new_rows n WHERE n."is_first_attempt"
        AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = n."task_id" AND t."owner_user_id" IS NOT NULL)
      UNION ALL
      SELECT o."user_id", o."course_id", -1 FROM old_rows o WHERE o."is_first_attempt"
        AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = o."task_id" AND t."owner_user_id" IS NOT NULL)
    ) c
    GROUP BY c.user_id, c.course_id
    HAVING sum(c.d) <> 0 OR min(c.d) = 1
    ON CONFLICT ("user_id", "course_id") DO UPDATE SET "attempts" = "student_course_totals"."attempts" + EXCLUDED."attempts";
  INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
    SELECT c.user_id, c.course_id, c.name, sum(c.d * c.questions), sum(c.d * c.correct)
    FROM (
      SELECT n."user_id", n."course_id", 1 AS d, f.name, f.questions, f.correct
      FROM new_rows n CROSS JOIN LATERAL jsonb_to_recordset(n."subjects") AS f(name text, questions integer, correct integer)
      WHERE n."is_first_attempt"
        AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = n."task_id" AND t."owner_user_id" IS NOT NULL)
      UNION ALL
      SELECT o."user_id", o."course_id", -1, f.name, f.questions, f.correct
      FROM old_rows o CROSS JOIN LATERAL jsonb_to_recordset(o."subjects") AS f(name text, questions integer, correct integer)
      WHERE o."is_first_attempt"
        AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = o."task_id" AND t."owner_user_id" IS NOT NULL)
    ) c
    WHERE c.name IS NOT NULL
    GROUP BY c.user_id, c.course_id, c.name
    HAVING sum(c.d * c.questions) <> 0 OR sum(c.d * c.correct) <> 0 OR min(c.d) = 1
    ON CONFLICT ("user_id", "course_id", "subject") DO UPDATE SET
      "questions" = "student_subject_totals"."questions" + EXCLUDED."questions",
      "correct" = "student_subject_totals"."correct" + EXCLUDED."correct";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The totals kept so far: what the re-tests' first attempts added, taken away.
UPDATE "student_course_totals" tot SET "attempts" = tot."attempts" - r.n
FROM (
  SELECT s."user_id", s."course_id", count(*)::integer AS n
  FROM "attempt_summaries" s JOIN "tasks" t ON t."id" = s."task_id"
  WHERE s."is_first_attempt" AND t."owner_user_id" IS NOT NULL
  GROUP BY s."user_id", s."course_id"
) r
WHERE tot."user_id" = r."user_id" AND tot."course_id" = r."course_id";--> statement-breakpoint
UPDATE "student_subject_totals" tot SET "questions" = tot."questions" - r.questions, "correct" = tot."correct" - r.correct
FROM (
  SELECT s."user_id", s."course_id", f.name, sum(f.questions)::integer AS questions, sum(f.correct)::integer AS correct
  FROM "attempt_summaries" s JOIN "tasks" t ON t."id" = s."task_id"
    CROSS JOIN LATERAL jsonb_to_recordset(s."subjects") AS f(name text, questions integer, correct integer)
  WHERE s."is_first_attempt" AND t."owner_user_id" IS NOT NULL AND f.name IS NOT NULL
  GROUP BY s."user_id", s."course_id", f.name
) r
WHERE tot."user_id" = r."user_id" AND tot."course_id" = r."course_id" AND tot."subject" = r.name;
