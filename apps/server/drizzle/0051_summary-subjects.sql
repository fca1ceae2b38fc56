-- Decision 079: a summary keeps its questions' counts by subject (`subjects`), and the first
-- attempts' subject totals add those up instead of reading every question of the summary again.
-- A regrade rewrites thousands of summaries in one statement: the totals follow it in one
-- set-based statement (an UPDATE trigger for the statement, with its old and new rows), not in
-- four statements a row over 180 questions each.
ALTER TABLE "attempt_summaries" ADD COLUMN "subjects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
DROP TRIGGER IF EXISTS "attempt_summaries_report_totals" ON "attempt_summaries";--> statement-breakpoint
-- The summaries already kept: their subjects counted from their questions, in the order they first appear.
UPDATE "attempt_summaries" s SET "subjects" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('name', g.name, 'questions', g.questions, 'correct', g.correct) ORDER BY g.first)
  FROM (
    SELECT coalesce(q.e->>'subject', q.e->>'section') AS name, min(q.i) AS first,
      count(*) FILTER (WHERE q.e->>'status' <> 'pending') AS questions, count(*) FILTER (WHERE q.e->>'status' = 'correct') AS correct
    FROM jsonb_array_elements(s."questions") WITH ORDINALITY AS q(e, i)
    WHERE coalesce(q.e->>'subject', q.e->>'section') IS NOT NULL
    GROUP BY 1
  ) g), '[]'::jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS "report_totals_add"(integer, integer, jsonb, integer);--> statement-breakpoint
CREATE FUNCTION "report_totals_add"(uid integer, cid integer, subjects jsonb, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts") VALUES (uid, cid, delta)
    ON CONFLICT ("user_id", "course_id") DO UPDATE SET "attempts" = "student_course_totals"."attempts" + EXCLUDED."attempts";
  INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
    SELECT uid, cid, f.name, delta * f.questions, delta * f.correct
    FROM jsonb_to_recordset(coalesce(subjects, '[]'::jsonb)) AS f(name text, questions integer, correct integer)
    WHERE f.name IS NOT NULL
    ON CONFLICT ("user_id", "course_id", "subject") DO UPDATE SET
      "questions" = "student_subject_totals"."questions" + EXCLUDED."questions",
      "correct" = "student_subject_totals"."correct" + EXCLUDED."correct";
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A summary written or deleted: its subjects added or taken away.
CREATE OR REPLACE FUNCTION "report_totals_apply"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."is_first_attempt" THEN
    PERFORM "report_totals_add"(OLD."user_id", OLD."course_id", OLD."subjects", -1);
  END IF;
  IF TG_OP = 'INSERT' AND NEW."is_first_attempt" THEN
    PERFORM "report_totals_add"(NEW."user_id", NEW."course_id", NEW."subjects", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Summaries rewritten (a rescore, a mark, a regrade, the close's upsert): the difference of each
-- student's figures before and after, in one statement for all the rows. A student, course or
-- subject met only after the change gets its row even when it adds nothing, as a row trigger did.
CREATE FUNCTION "report_totals_apply_updates"() RETURNS trigger AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts")
    SELECT c.user_id, c.course_id, sum(c.d)
    FROM (
      SELECT n."user_id", n."course_id", 1 AS d FROM new_rows n WHERE n."is_first_attempt"
      UNION ALL
      SELECT o."user_id", o."course_id", -1 FROM old_rows o WHERE o."is_first_attempt"
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
      UNION ALL
      SELECT o."user_id", o."course_id", -1, f.name, f.questions, f.correct
      FROM old_rows o CROSS JOIN LATERAL jsonb_to_recordset(o."subjects") AS f(name text, questions integer, correct integer)
      WHERE o."is_first_attempt"
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
CREATE TRIGGER "attempt_summaries_report_totals" AFTER INSERT OR DELETE ON "attempt_summaries"
  FOR EACH ROW EXECUTE FUNCTION "report_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "attempt_summaries_report_totals_updates" AFTER UPDATE ON "attempt_summaries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_totals_apply_updates"();--> statement-breakpoint
-- The questions' entry is rewritten by every regrade of one question: LZ4 compresses and expands
-- it several times faster than the default (pglz). Where the server is built without LZ4 (PGlite),
-- the default stays.
DO $$
BEGIN
  ALTER TABLE "attempt_summaries" ALTER COLUMN "questions" SET COMPRESSION lz4;
  ALTER TABLE "attempt_summaries" ALTER COLUMN "topics" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
