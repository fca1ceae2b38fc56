CREATE VIEW "public"."family_links" AS (select "parent_user_id", "student_user_id" from "parent_links");--> statement-breakpoint
CREATE VIEW "public"."signup_roll_numbers" AS (select "user_id", "roll_no" from "student_signup_details");--> statement-breakpoint
CREATE VIEW "public"."user_directory" AS (select "id", "username", "email", "phone", "role", "first_name", "middle_name", "last_name", "dob", "address", "city", "state_id", "language_id", "institute_id", "class_id", "section_id", "roll_number", "interested_course_ids", "photo_url", "client_id", "email_verified", "registered_at", "is_active", ("password_hash" <> '') as "has_password", "must_change_password", "created_at", "updated_at" from "users");--> statement-breakpoint
CREATE VIEW "public"."course_directory" AS (select "id", "name", "client_id", "institute_id", "is_published", "sort_order" from "courses");--> statement-breakpoint
CREATE VIEW "public"."class_directory" AS (select "id", "institute_id", "name" from "classes");--> statement-breakpoint
CREATE VIEW "public"."institute_directory" AS (select "id", "name", "client_id", "city", "is_school" from "institutes");--> statement-breakpoint
CREATE VIEW "public"."language_directory" AS (select "id", "code", "name" from "languages");--> statement-breakpoint
CREATE VIEW "public"."section_directory" AS (select "id", "class_id", "name" from "sections");--> statement-breakpoint
CREATE VIEW "public"."role_grants" AS (select "client_id", "role", "permission" from "role_permissions");--> statement-breakpoint
CREATE VIEW "public"."staff_tabs" AS (select "user_id", "tab_name", "url", "sort_order" from "teacher_permissions");--> statement-breakpoint
CREATE VIEW "public"."taught_classes" AS (select "user_id", "class_id", "section_id" from "staff_class_assignments");