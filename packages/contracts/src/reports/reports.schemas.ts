import { z } from 'zod';
import { idField } from '../common/validation.js';
import {
  AnswerDataSchema,
  AnswerIdSchema,
  AnswerOptionSchema,
  AnswerStatusSchema,
  BlankValueSchema,
  QuestionTypeSchema,
  TestResultSchema,
  testSessionIdField,
} from '../exam/exam.schemas.js';

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
  MarkScored: z.object({
    scored: z.number(),
    total: z.number(),
    percentage: z.number(),
    /** Marks taken away by negative marking. */
    negativeMarksLost: z.number(),
    /** Correct over attempted answers (graded ones), 0–100. */
    accuracy: z.number(),
    /** 1 is best; ties share a rank. Among every submitted attempt of the task. */
    rank: z.number().int(),
    /** Share of submitted attempts scoring strictly less, 0–100. */
    percentile: z.number(),
    totalAttempts: z.number().int(),
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
      correctAnswerData: z.union([z.array(BlankValueSchema), z.string()]).nullable(),
      explanation: z.string().nullable(),
      solution: z.string().nullable(),
      status: AnswerStatusSchema,
      marksAwarded: z.number(),
    }),
  ),
});
export type FeedbackReport = z.infer<typeof FeedbackReportSchema>;
