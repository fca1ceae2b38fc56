-- The institution report counts a question under its own subject (the top of its topic tree, kept
-- in the summary's questions), as students' and parents' analytics do, instead of the section it
-- was asked in; a question without a subject still counts under its section.
DROP FUNCTION IF EXISTS "report_totals_add"(integer, integer, jsonb, integer);--> statement-breakpoint
CREATE FUNCTION "report_totals_add"(uid integer, cid integer, questions jsonb, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO "student_course_totals" ("user_id", "course_id", "attempts") VALUES (uid, cid, delta)
    ON CONFLICT ("user_id", "course_id") DO UPDATE SET "attempts" = "student_course_totals"."attempts" + EXCLUDED."attempts";
  INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
    SELECT uid, cid, coalesce(q.subject, q.section),
      delta * count(*) FILTER (WHERE q.status <> 'pending'), delta * count(*) FILTER (WHERE q.status = 'correct')
    FROM jsonb_to_recordset(coalesce(questions, '[]'::jsonb)) AS q(section text, subject text, status text)
    WHERE coalesce(q.subject, q.section) IS NOT NULL
    GROUP BY coalesce(q.subject, q.section)
    ON CONFLICT ("user_id", "course_id", "subject") DO UPDATE SET
      "questions" = "student_subject_totals"."questions" + EXCLUDED."questions",
      "correct" = "student_subject_totals"."correct" + EXCLUDED."correct";
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_totals_apply"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_first_attempt" THEN
    PERFORM "report_totals_add"(OLD."user_id", OLD."course_id", OLD."questions", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_first_attempt" THEN
    PERFORM "report_totals_add"(NEW."user_id", NEW."course_id", NEW."questions", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Totals already kept: counted again from the summaries' questions.
DELETE FROM "student_subject_totals";--> statement-breakpoint
INSERT INTO "student_subject_totals" ("user_id", "course_id", "subject", "questions", "correct")
  SELECT s."user_id", s."course_id", coalesce(q.subject, q.section),
    count(*) FILTER (WHERE q.status <> 'pending'), count(*) FILTER (WHERE q.status = 'correct')
  FROM "attempt_summaries" s CROSS JOIN LATERAL jsonb_to_recordset(s."questions") AS q(section text, subject text, status text)
  WHERE s."is_first_attempt" AND coalesce(q.subject, q.section) IS NOT NULL
  GROUP BY 1, 2, 3;
