ALTER TABLE "notebook_reviews" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "notebook_reviews_client_idx" ON "notebook_reviews" USING btree ("user_id","client_id");