import { z } from 'zod';
import { defineErrors } from '../common/errors.js';
import { idField, msg } from '../common/validation.js';
import { testSessionIdField } from '../exam/exam.schemas.js';
import { FeedbackReportSchema } from '../reports/reports.schemas.js';

/** The kinds of mistake a card can be filed under (issue 35). */
export const ERROR_TYPES = ['concept', 'calculation', 'misread', 'timePressure', 'guessed'] as const;
export const ErrorTypeSchema = z.enum(ERROR_TYPES, msg('notebookErrorTypeInvalid'));
export type ErrorType = z.infer<typeof ErrorTypeSchema>;

/** Why a question became a card: answered wrong, guessed, marked for review, or added by the student. */
export const CARD_REASONS = ['wrong', 'guessed', 'marked', 'bookmarked'] as const;
export const CardReasonSchema = z.enum(CARD_REASONS);
export type CardReason = z.infer<typeof CardReasonSchema>;

export const NOTEBOOK_LIMITS = {
  noteMax: 2000,
  pageSizeMax: 50,
  pageSizeDefault: 10,
  filterMax: 200,
} as const;

/** The question as the attempt's feedback report shows it: the key and explanation are null until its release rule allows them. */
export const NotebookQuestionSchema = FeedbackReportSchema.shape.QuestionsWithAnswer.element;
export type NotebookQuestion = z.infer<typeof NotebookQuestionSchema>;

export const NotebookCardSchema = z.object({
  id: z.number().int(),
  attemptId: z.string(),
  courseId: z.number().int(),
  taskId: z.number().int(),
  testName: z.string(),
  /** The test section the question was asked in. */
  subject: z.string(),
  topics: z.array(z.string()),
  questionTaskMapID: z.number().int(),
  reasons: z.array(CardReasonSchema),
  /** Suggested from the student's time and answer changes when the card was made. */
  suggestedErrorType: ErrorTypeSchema,
  /** The student's own choice, or the suggestion until they choose. */
  errorType: ErrorTypeSchema,
  note: z.string(),
  timeSpent: z.number().int(),
  /** The median time of everyone who answered it in the test (seconds); null when nobody did. */
  classMedianTime: z.number().nullable(),
  answerChanges: z.number().int(),
  /** The question, the student's answer, and the key once released; null when the attempt is no longer readable. */
  question: NotebookQuestionSchema.nullable(),
  /** The test's answer-release rule lets the key and explanation show (the feedback report's rule). */
  keyReleased: z.boolean(),
  createdAt: z.string(),
});
export type NotebookCard = z.infer<typeof NotebookCardSchema>;

const filterText = z.string().trim().min(1, msg('badRequest')).max(NOTEBOOK_LIMITS.filterMax, msg('badRequest'));

/** GET /notebook/v1/cards: a page of the student's cards, newest first, narrowed by the filters given. */
export const NotebookListQuerySchema = z.object({
  subject: filterText.optional(),
  topic: filterText.optional(),
  taskId: idField.optional(),
  errorType: ErrorTypeSchema.optional(),
  page: z.coerce
    .number(msg('badRequest'))
    .int(msg('badRequest'))
    .min(1, msg('badRequest'))
    .max(10_000, msg('badRequest'))
    .optional()
    .default(1),
  pageSize: z.coerce
    .number(msg('badRequest'))
    .int(msg('badRequest'))
    .min(1, msg('badRequest'))
    .max(NOTEBOOK_LIMITS.pageSizeMax, msg('badRequest'))
    .optional()
    .default(NOTEBOOK_LIMITS.pageSizeDefault),
});
export type NotebookListQuery = z.input<typeof NotebookListQuerySchema>;

export const NotebookPageSchema = z.object({
  cards: z.array(NotebookCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every value the filters can take over the student's cards. */
  filters: z.object({
    subjects: z.array(z.string()),
    topics: z.array(z.string()),
    tests: z.array(z.object({ taskId: z.number().int(), name: z.string() })),
  }),
});
export type NotebookPage = z.infer<typeof NotebookPageSchema>;

/** The student's own note: plain text (shown as text, never as HTML), control characters removed. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const noteField = z
  .string(msg('badRequest'))
  .transform((value) => value.replace(CONTROL_CHARACTERS, '').trim())
  .pipe(z.string().max(NOTEBOOK_LIMITS.noteMax, msg('notebookNoteTooLong')));

/** POST /notebook/v1/updateCard: the card and what changes (its error type, its note, or both). */
export const UpdateCardBodySchema = z
  .object({
    id: idField,
    errorType: ErrorTypeSchema.optional(),
    note: noteField.optional(),
  })
  .refine((body) => body.errorType !== undefined || body.note !== undefined, msg('badRequest'));
export type UpdateCardBody = z.input<typeof UpdateCardBodySchema>;
export type UpdateCardInput = z.output<typeof UpdateCardBodySchema>;

/** POST /notebook/v1/addCard: a question of one of the student's submitted attempts, kept on purpose. */
export const AddCardBodySchema = z.object({ attemptId: testSessionIdField, questionTaskMapID: idField });
export type AddCardBody = z.input<typeof AddCardBodySchema>;

export const NOTEBOOK_ERRORS = defineErrors({
  NOTEBOOK_CARD_NOT_FOUND: {
    http: 404,
    message: {
      en: 'No card with this id was found in your notebook.',
      tn: 'உங்கள் குறிப்பேட்டில் இந்த அடையாள எண் கொண்ட அட்டை எதுவும் கிடைக்கவில்லை.',
    },
  },
  NOTEBOOK_QUESTION_NOT_FOUND: {
    http: 404,
    message: {
      en: 'This question was not found in your submitted tests.',
      tn: 'இந்தக் கேள்வி நீங்கள் சமர்ப்பித்த தேர்வுகளில் கிடைக்கவில்லை.',
    },
  },
});
