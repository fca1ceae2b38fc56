CREATE TABLE "centre_deliveries" (
	"centre_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"staged_at" timestamp with time zone NOT NULL,
	"key_released_at" timestamp with time zone,
	CONSTRAINT "centre_deliveries_centre_id_schedule_id_pk" PRIMARY KEY("centre_id","schedule_id")
);
--> statement-breakpoint
CREATE TABLE "centre_exam_keys" (
	"schedule_id" integer PRIMARY KEY NOT NULL,
	"data_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centre_identity" (
	"id" integer PRIMARY KEY NOT NULL,
	"centre_id" integer NOT NULL,
	"institute_id" integer NOT NULL,
	"institute_name" text NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"central_url" text NOT NULL,
	"credential" text NOT NULL,
	"paired_at" timestamp with time zone NOT NULL,
	"last_staged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "centre_invigilator_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "centre_invigilator_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"centre_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"wrap" jsonb NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centre_pairing_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "centre_pairing_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institute_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"centre_id" integer
);
--> statement-breakpoint
CREATE TABLE "centre_roster" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"roll_number" text,
	"class_id" integer,
	"section_id" integer,
	"language_id" integer,
	"client_id" text NOT NULL,
	"schedule_ids" integer[] NOT NULL,
	"staged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centre_staged_exams" (
	"schedule_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"title" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"late_start_until" timestamp with time zone,
	"duration_minutes" integer,
	"paper" text NOT NULL,
	"invigilator_wraps" jsonb NOT NULL,
	"staged_at" timestamp with time zone NOT NULL,
	"data_key" text,
	"unlocked_at" timestamp with time zone,
	"unlock_method" text
);
--> statement-breakpoint
CREATE TABLE "centres" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "centres_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institute_id" integer NOT NULL,
	"name" text NOT NULL,
	"credential_hash" text NOT NULL,
	"paired_by" integer,
	"paired_at" timestamp with time zone NOT NULL,
	"last_contact_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "centre_deliveries" ADD CONSTRAINT "centre_deliveries_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_deliveries" ADD CONSTRAINT "centre_deliveries_schedule_id_test_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_exam_keys" ADD CONSTRAINT "centre_exam_keys_schedule_id_test_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_invigilator_codes" ADD CONSTRAINT "centre_invigilator_codes_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_invigilator_codes" ADD CONSTRAINT "centre_invigilator_codes_schedule_id_test_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_invigilator_codes" ADD CONSTRAINT "centre_invigilator_codes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_pairing_codes" ADD CONSTRAINT "centre_pairing_codes_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_pairing_codes" ADD CONSTRAINT "centre_pairing_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_pairing_codes" ADD CONSTRAINT "centre_pairing_codes_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centres" ADD CONSTRAINT "centres_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centres" ADD CONSTRAINT "centres_paired_by_users_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "centre_invigilator_codes_exam_idx" ON "centre_invigilator_codes" USING btree ("centre_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "centre_pairing_codes_hash_idx" ON "centre_pairing_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "centres_institute_idx" ON "centres" USING btree ("institute_id");