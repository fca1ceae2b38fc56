CREATE TABLE "adaptive_answers" (
	"session_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"subject_topic_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"difficulty" double precision NOT NULL,
	"discrimination" double precision NOT NULL,
	"answer_id" integer NOT NULL,
	"is_correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "adaptive_answers_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "adaptive_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adaptive_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subject_topic_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"uses_prior" boolean NOT NULL,
	"theta" double precision DEFAULT 0 NOT NULL,
	"se" double precision DEFAULT 1 NOT NULL,
	"current_version_id" integer,
	"result" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "adaptive_sessions_status_check" CHECK ("adaptive_sessions"."status" in ('active', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "adaptive_answers" ADD CONSTRAINT "adaptive_answers_session_id_adaptive_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."adaptive_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_answers" ADD CONSTRAINT "adaptive_answers_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_sessions" ADD CONSTRAINT "adaptive_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_sessions" ADD CONSTRAINT "adaptive_sessions_subject_topic_id_topics_id_fk" FOREIGN KEY ("subject_topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptive_sessions" ADD CONSTRAINT "adaptive_sessions_current_version_id_question_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."question_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adaptive_sessions_user_idx" ON "adaptive_sessions" USING btree ("user_id","started_at");