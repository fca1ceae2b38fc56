import { z } from 'zod';
import { idField } from '../../common/validation.js';
import { NumericalKeySchema } from '../../question-kinds/numerical/numerical.schemas.js';
import { MatchingKeySchema } from '../../question-kinds/matching/matching.schemas.js';
import { OrderingKeySchema } from '../../question-kinds/ordering/ordering.schemas.js';
import {
  AnswerDataSchema,
  AnswerIdSchema,
  AnswerOptionSchema,
  AnswerStatusSchema,
  BlankValueSchema,
  QuestionTypeSchema,
  TestResultSchema,
  testSessionIdField,
} from '../../exam/exam.schemas.js';
import { DashboardAttemptSchema } from '../shared/reports.dashboard.schemas.js';

/**
 * Reports: the report page and the feedback report of a submitted attempt (spec 001 §6). Answer
 * keys appear here only because these are read after submission.
 */

// ---------- POST /task/v1/report (the report page: how to read it and the student's attempts) ----------

export const ReportBodySchema = z.object({
  instructionType: z.coerce.number().int().min(1).max(10).default(2),
  courseID: idField.optional(),
  taskID: idField.optional(),
});
export type ReportBody = z.input<typeof ReportBodySchema>;

export const ReportResultSchema = z.object({
  instructionData: z.string(),
  attempts: z.array(TestResultSchema),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

// ---------- GET /task/v1/feedbackReport?courseId&taskId&attemptId ----------

export const FeedbackReportQuerySchema = z.object({ courseId: idField, taskId: idField, attemptId: testSessionIdField });
export type FeedbackReportQuery = z.input<typeof FeedbackReportQuerySchema>;

const CountsSchema = z.object({
  correct: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  unanswered: z.number().int(),
  pending: z.number().int(),
});

export const FeedbackReportSchema = z.object({
  attemptId: z.string(),
  courseID: z.number().int(),
  taskID: z.number().int(),
  TaskName: z.string(),
  ScoreVisible: z.boolean(),
  submittedAt: z.string(),
  /**
   * Why the correct answers, explanations and solutions are left out, when the test's "when
   * answers are shown" setting holds them back from this reader: never, or until the test
   * window closes (`shownFrom`). Null when they are shown.
   */
  answersHidden: z.object({ reason: z.enum(['never', 'afterWindow']), shownFrom: z.string().nullable() }).nullable(),
  MarkScored: z.object({
    scored: z.number(),
    total: z.number(),
    percentage: z.number(),
    /** Marks taken away by negative marking. */
    negativeMarksLost: z.number(),
    /** Correct over attempted answers (graded ones), 0–100. */
    accuracy: z.number(),
    /** 1 is best; ties share a rank. Among each candidate's first attempt (a retake never ranks against its own first). */
    rank: z.number().int(),
    /** NTA percentile: share of candidates scoring at or below this score, 0–100 (a lone or top scorer is at 100). */
    percentile: z.number(),
    /** How many candidates the rank and percentile are among; always shown with them. */
    candidates: z.number().int(),
    /** Seconds from start to submit. */
    timeSpent: z.number().int(),
    pendingEvaluation: z.boolean(),
  }),
  SectionWiseCourse: z.array(
    CountsSchema.extend({
      sectionName: z.string(),
      totalQuestions: z.number().int(),
      scored: z.number(),
      total: z.number(),
      negativeMarksLost: z.number(),
      timeSpent: z.number().int(),
    }),
  ),
  /** One bar per section: counts by status. */
  QuestionWiseAnalysisBar: z.array(CountsSchema.extend({ sectionName: z.string() })),
  /** Slices by status over the whole attempt. */
  QuestionWiseAnalysisPie: z.array(z.object({ name: AnswerStatusSchema, value: z.number().int() })),
  /** Topics with accuracy under 60 %, weakest first. */
  TopicsToImprove: z.array(z.object({ topic: z.string(), accuracy: z.number(), scored: z.number(), total: z.number() })),
  QuestionsAttempted: CountsSchema.extend({ totalQuestions: z.number().int(), attempted: z.number().int() }),
  TopicsWiseAnalysis: z.array(
    CountsSchema.extend({
      topic: z.string(),
      totalQuestions: z.number().int(),
      scored: z.number(),
      total: z.number(),
      accuracy: z.number(),
      timeSpent: z.number().int(),
    }),
  ),
  QuestionWiseAnalysis: z.array(
    z.object({
      questionNumber: z.number().int(),
      questionTaskMapID: z.number().int(),
      sectionName: z.string(),
      questionTitle: z.string(),
      questionType: QuestionTypeSchema,
      status: AnswerStatusSchema,
      marks: z.number(),
      negativeMarks: z.number(),
      marksAwarded: z.number(),
      timeSpent: z.number().int(),
      topics: z.array(z.string()),
      /** Share of all submitted attempts that got this question right, 0–100. */
      classAccuracy: z.number(),
    }),
  ),
  QuestionsWithAnswer: z.array(
    z.object({
      questionNumber: z.number().int(),
      questionTaskMapID: z.number().int(),
      questionID: z.number().int(),
      questionType: QuestionTypeSchema,
      questionTitle: z.string(),
      questionData: z.string(),
      mediaUrl: z.string().nullable(),
      answer: z.array(AnswerOptionSchema),
      answerID: AnswerIdSchema,
      answerData: AnswerDataSchema,
      correctAnswerID: z.union([z.number().int(), z.array(z.number().int())]).nullable(),
      correctAnswerData: z.union([z.array(BlankValueSchema), z.string(), NumericalKeySchema, MatchingKeySchema, OrderingKeySchema]).nullable(),
      explanation: z.string().nullable(),
      solution: z.string().nullable(),
      status: AnswerStatusSchema,
      marksAwarded: z.number(),
      /** A written answer's comment from the teacher who marked it. */
      teacherComment: z.string().nullable().optional(),
      /** A paper sheet had several marks on this question: invalid, no option chosen, no marks and no negative mark. */
      paperInvalid: z.boolean().optional(),
    }),
  ),
});
export type FeedbackReport = z.infer<typeof FeedbackReportSchema>;

// ---------- GET /reports/v1/children (the parent's home: each linked child at a glance) ----------

export const ChildGlanceSchema = z.object({
  studentId: z.number().int(),
  displayName: z.string(),
  /** The latest submitted test whose scores are visible, or null before the first. */
  lastTest: DashboardAttemptSchema.nullable(),
  /** Score percentages of the last tests, oldest first (at most 5). */
  trend: z.array(z.number()),
  upcomingTests: z.array(z.object({ taskId: z.number().int(), taskName: z.string(), courseName: z.string(), opensAt: z.string(), closesAt: z.string() })),
  overdueTodos: z.array(z.object({ id: z.number().int(), title: z.string(), dueDate: z.string().nullable() })),
});
export type ChildGlance = z.infer<typeof ChildGlanceSchema>;
export const ParentHomeSchema = z.object({ children: z.array(ChildGlanceSchema) });
export type ParentHome = z.infer<typeof ParentHomeSchema>;

// ---------- GET /reports/v1/activity (tests taken and study time, by day) ----------

export const ACTIVITY_MAX_DAYS = 90;
export const ActivityQuerySchema = z.object({
  studentId: idField.optional(),
  /** How many days back from today, today included. */
  days: z.coerce.number().int().min(1).max(ACTIVITY_MAX_DAYS).optional().default(30),
});
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;
export const ActivitySchema = z.object({
  studentId: z.number().int(),
  /** Every day of the range, oldest first (YYYY-MM-DD in India time). */
  days: z.array(z.object({ date: z.string(), tests: z.number().int(), studySeconds: z.number().int() })),
});
export type Activity = z.infer<typeof ActivitySchema>;
