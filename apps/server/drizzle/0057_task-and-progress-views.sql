DROP VIEW "public"."course_owners";--> statement-breakpoint
DROP VIEW "public"."placed_questions";--> statement-breakpoint
DROP VIEW "public"."task_heads";--> statement-breakpoint
DROP VIEW "public"."test_windows";--> statement-breakpoint
CREATE VIEW "public"."completed_tasks" AS (SELECT user_id, task_id, course_id, completed_at FROM task_progress WHERE is_completed);--> statement-breakpoint
CREATE VIEW "public"."study_time_by_course" AS (SELECT user_id, course_id, time_spent_seconds AS seconds FROM course_progress);--> statement-breakpoint
CREATE VIEW "public"."study_time_by_day" AS (SELECT user_id, day, time_spent_seconds AS seconds FROM study_days);--> statement-breakpoint
CREATE VIEW "public"."placed_questions" AS (SELECT tq.id AS map_id, tq.task_id, s.section_index, tq.question_id, tq.marks, tq.is_drawn
  FROM task_questions tq LEFT JOIN task_sections s ON s.id = tq.section_id);--> statement-breakpoint
CREATE VIEW "public"."task_heads" AS (SELECT id, course_id, name, kind, owner_user_id, topic_id, test_type, is_published, sort_order, duration_minutes, owner_client_id, owner_institute_id FROM tasks);--> statement-breakpoint
CREATE VIEW "public"."test_windows" AS (SELECT id, task_id, institute_id, class_id, section_id, opens_at, closes_at, late_start_until FROM test_schedules);