CREATE TABLE "course_progress" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"last_tracked_at" timestamp with time zone,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_type" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data" text NOT NULL,
	"media_url" text,
	"answer_title" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer_id" jsonb,
	"correct_answer_data" jsonb,
	"explanation" text,
	"solution" text,
	"hint" text,
	"instructions" text,
	"line_number" integer,
	"marks" double precision DEFAULT 1 NOT NULL,
	"negative_marks" double precision DEFAULT 0 NOT NULL,
	"allows_partial_credit" boolean DEFAULT false NOT NULL,
	"numeric_tolerance" double precision,
	"topic_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"programming" jsonb,
	"sample_cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_file_url" text,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_progress" (
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "task_progress_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "task_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"marks" double precision,
	"negative_marks" double precision
);
--> statement-breakpoint
CREATE TABLE "task_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"section_index" integer NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"test_type" text,
	"content_type" text,
	"video_url" text,
	"pdf_url" text,
	"rich_text" text,
	"instructions" text DEFAULT '' NOT NULL,
	"question_display_type" text DEFAULT 'vertical' NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"section_wise_timer" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer,
	"question_switch" integer DEFAULT 1 NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"is_section_navigation_allowed" boolean DEFAULT true NOT NULL,
	"is_editor_allowed" boolean DEFAULT true NOT NULL,
	"is_camera_allowed" boolean DEFAULT false NOT NULL,
	"is_tab_alert_allowed" integer DEFAULT 1 NOT NULL,
	"warnings" integer DEFAULT 3 NOT NULL,
	"score_visible" boolean DEFAULT true NOT NULL,
	"partial_submit_minutes" integer DEFAULT 30 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_answers" (
	"attempt_id" text NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"answer_id" jsonb,
	"answer_data" jsonb,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"is_marked" boolean DEFAULT false NOT NULL,
	"is_revealed" boolean DEFAULT false NOT NULL,
	"evaluated_fraction" double precision,
	"evaluated_at" timestamp with time zone,
	"teacher_marks" double precision,
	"marked_by" integer,
	"marks_awarded" double precision,
	"status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answers_attempt_id_question_task_map_id_pk" PRIMARY KEY("attempt_id","question_task_map_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"test_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"active_section_index" integer,
	"active_section_deadline_at" timestamp with time zone,
	"section_state" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"question_order" jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_reason" text,
	"scored" double precision,
	"total" double precision DEFAULT 0 NOT NULL,
	"negative_marks_lost" double precision DEFAULT 0 NOT NULL,
	"pending_evaluation" boolean DEFAULT false NOT NULL,
	"tab_change_warnings" integer DEFAULT 0 NOT NULL,
	"screen_inactive" jsonb,
	"local_state" jsonb,
	"analytics_id" text,
	"language_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"attempt_id" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_questions" ADD CONSTRAINT "task_questions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_questions" ADD CONSTRAINT "task_questions_section_id_task_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."task_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_questions" ADD CONSTRAINT "task_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sections" ADD CONSTRAINT "task_sections_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_photos" ADD CONSTRAINT "exam_photos_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_progress_user_course_idx" ON "task_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "task_questions_task_idx" ON "task_questions" USING btree ("task_id","section_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "task_questions_task_question_idx" ON "task_questions" USING btree ("task_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_sections_task_index_idx" ON "task_sections" USING btree ("task_id","section_index");--> statement-breakpoint
CREATE INDEX "tasks_topic_idx" ON "tasks" USING btree ("topic_id","sort_order");--> statement-breakpoint
CREATE INDEX "tasks_course_idx" ON "tasks" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "topics_course_idx" ON "topics" USING btree ("course_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_idx" ON "exam_attempts" USING btree ("user_id","task_id") WHERE "exam_attempts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "exam_attempts_task_idx" ON "exam_attempts" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "exam_photos_attempt_idx" ON "exam_photos" USING btree ("attempt_id","captured_at");