ALTER TABLE "key_challenges" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "key_challenges" ADD COLUMN "image_type" text;