import { z } from 'zod';
import { idField, MAX_ID, msg } from '../../common/validation.js';
import { CONTENT_DESCRIPTION_MAX, CONTENT_NAME_MAX, LESSON_CONTENT_TYPES, TASK_KINDS, TEST_TYPES } from '../shared/academy.schemas.js';

/** Staff content management (spec 000 §2: the academy content-management routes). */

/** Lesson HTML (formulas and links to uploaded files; the files themselves are not inline). */
export const LESSON_TEXT_MAX = 200_000;

const nameField = z
  .string(msg('contentNameRequired'))
  .trim()
  .min(1, msg('contentNameRequired'))
  .max(CONTENT_NAME_MAX, msg('contentNameRequired'));
const descriptionField = z
  .string(msg('contentDescriptionTooLong'))
  .trim()
  .max(CONTENT_DESCRIPTION_MAX, msg('contentDescriptionTooLong'));
const languageField = z.enum(['en', 'tn'], msg('contentLanguageInvalid'));
/** An uploaded file's stable path (`/api/academy/v1/...`) or an https address. */
const linkField = z
  .string(msg('contentLinkInvalid'))
  .trim()
  .max(2000, msg('contentLinkInvalid'))
  .refine(
    (value) =>
      /^\/api\/academy\/v1\/(files|media)\/[A-Za-z0-9._-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value),
    msg('contentLinkInvalid'),
  );
const idList = z
  .array(idField, msg('contentOrderInvalid'))
  .min(1, msg('contentOrderInvalid'))
  .max(1000, msg('contentOrderInvalid'))
  .refine((ids) => new Set(ids).size === ids.length, msg('contentOrderInvalid'));

// ---------- courses ----------

export const ManagedCourseSchema = z.object({
  courseID: z.number().int(),
  courseName: z.string(),
  description: z.string(),
  language: z.string(),
  isPublished: z.boolean(),
  /** True when the course belongs to the staff member's institute only; false for the client's shared courses. */
  isInstituteCourse: z.boolean(),
  totalTopics: z.number().int(),
  totalTasks: z.number().int(),
  sortOrder: z.number().int(),
});
export type ManagedCourse = z.infer<typeof ManagedCourseSchema>;
export const ListManagedCoursesResultSchema = z.array(ManagedCourseSchema);

export const CreateCourseBodySchema = z.object({
  name: nameField,
  description: descriptionField.default(''),
  language: languageField.default('en'),
  /** Draft until published; a draft is invisible to students. */
  isPublished: z.boolean().default(false),
  /** Only for the staff member's institute (an institute-less client admin always shares with the client). */
  instituteOnly: z.boolean().default(true),
});
export type CreateCourseBody = z.input<typeof CreateCourseBodySchema>;

export const UpdateCourseBodySchema = z.object({
  courseId: idField,
  name: nameField.optional(),
  description: descriptionField.optional(),
  language: languageField.optional(),
  isPublished: z.boolean().optional(),
});
export type UpdateCourseBody = z.input<typeof UpdateCourseBodySchema>;

// ---------- a course's outline: topics and their tasks ----------

export const ManagedTaskSchema = z.object({
  taskID: z.number().int(),
  topicID: z.number().int(),
  TaskName: z.string(),
  taskKind: z.enum(TASK_KINDS),
  type: z.enum(TEST_TYPES).nullable(),
  contentType: z.enum(LESSON_CONTENT_TYPES).nullable(),
  richText: z.string().nullable(),
  videoUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  duration: z.number().int().nullable(),
  isPublished: z.boolean(),
  sortOrder: z.number().int(),
});
export type ManagedTask = z.infer<typeof ManagedTaskSchema>;

export const ManagedTopicSchema = z.object({
  topicID: z.number().int(),
  topicName: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  tasks: z.array(ManagedTaskSchema),
});
export type ManagedTopic = z.infer<typeof ManagedTopicSchema>;

export const CourseOutlineQuerySchema = z.object({ courseId: idField });
export const CourseOutlineSchema = z.object({ course: ManagedCourseSchema, topics: z.array(ManagedTopicSchema) });
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

export const CreateTopicBodySchema = z.object({
  courseId: idField,
  name: nameField,
  description: descriptionField.default(''),
});
export type CreateTopicBody = z.input<typeof CreateTopicBodySchema>;
export const UpdateTopicBodySchema = z.object({
  topicId: idField,
  name: nameField.optional(),
  description: descriptionField.optional(),
});
export type UpdateTopicBody = z.input<typeof UpdateTopicBodySchema>;

const taskFields = {
  name: nameField,
  contentType: z.enum(LESSON_CONTENT_TYPES, msg('contentTypeInvalid')).nullish(),
  richText: z.string(msg('contentTextTooLong')).max(LESSON_TEXT_MAX, msg('contentTextTooLong')).nullish(),
  videoUrl: linkField.nullish(),
  pdfUrl: linkField.nullish(),
  testType: z.enum(TEST_TYPES, msg('contentTestTypeInvalid')).nullish(),
  /** Minutes, tests only; null = untimed. */
  duration: z
    .number(msg('contentDurationInvalid'))
    .int(msg('contentDurationInvalid'))
    .min(1, msg('contentDurationInvalid'))
    .max(600, msg('contentDurationInvalid'))
    .nullish(),
  isPublished: z.boolean().optional(),
};

/** A lesson (video, PDF or text) or a test (its sections and questions are set in Test Configuration). */
export const CreateTaskBodySchema = z.object({
  courseId: idField,
  topicId: idField,
  kind: z.enum(TASK_KINDS, msg('contentKindInvalid')),
  ...taskFields,
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

export const UpdateTaskBodySchema = z.object({ taskId: idField, ...taskFields, name: nameField.optional() });
export type UpdateTaskBody = z.input<typeof UpdateTaskBodySchema>;

/** A new order: the course's topics, or one topic's tasks, each listed once. */
export const ReorderBodySchema = z.union(
  [z.object({ courseId: idField, topicIds: idList }), z.object({ topicId: idField, taskIds: idList })],
  msg('contentOrderInvalid'),
);
export type ReorderBody = z.input<typeof ReorderBodySchema>;

export const ManagedIdSchema = z.object({ id: z.number().int().min(1).max(MAX_ID) });
export type ManagedId = z.infer<typeof ManagedIdSchema>;

// ---------- POST /teacher/v1/uploadfile ----------

export const CONTENT_FILE_KINDS = ['image', 'video', 'pdf'] as const;

export const ContentFileSchema = z.object({
  fileId: z.string(),
  /** Where students load it: a stable path that does not expire. */
  url: z.string(),
  kind: z.enum(CONTENT_FILE_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

// ---------- Resource Upload: /academy/v1/resources ----------

/** Lesson PDFs may be larger than editor images: at most 20 MB. */
export const RESOURCE_PDF_MAX_BYTES = 20 * 1024 * 1024;

export const ResourceSchema = ContentFileSchema.extend({
  /** Used in a lesson or a question; such a file cannot be deleted. */
  isInUse: z.boolean(),
});
export type Resource = z.infer<typeof ResourceSchema>;
export const ListResourcesResultSchema = z.array(ResourceSchema);

export const DeleteResourceBodySchema = z.object({
  fileId: z.string(msg('resourceIdInvalid')).uuid(msg('resourceIdInvalid')),
});
export type DeleteResourceBody = z.input<typeof DeleteResourceBodySchema>;
