ALTER TABLE "users" ADD COLUMN "roll_number" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "is_school" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_institute_roll_number_idx" ON "users" USING btree ("institute_id","roll_number");--> statement-breakpoint
-- Institutes that already have school accounts are schools: the students their staff add are SchoolStudents.
UPDATE "institutes" SET "is_school" = true WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."institute_id" = "institutes"."id" AND u."role" IN ('SchoolStudent', 'SchoolTeacher'));--> statement-breakpoint
-- Roll numbers given at signup (digits, 1–10) become the student's roll number where they are unique in the institute.
UPDATE "users" SET "roll_number" = d."roll_no"
FROM "student_signup_details" d
WHERE d."user_id" = "users"."id" AND "users"."institute_id" IS NOT NULL AND d."roll_no" ~ '^[0-9]{1,10}$'
  AND NOT EXISTS (
    SELECT 1 FROM "student_signup_details" d2 JOIN "users" u2 ON u2."id" = d2."user_id"
    WHERE d2."roll_no" = d."roll_no" AND u2."institute_id" = "users"."institute_id" AND u2."id" <> "users"."id"
  );
