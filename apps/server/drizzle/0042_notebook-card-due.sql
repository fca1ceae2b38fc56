ALTER TABLE "notebook_cards" ADD COLUMN "due" timestamp with time zone;--> statement-breakpoint
UPDATE "notebook_cards" c SET "due" = coalesce((SELECT s."due" FROM "notebook_schedules" s WHERE s."card_id" = c."id"), c."created_at");--> statement-breakpoint
ALTER TABLE "notebook_cards" ALTER COLUMN "due" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "notebook_cards_user_due_idx" ON "notebook_cards" USING btree ("user_id","due","id");
