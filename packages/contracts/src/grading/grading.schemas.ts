import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { testSessionIdField } from '../exam/exam.schemas.js';

/** Grading: the marking queue and a teacher's mark for a written answer. */

// ---------- Staff: comprehensive marking ----------

export const ListPendingEvaluationsQuerySchema = z.object({ taskId: idField.optional() });
export const PendingEvaluationSchema = z.object({
  attemptId: z.string(),
  questionTaskMapID: z.number().int(),
  questionID: z.number().int(),
  TaskName: z.string(),
  studentName: z.string(),
  questionData: z.string(),
  answerData: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  marks: z.number(),
  submittedAt: z.string().nullable(),
});
export type PendingEvaluation = z.infer<typeof PendingEvaluationSchema>;
export const ListPendingEvaluationsResultSchema = z.array(PendingEvaluationSchema);

export const MarkAnswerBodySchema = z.object({
  attemptId: testSessionIdField,
  questionTaskMapID: idField,
  marksAwarded: z.coerce.number(msg('marksInvalid')).min(0, msg('marksInvalid')).max(1000, msg('marksInvalid')),
});
export type MarkAnswerBody = z.input<typeof MarkAnswerBodySchema>;
