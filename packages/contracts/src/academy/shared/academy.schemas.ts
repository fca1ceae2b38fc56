import { z } from 'zod';

/** A task is a lesson to study or a test to take (spec 001 §3 Task; tests are practice or test). */
export const TASK_KINDS = ['lesson', 'test'] as const;
export const TaskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof TaskKindSchema>;

export const TEST_TYPES = ['practice', 'test'] as const;
export const TestTypeSchema = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof TestTypeSchema>;

/** What a lesson shows. */
export const LESSON_CONTENT_TYPES = ['video', 'pdf', 'richText'] as const;
export const LessonContentTypeSchema = z.enum(LESSON_CONTENT_TYPES);
export type LessonContentType = z.infer<typeof LessonContentTypeSchema>;

/** Names and descriptions of courses, topics and lessons, typed in Content Management or read from a course package. */
export const CONTENT_NAME_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 2000;
