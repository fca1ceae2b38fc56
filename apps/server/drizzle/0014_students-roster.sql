ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_institute_role_class_idx" ON "users" USING btree ("institute_id","role","class_id","section_id");--> statement-breakpoint
CREATE INDEX "users_institute_name_idx" ON "users" USING btree ("institute_id",lower("first_name"),lower("last_name"),"id");