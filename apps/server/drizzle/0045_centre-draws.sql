CREATE TABLE "centre_loaded_draws" (
	"schedule_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "centre_loaded_draws_schedule_id_question_task_map_id_pk" PRIMARY KEY("schedule_id","question_task_map_id")
);
--> statement-breakpoint
CREATE TABLE "centre_staged_draws" (
	"centre_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"question_task_map_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "centre_staged_draws_centre_id_schedule_id_question_task_map_id_pk" PRIMARY KEY("centre_id","schedule_id","question_task_map_id")
);
--> statement-breakpoint
ALTER TABLE "centre_loaded_draws" ADD CONSTRAINT "centre_loaded_draws_schedule_id_test_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_loaded_draws" ADD CONSTRAINT "centre_loaded_draws_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_staged_draws" ADD CONSTRAINT "centre_staged_draws_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_staged_draws" ADD CONSTRAINT "centre_staged_draws_schedule_id_test_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_staged_draws" ADD CONSTRAINT "centre_staged_draws_question_task_map_id_task_questions_id_fk" FOREIGN KEY ("question_task_map_id") REFERENCES "public"."task_questions"("id") ON DELETE cascade ON UPDATE no action;