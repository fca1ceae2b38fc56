ALTER TABLE "question_versions" DROP COLUMN "numeric_tolerance";--> statement-breakpoint
ALTER TABLE "question_versions" DROP COLUMN "line_number";--> statement-breakpoint
ALTER TABLE "question_versions" DROP COLUMN "programming";--> statement-breakpoint
ALTER TABLE "question_versions" DROP COLUMN "sample_cases";--> statement-breakpoint
ALTER TABLE "question_versions" DROP COLUMN "start_file_url";