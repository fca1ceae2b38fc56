import { z } from 'zod';
import { idField } from '../../common/validation.js';

/** A student's analytics: the student's own dashboard, and the same view a parent or the institution opens of them. */

// ---------- GET /reports/v1/dashboard (a student's analytics across attempts, from attempt summaries) ----------

export const StudentDashboardQuerySchema = z.object({
  /** Whose analytics: the caller when left out (a student); a parent or staff name the student. */
  studentId: idField.optional(),
});
export type StudentDashboardQuery = z.input<typeof StudentDashboardQuerySchema>;

const AccuracyFiguresSchema = z.object({
  questions: z.number().int(),
  correct: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  skipped: z.number().int(),
  /** Correct over graded questions (skipped count as not known), 0–100. */
  accuracy: z.number(),
  scored: z.number(),
  total: z.number(),
  negativeMarksLost: z.number(),
  /** Seconds per question answered by this student, and by the class's top 10 % on the same questions. */
  secondsPerQuestion: z.number(),
  topSecondsPerQuestion: z.number().nullable(),
});

export const DashboardAttemptSchema = z.object({
  attemptId: z.string(),
  taskId: z.number().int(),
  courseId: z.number().int(),
  taskName: z.string(),
  testType: z.string(),
  submittedAt: z.string(),
  isFirstAttempt: z.boolean(),
  scored: z.number(),
  total: z.number(),
  percentage: z.number(),
  accuracy: z.number(),
  /** Among each candidate's first attempt; a retake is compared with the others' first attempts. */
  rank: z.number().int(),
  percentile: z.number(),
  candidates: z.number().int(),
  negativeMarksLost: z.number(),
  /** What the attempt would have scored had every wrong answer been left blank. */
  scoredSkippingWrong: z.number(),
  timeSpent: z.number().int(),
});
export type DashboardAttempt = z.infer<typeof DashboardAttemptSchema>;

export const StudentDashboardSchema = z.object({
  studentId: z.number().int(),
  /** Oldest first: the trend across mocks. Tests whose scores are hidden are left out. */
  attempts: z.array(DashboardAttemptSchema),
  subjects: z.array(AccuracyFiguresSchema.extend({ subject: z.string() })),
  topics: z.array(AccuracyFiguresSchema.extend({ subject: z.string(), topic: z.string() })),
  /** Lowest accuracy first (below 60 %), with the course to study it in. */
  weakestTopics: z.array(z.object({ subject: z.string(), topic: z.string(), accuracy: z.number(), questions: z.number().int(), courseId: z.number().int() })),
  /**
   * "Practise these": for each weakest topic, the tests where its questions were missed (wrong or
   * left blank), newest first, to go over in their feedback reports.
   */
  practise: z.array(
    z.object({
      subject: z.string(),
      topic: z.string(),
      attempts: z.array(z.object({ attemptId: z.string(), taskName: z.string(), missed: z.number().int() })),
    }),
  ),
  /**
   * Each answered question against the class's top 10 % on it: correct but slow (over 1.5× their
   * time), wrong and fast (under half their time), and questions left blank.
   */
  quality: z.object({
    correctInTime: z.number().int(),
    correctSlow: z.number().int(),
    wrongFast: z.number().int(),
    wrongOther: z.number().int(),
    skipped: z.number().int(),
    /**
     * Questions whose answer was changed after it was first given, and how: the first answer
     * against the final one (right means correct; a partial answer counts as wrong; cleared means
     * left blank in the end; right to right, changed and changed back).
     */
    changed: z.object({
      questions: z.number().int(),
      wrongToRight: z.number().int(),
      rightToWrong: z.number().int(),
      wrongToWrong: z.number().int(),
      rightToRight: z.number().int(),
      cleared: z.number().int(),
    }),
  }),
  negativeMarking: z.object({
    marksLost: z.number(),
    wrongAnswers: z.number().int(),
    /** Total of all attempts as scored, and had every wrong answer been left blank. */
    scored: z.number(),
    scoredSkippingWrong: z.number(),
  }),
});
export type StudentDashboard = z.infer<typeof StudentDashboardSchema>;
