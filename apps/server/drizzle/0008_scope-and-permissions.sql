CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"client_id" text NOT NULL,
	"role" text NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_client_id_role_permission_pk" PRIMARY KEY("client_id","role","permission")
);
--> statement-breakpoint
CREATE TABLE "staff_class_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_class_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer
);
--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "client_id" text DEFAULT 'neetprep' NOT NULL;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_class_assignments" ADD CONSTRAINT "staff_class_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_class_assignments" ADD CONSTRAINT "staff_class_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_class_assignments" ADD CONSTRAINT "staff_class_assignments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_class_assignments_user_idx" ON "staff_class_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_class_assignments_unique_idx" ON "staff_class_assignments" USING btree ("user_id","class_id",coalesce("section_id", 0));