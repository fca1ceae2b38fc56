import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { testSessionIdField } from '../exam/exam.schemas.js';

/** Grading: the marking queue and a teacher's mark for a written answer. */

// ---------- Staff: comprehensive marking ----------

/** Marks are given in quarters (0, 0.25, 0.5 …). */
export const MARK_STEP = 0.25;
export const MARK_COMMENT_MAX = 2000;

export const MARKING_STATUSES = ['pending', 'marked'] as const;
export type MarkingStatus = (typeof MARKING_STATUSES)[number];

export const ListPendingEvaluationsQuerySchema = z.object({
  taskId: idField.optional(),
  /** One question of the test (its questionTaskMapID). */
  questionTaskMapID: idField.optional(),
  classId: idField.optional(),
  /** pending (default): waiting for a mark; marked: already marked, to mark again. */
  status: z.enum(MARKING_STATUSES).default('pending'),
});
export type ListPendingEvaluationsQuery = z.input<typeof ListPendingEvaluationsQuerySchema>;

/** A written answer in the queue. The student is anonymised: a stable candidate code, no name. */
export const PendingEvaluationSchema = z.object({
  attemptId: z.string(),
  /** A short code standing for the attempt, the same on every question of it. */
  candidate: z.string(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  taskId: z.number().int(),
  questionTaskMapID: z.number().int(),
  questionID: z.number().int(),
  TaskName: z.string(),
  questionTitle: z.string(),
  questionData: z.string(),
  /** The model answer or rubric (the question's solution, else its explanation). */
  modelAnswer: z.string().nullable(),
  answerData: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  marks: z.number(),
  submittedAt: z.string().nullable(),
  teacherMarks: z.number().nullable(),
  teacherComment: z.string().nullable(),
});
export type PendingEvaluation = z.infer<typeof PendingEvaluationSchema>;
export const ListPendingEvaluationsResultSchema = z.array(PendingEvaluationSchema);

export const MarkAnswerBodySchema = z.object({
  attemptId: testSessionIdField,
  questionTaskMapID: idField,
  marksAwarded: z.coerce
    .number(msg('marksInvalid'))
    .min(0, msg('marksInvalid'))
    .max(1000, msg('marksInvalid'))
    .refine((value) => Number.isInteger(value / MARK_STEP), msg('marksStep')),
  comment: z.string(msg('markCommentTooLong')).trim().max(MARK_COMMENT_MAX, msg('markCommentTooLong')).optional(),
});
export type MarkAnswerBody = z.input<typeof MarkAnswerBodySchema>;

/** Staff: the name behind a candidate code (the reveal is recorded in the audit log). */
export const RevealCandidateBodySchema = z.object({ attemptId: testSessionIdField });
export type RevealCandidateBody = z.input<typeof RevealCandidateBodySchema>;
export const RevealCandidateResultSchema = z.object({ attemptId: z.string(), studentName: z.string(), username: z.string() });
export type RevealCandidateResult = z.infer<typeof RevealCandidateResultSchema>;
