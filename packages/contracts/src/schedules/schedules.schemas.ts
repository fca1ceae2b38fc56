import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/** An instant with its offset (stored as timestamptz; shown in the browser's time zone). */
const instantField = z.iso.datetime({ offset: true, ...msg('dateTimeInvalid') });
const optionalId = idField.nullable().optional();

/** Who a row applies to: an institute, optionally narrowed to a class and then a section. */
const targetShape = { instituteId: idField, classId: optionalId, sectionId: optionalId };
const sectionNeedsClass = <T extends { classId?: number | null; sectionId?: number | null }>(value: T) => !value.sectionId || !!value.classId;

export const ScheduleTargetSchema = z.object({
  instituteId: z.number().int(),
  instituteName: z.string(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  sectionName: z.string().nullable(),
});
export type ScheduleTarget = z.infer<typeof ScheduleTargetSchema>;

export const IdBodySchema = z.object({ id: idField });
export const DeletedScheduleSchema = z.object({ id: z.number().int() });

// ── Options for the staff screens ───────────────────────────────────────────────────────────────

/** Staff screens that pick a course, test or class from these options (omrUpload: the answer-sheet screen). */
export const SCHEDULE_SCREENS = ['courseMapping', 'testSchedule', 'courseSchedule', 'omrUpload'] as const;
export type ScheduleScreen = (typeof SCHEDULE_SCREENS)[number];
export const ScheduleOptionsQuerySchema = z.object({ screen: z.enum(SCHEDULE_SCREENS, msg('badRequest')) });

export const ScheduleOptionsSchema = z.object({
  courses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      topics: z.array(z.object({ id: z.number().int(), name: z.string() })),
      tests: z.array(z.object({ id: z.number().int(), name: z.string(), topicId: z.number().int() })),
    }),
  ),
  institutes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      classes: z.array(z.object({ id: z.number().int(), name: z.string(), sections: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
    }),
  ),
});
export type ScheduleOptions = z.infer<typeof ScheduleOptionsSchema>;

// ── Course mapping ──────────────────────────────────────────────────────────────────────────────

export const CourseMappingSchema = ScheduleTargetSchema.extend({ id: z.number().int(), courseId: z.number().int(), courseName: z.string() });
export type CourseMapping = z.infer<typeof CourseMappingSchema>;

export const CreateCourseMappingBodySchema = z
  .object({ courseId: idField, ...targetShape })
  .refine(sectionNeedsClass, { ...msg('scheduleSectionNeedsClass'), path: ['sectionId'] });
export type CreateCourseMappingBody = z.input<typeof CreateCourseMappingBodySchema>;

// ── Test schedule ───────────────────────────────────────────────────────────────────────────────

export const TestScheduleSchema = ScheduleTargetSchema.extend({
  id: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  courseId: z.number().int(),
  courseName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** No new start after this instant; a started attempt keeps its own deadline. */
  lateStartUntil: z.string().nullable(),
});
export type TestSchedule = z.infer<typeof TestScheduleSchema>;

const windowShape = { opensAt: instantField, closesAt: instantField, lateStartUntil: instantField.nullable().optional() };
type WindowInput = { opensAt: string; closesAt: string; lateStartUntil?: string | null };
const closesAfterOpens = (w: WindowInput) => Date.parse(w.closesAt) > Date.parse(w.opensAt);
const lateStartInside = (w: WindowInput) =>
  !w.lateStartUntil || (Date.parse(w.lateStartUntil) > Date.parse(w.opensAt) && Date.parse(w.lateStartUntil) <= Date.parse(w.closesAt));

export const CreateTestScheduleBodySchema = z
  .object({ taskId: idField, ...targetShape, ...windowShape })
  .refine(sectionNeedsClass, { ...msg('scheduleSectionNeedsClass'), path: ['sectionId'] })
  .refine(closesAfterOpens, { ...msg('scheduleClosesBeforeOpens'), path: ['closesAt'] })
  .refine(lateStartInside, { ...msg('scheduleLateStartOutside'), path: ['lateStartUntil'] });
export type CreateTestScheduleBody = z.input<typeof CreateTestScheduleBodySchema>;

/** Changes a window's times (the test and whom it applies to stay). */
export const UpdateTestScheduleBodySchema = z
  .object({ id: idField, ...windowShape })
  .refine(closesAfterOpens, { ...msg('scheduleClosesBeforeOpens'), path: ['closesAt'] })
  .refine(lateStartInside, { ...msg('scheduleLateStartOutside'), path: ['lateStartUntil'] });
export type UpdateTestScheduleBody = z.input<typeof UpdateTestScheduleBodySchema>;

// ── Course schedule (topic openings) ────────────────────────────────────────────────────────────

export const TopicOpeningSchema = ScheduleTargetSchema.extend({
  id: z.number().int(),
  topicId: z.number().int(),
  topicName: z.string(),
  courseId: z.number().int(),
  courseName: z.string(),
  opensAt: z.string(),
});
export type TopicOpening = z.infer<typeof TopicOpeningSchema>;

export const CreateTopicOpeningBodySchema = z
  .object({ topicId: idField, ...targetShape, opensAt: instantField })
  .refine(sectionNeedsClass, { ...msg('scheduleSectionNeedsClass'), path: ['sectionId'] });
export type CreateTopicOpeningBody = z.input<typeof CreateTopicOpeningBodySchema>;

export const UpdateTopicOpeningBodySchema = z.object({ id: idField, opensAt: instantField });
export type UpdateTopicOpeningBody = z.input<typeof UpdateTopicOpeningBodySchema>;

// ── The student's view ──────────────────────────────────────────────────────────────────────────

/** A scheduled test as a student sees it: the window that applies (the tightest of those that match). */
export const StudentTestWindowSchema = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  courseId: z.number().int(),
  courseName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  lateStartUntil: z.string().nullable(),
});
export type StudentTestWindow = z.infer<typeof StudentTestWindowSchema>;

export const MyScheduleSchema = z.object({
  topics: z.array(
    z.object({ courseId: z.number().int(), courseName: z.string(), topicId: z.number().int(), topicName: z.string(), opensAt: z.string(), isOpen: z.boolean() }),
  ),
  tests: z.array(StudentTestWindowSchema),
});
export type MySchedule = z.infer<typeof MyScheduleSchema>;
