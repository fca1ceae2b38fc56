ALTER TABLE "question_versions" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Each existing version's kind settings, from the columns they were kept in (decision 052): exactly
-- the fields of the kind's settingsSchema; kinds without settings keep '{}'.
UPDATE "question_versions" AS v SET "settings" = CASE q."question_type"
	WHEN 'comprehensive' THEN jsonb_build_object('lineNumber', v."line_number")
	WHEN 'programming' THEN jsonb_build_object('programming', v."programming", 'sampleCases', v."sample_cases")
	WHEN 'text' THEN jsonb_build_object('numericTolerance', v."numeric_tolerance")
	WHEN 'image' THEN jsonb_build_object('mediaUrl', v."media_url")
	WHEN 'video' THEN jsonb_build_object('mediaUrl', v."media_url")
	WHEN 'xlsx' THEN jsonb_build_object('startFileUrl', v."start_file_url")
	WHEN 'docx' THEN jsonb_build_object('startFileUrl', v."start_file_url")
	WHEN 'pptx' THEN jsonb_build_object('startFileUrl', v."start_file_url")
	ELSE '{}'::jsonb
END
FROM "questions" AS q
WHERE q."id" = v."question_id";
