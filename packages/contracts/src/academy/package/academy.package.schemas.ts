import { z } from 'zod';
import { QUESTION_IMPORT_FORMATS } from '../../question-bank/question-bank.constants.js';
import { CONTENT_DESCRIPTION_MAX, CONTENT_NAME_MAX, LESSON_CONTENT_TYPES } from '../shared/academy.schemas.js';

/** Course Upload: a course as one zip (POST /teacher/v1/contentFileUpload). */

/** A whole package, and each file inside it, at most this large. */
export const COURSE_PACKAGE_MAX_BYTES = 50 * 1024 * 1024;
export const COURSE_PACKAGE_MAX_FILES = 500;

/** A path inside the zip: folders and names of letters, digits, . _ - (no `..`). */
const packagePath = z
  .string()
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/, 'must be a path inside the zip (letters, digits, . _ - /)');

export const PackageLessonSchema = z.object({
  name: z.string().trim().min(1).max(CONTENT_NAME_MAX),
  /** richText: `html` is an .html file; pdf / video: `file` is the PDF or video (`html` may add notes). */
  type: z.enum(LESSON_CONTENT_TYPES),
  html: packagePath.optional(),
  file: packagePath.optional(),
  isPublished: z.boolean().optional(),
});

export const PackageTopicSchema = z.object({
  name: z.string().trim().min(1).max(CONTENT_NAME_MAX),
  description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
  lessons: z.array(PackageLessonSchema).max(200).default([]),
});

/** manifest.json at the root of the zip (apps/server/src/modules/academy/package/README.md). */
export const CourseManifestSchema = z.object({
  course: z.object({
    name: z.string().trim().min(1).max(CONTENT_NAME_MAX),
    description: z.string().max(CONTENT_DESCRIPTION_MAX).optional(),
    language: z.enum(['en', 'tn']).optional(),
    isPublished: z.boolean().optional(),
  }),
  topics: z.array(PackageTopicSchema).min(1).max(100),
  /**
   * A question file in the zip (the question bank's CSV or XLSX template, Moodle XML, GIFT or
   * Aiken), imported into the bank with the course; its topic names match the package's topics.
   */
  questions: z
    .object({
      file: packagePath,
      format: z.enum(QUESTION_IMPORT_FORMATS).optional(),
    })
    .optional(),
});
export type CourseManifest = z.infer<typeof CourseManifestSchema>;

export const PackageIssueSchema = z.object({
  /** Where: `manifest`, `topics[0]`, `topics[0].lessons[1]`, or a file in the zip. */
  item: z.string(),
  message: z.string(),
});

export const CoursePackagePreviewSchema = z.object({
  isValid: z.boolean(),
  courseName: z.string().nullable(),
  topics: z.array(
    z.object({
      name: z.string(),
      lessons: z.array(z.object({ name: z.string(), type: z.enum(LESSON_CONTENT_TYPES), file: z.string().nullable() })),
    }),
  ),
  /** Questions the package's question file adds to the bank (0 without one). */
  questions: z.number().int(),
  errors: z.array(PackageIssueSchema),
});
export type CoursePackagePreview = z.infer<typeof CoursePackagePreviewSchema>;

export const CourseUploadStartedSchema = z.object({
  jobId: z.string(),
  courseName: z.string(),
  lessons: z.number().int(),
  questions: z.number().int(),
});
export type CourseUploadStarted = z.infer<typeof CourseUploadStartedSchema>;
