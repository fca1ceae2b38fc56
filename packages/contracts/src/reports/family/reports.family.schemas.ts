import { z } from 'zod';
import { idField, msg } from '../../common/validation.js';
import { isIsoDate } from '../../todo/todo.schemas.js';
import { StudentDashboardSchema } from '../shared/reports.dashboard.schemas.js';

/**
 * The family and institution reports: the Institution account's reports and a student's subject
 * dashboard, the parent's Summary Report and weekly digest, effort against result (/eis-dashboard)
 * and the staff's BI Reports (/metabase).
 */

/** The longest Summary Report period, in days. */
export const SUMMARY_MAX_DAYS = 366;
/** The longest effort view, in weeks. */
export const EFFORT_MAX_WEEKS = 26;

const isoDateField = z.string(msg('reportDateInvalid')).refine(isIsoDate, msg('reportDateInvalid'));

// ---------- GET /reports/v1/institution (the Institution account's /reports) ----------

export const InstitutionReportQuerySchema = z.object({
  /** Narrow to one class: its students are listed. */
  classId: idField.optional(),
  /** Narrow to one test: its per-subject accuracy. */
  taskId: idField.optional(),
});
export type InstitutionReportQuery = z.input<typeof InstitutionReportQuerySchema>;

/** The measures of the staff reports over a group of first attempts. */
export const GroupFiguresSchema = z.object({
  /** First attempts (each student counts once per test). */
  attempts: z.number().int(),
  /** Students who took at least one test, and students in the group. */
  participants: z.number().int(),
  students: z.number().int(),
  /** participants over students, 0–100. */
  participation: z.number(),
  /** Mean and best score percentage of those attempts (0 when none). */
  meanPercentage: z.number(),
  topPercentage: z.number(),
});
export type GroupFigures = z.infer<typeof GroupFiguresSchema>;

export const SubjectAccuracySchema = z.object({
  subject: z.string(),
  questions: z.number().int(),
  correct: z.number().int(),
  /** correct over questions, 0–100. */
  accuracy: z.number(),
});

export const InstitutionReportSchema = z.object({
  instituteName: z.string(),
  overall: GroupFiguresSchema,
  subjects: z.array(SubjectAccuracySchema),
  courses: z.array(GroupFiguresSchema.extend({ courseId: z.number().int(), courseName: z.string() })),
  classes: z.array(GroupFiguresSchema.extend({ classId: z.number().int().nullable(), className: z.string() })),
  tests: z.array(GroupFiguresSchema.extend({ taskId: z.number().int(), taskName: z.string(), courseId: z.number().int(), courseName: z.string() })),
  /** With classId: the class. */
  selectedClass: z
    .object({
      classId: z.number().int(),
      className: z.string(),
      students: z.array(
        z.object({
          studentId: z.number().int(),
          displayName: z.string(),
          tests: z.number().int(),
          meanPercentage: z.number(),
          lastPercentage: z.number().nullable(),
          /** The course of the student's latest test, for the subject dashboard's address (null before the first). */
          courseId: z.number().int().nullable(),
        }),
      ),
    })
    .nullable(),
  /** With taskId: the test and its per-subject accuracy. */
  selectedTest: z.object({ taskId: z.number().int(), taskName: z.string(), subjects: z.array(SubjectAccuracySchema) }).nullable(),
});
export type InstitutionReport = z.infer<typeof InstitutionReportSchema>;

// ---------- GET /reports/v1/studentSubjects (a student's subject dashboard in one course, read only) ----------

export const StudentCourseDashboardQuerySchema = z.object({
  studentId: idField,
  courseId: idField,
});
export type StudentCourseDashboardQuery = z.input<typeof StudentCourseDashboardQuerySchema>;
export const StudentCourseDashboardSchema = StudentDashboardSchema.extend({
  displayName: z.string(),
  courseId: z.number().int(),
  courseName: z.string(),
});
export type StudentCourseDashboard = z.infer<typeof StudentCourseDashboardSchema>;

// ---------- GET /reports/v1/summary (the parent's Summary Report of a period) ----------

export const SummaryReportQuerySchema = z
  .object({
    studentId: idField.optional(),
    from: isoDateField,
    to: isoDateField,
  })
  .refine((q) => q.from <= q.to, { ...msg('calendarRangeInvalid'), path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SUMMARY_MAX_DAYS, { ...msg('calendarRangeTooLong'), path: ['to'] });
export type SummaryReportQuery = z.input<typeof SummaryReportQuerySchema>;

export const SummaryReportSchema = z.object({
  studentId: z.number().int(),
  displayName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Tests submitted in the period (visible scores), oldest first. */
  tests: z.array(
    z.object({
      attemptId: z.string(),
      courseId: z.number().int(),
      taskId: z.number().int(),
      taskName: z.string(),
      submittedAt: z.string(),
      scored: z.number(),
      total: z.number(),
      percentage: z.number(),
      accuracy: z.number(),
      rank: z.number().int(),
      percentile: z.number(),
      candidates: z.number().int(),
    }),
  ),
  /** Mean percentage of the period, of the first and second halves of its tests, and the change. */
  averagePercentage: z.number().nullable(),
  trend: z.enum(['up', 'down', 'steady', 'none']),
  trendChange: z.number(),
  /** Course tracking in the period. */
  studySeconds: z.number().int(),
  activeDays: z.number().int(),
  /** Mistake-notebook reviews (effort only, never the cards): days in a row with a review, up to today or yesterday. */
  reviewStreakDays: z.number().int(),
  /** Seconds of notebook review since Monday of this week (India calendar). */
  reviewSecondsThisWeek: z.number().int(),
  lessonsCompleted: z.array(z.object({ taskId: z.number().int(), name: z.string(), courseName: z.string(), completedAt: z.string() })),
  /** Weak topics of the period's tests (below 60 %), weakest first. */
  topicsToImprove: z.array(z.object({ subject: z.string(), topic: z.string(), accuracy: z.number(), questions: z.number().int(), courseId: z.number().int() })),
});
export type SummaryReport = z.infer<typeof SummaryReportSchema>;

// ---------- GET /reports/v1/effort (/eis-dashboard: effort against result, by week) ----------

export const EffortQuerySchema = z.object({
  studentId: idField.optional(),
  weeks: z.coerce.number().int().min(1).max(EFFORT_MAX_WEEKS).optional().default(8),
});
export type EffortQuery = z.input<typeof EffortQuerySchema>;

export const EffortReportSchema = z.object({
  studentId: z.number().int(),
  /** Oldest first; a week starts on Monday (India calendar). */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      studySeconds: z.number().int(),
      lessonsCompleted: z.number().int(),
      tests: z.number().int(),
      /** Mean score percentage of the week's tests; null in a week without one. */
      meanPercentage: z.number().nullable(),
    }),
  ),
  /** Per subject (test section) and week: questions answered and accuracy (null: none asked). */
  subjects: z.array(
    z.object({
      subject: z.string(),
      weeks: z.array(z.object({ weekStart: z.string(), questions: z.number().int(), accuracy: z.number().nullable() })),
    }),
  ),
  /** Per course: lesson time and lessons completed over the range. */
  courses: z.array(z.object({ courseId: z.number().int(), courseName: z.string(), studySeconds: z.number().int(), lessonsCompleted: z.number().int() })),
});
export type EffortReport = z.infer<typeof EffortReportSchema>;

// ---------- Weekly digest settings (parent) and the unsubscribe link ----------

export const DigestSettingsSchema = z.object({ weeklyDigest: z.boolean() });
export type DigestSettings = z.infer<typeof DigestSettingsSchema>;
export const DigestSettingsBodySchema = z.object({ weeklyDigest: z.boolean(msg('badRequest')) });
export const DigestUnsubscribeBodySchema = z.object({ token: z.string(msg('badRequest')).trim().min(16, msg('badRequest')).max(128, msg('badRequest')) });

// ---------- GET /reports/v1/metabase (BI Reports) ----------

export const MetabaseEmbedSchema = z.object({
  configured: z.boolean(),
  /** The signed embedding address (valid ten minutes), or null when Metabase is not configured. */
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type MetabaseEmbed = z.infer<typeof MetabaseEmbedSchema>;
