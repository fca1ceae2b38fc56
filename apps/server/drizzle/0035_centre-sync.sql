CREATE TABLE "centre_sync_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "centre_sync_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"centre_id" integer NOT NULL,
	"centre_attempt_id" text NOT NULL,
	"schedule_id" integer,
	"user_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"received" integer DEFAULT 0 NOT NULL,
	"last_hash" text,
	"record_count" integer,
	"head_hash" text,
	"attempt_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centre_sync_outbox" (
	"attempt_id" text PRIMARY KEY NOT NULL,
	"records" jsonb NOT NULL,
	"record_count" integer NOT NULL,
	"head_hash" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"sealed_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "centre_sync_records" (
	"sync_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "centre_sync_records_sync_id_idx_pk" PRIMARY KEY("sync_id","idx")
);
--> statement-breakpoint
ALTER TABLE "centre_identity" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "centres" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "centre_sync_attempts" ADD CONSTRAINT "centre_sync_attempts_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_sync_attempts" ADD CONSTRAINT "centre_sync_attempts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_sync_outbox" ADD CONSTRAINT "centre_sync_outbox_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_sync_records" ADD CONSTRAINT "centre_sync_records_sync_id_centre_sync_attempts_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."centre_sync_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centre_sync_attempts_key_idx" ON "centre_sync_attempts" USING btree ("centre_id","centre_attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "centre_sync_attempts_attempt_idx" ON "centre_sync_attempts" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "centre_sync_attempts_state_idx" ON "centre_sync_attempts" USING btree ("centre_id","state");--> statement-breakpoint
CREATE INDEX "centre_sync_outbox_state_idx" ON "centre_sync_outbox" USING btree ("state");