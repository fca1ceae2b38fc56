CREATE TABLE "centre_loaded_rows" (
	"kind" text NOT NULL,
	"central_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	CONSTRAINT "centre_loaded_rows_kind_central_id_pk" PRIMARY KEY("kind","central_id")
);
--> statement-breakpoint
ALTER TABLE "centre_identity" ADD COLUMN "local_institute_id" integer;--> statement-breakpoint
ALTER TABLE "centre_roster" ADD COLUMN "class_name" text;--> statement-breakpoint
ALTER TABLE "centre_roster" ADD COLUMN "section_name" text;