CREATE TABLE "content_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"client_id" text NOT NULL,
	"institute_id" integer,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "client_id" text DEFAULT 'neetprep' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "institute_id" integer;--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_files_owner_idx" ON "content_files" USING btree ("client_id","institute_id","created_at");