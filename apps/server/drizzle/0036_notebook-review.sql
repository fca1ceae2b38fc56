CREATE TABLE "notebook_review_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"minutes_per_day" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notebook_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notebook_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer_id" jsonb,
	"answer_data" jsonb,
	"status" text NOT NULL,
	"time_spent_seconds" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"rating" text,
	"graded_at" timestamp with time zone,
	"due_after" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notebook_schedules" (
	"card_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notebook_review_settings" ADD CONSTRAINT "notebook_review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_reviews" ADD CONSTRAINT "notebook_reviews_card_id_notebook_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."notebook_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_reviews" ADD CONSTRAINT "notebook_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_schedules" ADD CONSTRAINT "notebook_schedules_card_id_notebook_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."notebook_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_schedules" ADD CONSTRAINT "notebook_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notebook_reviews_user_idx" ON "notebook_reviews" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "notebook_reviews_card_idx" ON "notebook_reviews" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "notebook_schedules_user_due_idx" ON "notebook_schedules" USING btree ("user_id","due");