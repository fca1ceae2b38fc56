ALTER TABLE "item_calibrations" DROP CONSTRAINT "item_calibrations_model_check";--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD COLUMN "guessing" double precision;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD COLUMN "se_guessing" double precision;--> statement-breakpoint
ALTER TABLE "adaptive_answers" ADD COLUMN "guessing" double precision;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_model_check" CHECK ("item_calibrations"."model" in ('2pl', 'rasch', '3pl'));