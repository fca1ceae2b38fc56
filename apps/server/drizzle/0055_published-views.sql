CREATE VIEW "public"."course_owners" AS (SELECT id, client_id, institute_id FROM courses);--> statement-breakpoint
CREATE VIEW "public"."course_topics" AS (SELECT id, course_id, name, sort_order, parent_id FROM topics);--> statement-breakpoint
CREATE VIEW "public"."placed_questions" AS (SELECT tq.id AS map_id, tq.task_id, s.section_index, tq.question_id, tq.marks
  FROM task_questions tq LEFT JOIN task_sections s ON s.id = tq.section_id);--> statement-breakpoint
CREATE VIEW "public"."task_heads" AS (SELECT id, course_id, name, kind, owner_user_id FROM tasks);--> statement-breakpoint
CREATE VIEW "public"."bank_versions" AS (SELECT v.id AS version_id, v.question_id, v.version, q.question_type, v.default_language, v.marks, v.correct_answer_id
  FROM question_versions v LEFT JOIN questions q ON q.id = v.question_id);--> statement-breakpoint
CREATE VIEW "public"."current_questions" AS (SELECT q.id AS question_id, q.question_type, q.difficulty, q.owner_client_id, q.owner_institute_id, q.current_version_id, q.updated_at,
    cv.marks AS current_marks, cv.correct_answer_id AS current_key
  FROM questions q LEFT JOIN question_versions cv ON cv.id = q.current_version_id);--> statement-breakpoint
CREATE VIEW "public"."question_content" AS (SELECT v.id AS version_id, v::text AS body FROM question_versions v
  UNION ALL
  SELECT t.version_id, t::text FROM question_version_texts t);--> statement-breakpoint
CREATE VIEW "public"."question_filings" AS (SELECT question_id, topic_id FROM question_topics);--> statement-breakpoint
CREATE VIEW "public"."question_statements" AS (SELECT v.id AS version_id, v.version, v.default_language, t.language, t.data, t.options
  FROM question_versions v LEFT JOIN question_version_texts t ON t.version_id = v.id);--> statement-breakpoint
CREATE VIEW "public"."attempts_taken" AS (SELECT id AS attempt_id, user_id, task_id, status, shift_id, started_at, submitted_at FROM exam_attempts);--> statement-breakpoint
CREATE VIEW "public"."scored_responses" AS (SELECT a.id AS attempt_id, a.user_id, a.submitted_at, x.map_id AS question_task_map_id, x.letter AS status_letter, ea.answer_id
  FROM exam_attempts a
  CROSS JOIN LATERAL unnest(a.item_map_ids, string_to_array(a.item_statuses, NULL)) AS x(map_id, letter)
  LEFT JOIN exam_answers ea ON ea.attempt_id = a.id AND ea.question_task_map_id = x.map_id);--> statement-breakpoint
CREATE VIEW "public"."served_versions" AS (SELECT own.attempt_id, own.question_task_map_id, own.question_id, own.question_version_id
  FROM attempt_question_versions own
  UNION ALL
  SELECT a.id, s.question_task_map_id, s.question_id, s.question_version_id
  FROM exam_attempts a JOIN served_set_versions s ON s.set_id = a.served_set_id
  WHERE NOT EXISTS (SELECT 1 FROM attempt_question_versions own WHERE own.attempt_id = a.id AND own.question_task_map_id = s.question_task_map_id));--> statement-breakpoint
CREATE VIEW "public"."test_windows" AS (SELECT id, task_id, institute_id, class_id, section_id, opens_at FROM test_schedules);--> statement-breakpoint
CREATE VIEW "public"."calibrated_items" AS (SELECT client_id, institute_id, question_version_id, model, difficulty, discrimination, guessing, calibrated_at FROM item_calibrations WHERE state = 'ok');