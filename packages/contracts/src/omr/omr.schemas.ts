import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/** Staff: sheets for a test, pre-filled for each student of a class in scope, or one blank sheet without a class. */
export const OmrSheetsQuerySchema = z.object({ taskId: idField, classId: idField.optional() });
export type OmrSheetsQuery = z.infer<typeof OmrSheetsQuerySchema>;

/** A student: one sheet with their own name and roll number, for a practice test. */
export const OmrPracticeSheetQuerySchema = z.object({ taskId: idField });
export type OmrPracticeSheetQuery = z.infer<typeof OmrPracticeSheetQuerySchema>;

/** The routes answer with the PDF itself; the schema documents the envelope that is never sent. */
export const OmrSheetFileSchema = z.null();

/** Staff: a scanned batch (multipart field `file`) for a test; read in a job. */
export const OmrUploadQuerySchema = z.object({ taskId: idField });
export type OmrUploadQuery = z.infer<typeof OmrUploadQuerySchema>;

export const OmrUploadStartedSchema = z.object({ jobId: z.string(), pages: z.number().int() });
export type OmrUploadStarted = z.infer<typeof OmrUploadStartedSchema>;

/** One page as the recognition job read it (the job's result lists them in page order). */
export const OmrPageReadSchema = z.object({
  page: z.number().int(),
  /** read: a sheet of this test; otherTest: a sheet of another test; error: no sheet could be read (see the job's item errors). */
  status: z.enum(['read', 'otherTest', 'error']),
  testId: z.number().int().nullable(),
  rollNumber: z.string().nullable(),
  rollFlagged: z.boolean(),
  /** The student in the uploader's scope with this roll number; null = held for assignment. */
  studentId: z.number().int().nullable(),
  bookletCode: z.number().int().nullable(),
  /** Per question: the option (0-based), null for none, 'invalid' for several marks. */
  answers: z.array(z.union([z.number().int(), z.null(), z.literal('invalid')])),
  /** 0-based questions with a doubtful bubble: a person confirms them before publishing. */
  flaggedQuestions: z.array(z.number().int()),
});
export type OmrPageRead = z.infer<typeof OmrPageReadSchema>;
export const OmrRecognitionResultSchema = z.object({ taskId: z.number().int(), pages: z.array(OmrPageReadSchema) });
export type OmrRecognitionResult = z.infer<typeof OmrRecognitionResultSchema>;

// ---------- review, correction, held sheets and publishing ----------

/** A person's answer for a question: an option (0 = A … 3 = D), none (null) or 'invalid' (several marks). */
export const OmrAnswerSchema = z.union(
  [z.number(msg('omrAnswerInvalid')).int(msg('omrAnswerInvalid')).min(0, msg('omrAnswerInvalid')).max(3, msg('omrAnswerInvalid')), z.null(), z.literal('invalid', msg('omrAnswerInvalid'))],
  msg('omrAnswerInvalid'),
);
export type OmrAnswer = z.infer<typeof OmrAnswerSchema>;

/** Where a sheet stands: held (no student yet), toCheck (flagged questions not decided), ready (to publish), published, superseded (another sheet of the same student wins). */
export const OMR_SHEET_STATES = ['held', 'toCheck', 'ready', 'published', 'superseded'] as const;
export type OmrSheetState = (typeof OMR_SHEET_STATES)[number];

export const OmrSheetSummarySchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  source: z.enum(['staff', 'student']),
  page: z.number().int(),
  state: z.enum(OMR_SHEET_STATES),
  rollNumber: z.string().nullable(),
  rollFlagged: z.boolean(),
  student: z.object({ id: z.number().int(), name: z.string(), rollNumber: z.string() }).nullable(),
  answered: z.number().int(),
  /** Flagged questions still waiting for a person's decision. */
  toCheck: z.number().int(),
  /** The sheet's score once published. */
  scored: z.number().nullable(),
  total: z.number().nullable(),
  uploadedAt: z.string(),
  /** Once a sheet has been published for its student, it stays theirs (corrections re-score it). */
  publishedOnce: z.boolean(),
});
export type OmrSheetSummary = z.infer<typeof OmrSheetSummarySchema>;

export const OmrReviewQuerySchema = z.object({ taskId: idField });
export const OmrReviewSchema = z.object({ taskId: z.number().int(), questionCount: z.number().int(), sheets: z.array(OmrSheetSummarySchema) });
export type OmrReview = z.infer<typeof OmrReviewSchema>;

export const OmrSheetQuerySchema = z.object({ id: idField });

/** One sheet in full: the answers (a person's decisions applied), the flagged questions with crops, and where the student's own upload differs. */
export const OmrSheetDetailSchema = OmrSheetSummarySchema.extend({
  answers: z.array(OmrAnswerSchema),
  /** 0-based questions the reader flagged, with the read answer, a person's decision (if any) and a PNG crop (data URL). */
  flagged: z.array(z.object({ question: z.number().int(), read: OmrAnswerSchema, decided: OmrAnswerSchema.optional(), crop: z.string().nullable() })),
  /** Questions corrected by a person that the reader had not flagged. */
  corrected: z.array(z.object({ question: z.number().int(), read: OmrAnswerSchema, decided: OmrAnswerSchema })),
  rollCrop: z.string().nullable(),
  /** Staff sheets: the questions where the student's own submitted upload of this test reads differently (the staff sheet wins). */
  studentDiffers: z.array(z.object({ question: z.number().int(), staff: OmrAnswerSchema, student: OmrAnswerSchema })).nullable(),
});
export type OmrSheetDetail = z.infer<typeof OmrSheetDetailSchema>;

export const OmrCorrectBodySchema = z.object({
  sheetId: idField,
  corrections: z
    .array(z.object({ question: z.number(msg('badRequest')).int(msg('badRequest')).min(0, msg('badRequest')).max(199, msg('badRequest')), answer: OmrAnswerSchema }), msg('badRequest'))
    .min(1, msg('badRequest'))
    .max(200, msg('badRequest')),
});
export type OmrCorrectBody = z.infer<typeof OmrCorrectBodySchema>;

export const OmrAssignBodySchema = z.object({ sheetId: idField, studentId: idField });
export type OmrAssignBody = z.infer<typeof OmrAssignBodySchema>;

export const OmrCandidatesQuerySchema = z.object({ sheetId: idField, search: z.string().trim().max(60, msg('badRequest')).default('') });
export const OmrCandidatesSchema = z.array(z.object({ id: z.number().int(), name: z.string(), rollNumber: z.string(), className: z.string().nullable() }));
export type OmrCandidate = z.infer<typeof OmrCandidatesSchema>[number];

export const OmrPublishBodySchema = z.object({ taskId: idField });
export const OmrPublishResultSchema = z.object({
  /** Sheets that became a new paper attempt, and those whose attempt was re-scored after a change. */
  created: z.number().int(),
  updated: z.number().int(),
  /** Already published and unchanged. */
  unchanged: z.number().int(),
  held: z.number().int(),
  toCheck: z.number().int(),
});
export type OmrPublishResult = z.infer<typeof OmrPublishResultSchema>;

// ---------- a student's own sheet ----------

export const OmrMyTestsSchema = z.array(z.object({ id: z.number().int(), name: z.string(), courseName: z.string(), isPractice: z.boolean(), questionCount: z.number().int() }));
export type OmrMyTest = z.infer<typeof OmrMyTestsSchema>[number];

export const OmrMyUploadQuerySchema = z.object({ taskId: idField });

/** What was read from a student's own sheet; submitting it sends it to the teacher (a paper test) or marks it (a practice test). */
export const OmrMySheetSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  isPractice: z.boolean(),
  rollNumber: z.string().nullable(),
  /** The read roll number is not the student's own. */
  rollMismatch: z.boolean(),
  answers: z.array(OmrAnswerSchema),
  flaggedQuestions: z.array(z.number().int()),
  submitted: z.boolean(),
  /** Practice: the marks once submitted, with the feedback report's attempt. */
  result: z.object({ scored: z.number().nullable(), total: z.number(), attemptId: z.string(), courseId: z.number().int() }).nullable(),
});
export type OmrMySheet = z.infer<typeof OmrMySheetSchema>;

export const OmrMySubmitBodySchema = z.object({ sheetId: idField });
