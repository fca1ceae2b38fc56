import { z } from 'zod';
import { idField, msg } from '../../common/validation.js';
import { LessonContentTypeSchema, TaskKindSchema, TestTypeSchema } from '../shared/academy.schemas.js';

/** Course tracking is sent every 10 s (spec 000 §9); one report never counts for more than this. */
export const TRACK_MAX_SECONDS_PER_CALL = 30;

// ---------- GET /academy/v1/courses ----------

export const CourseSummarySchema = z.object({
  courseID: z.number().int(),
  courseName: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** en or tn: the language the course is taught in. */
  language: z.string(),
  totalTopics: z.number().int(),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  /** Completed tasks over all tasks, 0–100, rounded. */
  progress: z.number().int().min(0).max(100),
  /** Seconds the student has spent in the course (course tracking). */
  timeSpent: z.number().int(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

export const ListCoursesResultSchema = z.array(CourseSummarySchema);
export type ListCoursesResult = z.infer<typeof ListCoursesResultSchema>;

// ---------- GET /academy/v1/topics?courseId= ----------

export const ListTopicsQuerySchema = z.object({ courseId: idField });
export type ListTopicsQuery = z.input<typeof ListTopicsQuerySchema>;

export const TopicSummarySchema = z.object({
  topicID: z.number().int(),
  topicName: z.string(),
  description: z.string(),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  progress: z.number().int().min(0).max(100),
  /** Set while the topic is locked for the student (course schedule): when it opens. */
  opensAt: z.string().nullable().optional(),
});
export type TopicSummary = z.infer<typeof TopicSummarySchema>;

export const ListTopicsResultSchema = z.object({
  courseID: z.number().int(),
  courseName: z.string(),
  topics: z.array(TopicSummarySchema),
});
export type ListTopicsResult = z.infer<typeof ListTopicsResultSchema>;

// ---------- GET /academy/v1/tasks?courseId=&topicId= ----------

export const ListTasksQuerySchema = z.object({ courseId: idField, topicId: idField });
export type ListTasksQuery = z.input<typeof ListTasksQuerySchema>;

/** The student's latest attempt at a test task, as the task list shows it. */
export const TaskAttemptSummarySchema = z.object({
  attemptId: z.string(),
  status: z.enum(['open', 'submitted']),
  /** Null while the attempt is open or when the task hides scores (ScoreVisible false). */
  scored: z.number().nullable(),
  total: z.number(),
  submittedAt: z.string().nullable(),
});
export type TaskAttemptSummary = z.infer<typeof TaskAttemptSummarySchema>;

export const TaskSummarySchema = z.object({
  taskID: z.number().int(),
  TaskName: z.string(),
  taskKind: TaskKindSchema,
  /** practice or test for a test task; null for a lesson. */
  type: TestTypeSchema.nullable(),
  /** video, pdf or richText for a lesson; null for a test. */
  contentType: LessonContentTypeSchema.nullable(),
  /** Minutes for a test; null when untimed or for a lesson. */
  duration: z.number().int().nullable(),
  totalQuestions: z.number().int(),
  totalMarks: z.number(),
  isCompleted: z.boolean(),
  lastAttempt: TaskAttemptSummarySchema.nullable(),
  /** A scheduled test's window for the student (test schedule); null or absent when unscheduled. */
  window: z.object({ opensAt: z.string(), closesAt: z.string(), lateStartUntil: z.string().nullable() }).nullable().optional(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

export const ListTasksResultSchema = z.object({
  courseID: z.number().int(),
  courseName: z.string(),
  topicID: z.number().int(),
  topicName: z.string(),
  tasks: z.array(TaskSummarySchema),
});
export type ListTasksResult = z.infer<typeof ListTasksResultSchema>;

// ---------- GET /academy/v1/content?courseId=&taskId= ----------

export const GetContentQuerySchema = z.object({ courseId: idField, taskId: idField });
export type GetContentQuery = z.input<typeof GetContentQuerySchema>;

export const TaskContentSchema = z.object({
  taskID: z.number().int(),
  courseID: z.number().int(),
  topicID: z.number().int(),
  TaskName: z.string(),
  taskKind: TaskKindSchema,
  type: TestTypeSchema.nullable(),
  contentType: LessonContentTypeSchema.nullable(),
  /** Lesson video address (video lessons). */
  videoUrl: z.string().nullable(),
  /** Lesson PDF address (pdf lessons). */
  pdfUrl: z.string().nullable(),
  /** Lesson text as sanitised HTML (rich-text lessons; also notes under a video or PDF). */
  richText: z.string().nullable(),
  /** For a test: the player's route, /test/{type}/{courseID}/{taskID}. */
  testPath: z.string().nullable(),
  isCompleted: z.boolean(),
});
export type TaskContent = z.infer<typeof TaskContentSchema>;

// ---------- POST /academy/v1/track ----------

export const TrackBodySchema = z.object({
  courseId: idField,
  /** The task being studied, when on a task page. */
  taskId: idField.optional(),
  /** Seconds since the previous report (10 s by default); the server caps each report. */
  timeSpent: z.coerce
    .number(msg('trackTimeInvalid'))
    .int(msg('trackTimeInvalid'))
    .min(1, msg('trackTimeInvalid'))
    .max(3600, msg('trackTimeInvalid')),
  /** The client marks a lesson complete (e.g. the video reached its end). */
  isCompleted: z.boolean().optional(),
});
export type TrackBody = z.input<typeof TrackBodySchema>;

export const TrackResultSchema = z.object({
  courseID: z.number().int(),
  /** Seconds counted for this report after the server's cap. */
  counted: z.number().int(),
  /** The student's total seconds in the course. */
  timeSpent: z.number().int(),
  /** The student's total seconds in the task, when a task was named. */
  taskTimeSpent: z.number().int().nullable(),
});
export type TrackResult = z.infer<typeof TrackResultSchema>;
