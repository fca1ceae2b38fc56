import { z } from 'zod';
import type { Weekday } from '../common/constants.js';
import { defineErrors, type LocalizedText } from '../common/errors.js';
import { idField, msg } from '../common/validation.js';
import { AnswerDataSchema, AnswerIdSchema, SessionQuestionSchema, testSessionIdField } from '../exam/exam.schemas.js';
import { FeedbackReportSchema } from '../reports/student/reports.student.schemas.js';

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

/** POST /notebook/v1/removeCard: takes back a kept question (the same body as addCard). */
export const RemoveCardBodySchema = AddCardBodySchema;
export type RemoveCardBody = AddCardBody;

/**
 * What taking a question back left: a card the student only kept is gone; one that was also a
 * mistake (wrong, guessed, marked) stays without the keep.
 */
export const RemoveCardResultSchema = z.object({
  attemptId: z.string(),
  questionTaskMapID: z.number().int(),
  inNotebook: z.boolean(),
});
export type RemoveCardResult = z.infer<typeof RemoveCardResultSchema>;

/** GET /notebook/v1/kept?attemptId: which questions of one of the student's attempts they kept by hand. */
export const KeptQuerySchema = z.object({ attemptId: testSessionIdField });
export const KeptQuestionsSchema = z.object({
  attemptId: z.string(),
  questionTaskMapIDs: z.array(z.number().int()),
});
export type KeptQuestions = z.infer<typeof KeptQuestionsSchema>;

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
  NOTEBOOK_NOT_REVEALED: {
    http: 409,
    message: {
      en: 'Answer this practice question and see its answer first; then you can keep it in your notebook.',
      tn: 'முதலில் இந்தப் பயிற்சிக் கேள்விக்குப் பதிலளித்து அதன் விடையைப் பாருங்கள்; பிறகு அதை உங்கள் குறிப்பேட்டில் சேர்க்கலாம்.',
    },
  },
});

// ---------- Spaced repetition (issue 35, item 2; decision 061) ----------

export const REVIEW_LIMITS = {
  minutesMin: 5,
  minutesMax: 240,
  minutesDefault: 15,
  /** The review time assumed before the student has reviewed anything (seconds). */
  assumedReviewSeconds: 60,
  /** The student's latest reviews the average review time is taken over. */
  averageOver: 50,
  /** At most this many cards in one day's queue, whatever the minutes allow. */
  queueMax: 200,
  /** An answer kept offline counts on the day it was given if it arrives within this many days. */
  offlineDaysMax: 7,
} as const;

/** The four grades of FSRS, as the student presses them after seeing the answer. */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const ReviewRatingSchema = z.enum(REVIEW_RATINGS, msg('notebookReviewRatingInvalid'));
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const ReviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewStateSchema>;

/** A card in the day's queue: the question as the player serves it (no key, no earlier answer). */
export const ReviewItemSchema = z.object({
  cardId: z.number().int(),
  testName: z.string(),
  subject: z.string(),
  topics: z.array(z.string()),
  errorType: ErrorTypeSchema,
  state: ReviewStateSchema,
  due: z.string(),
  question: SessionQuestionSchema,
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** GET /notebook/v1/reviewQueue: today's cards, due first (oldest due first), as many as the minutes allow. */
export const ReviewQueueSchema = z.object({
  minutesPerDay: z.number().int(),
  /** The student's average seconds per review (their latest reviews), which sizes the queue. */
  averageReviewSeconds: z.number(),
  /** Seconds already reviewed today (India calendar day). */
  reviewedTodaySeconds: z.number().int(),
  /** Cards due by the end of today, and due after today. */
  dueToday: z.number().int(),
  dueLater: z.number().int(),
  items: z.array(ReviewItemSchema),
});
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

/** POST /notebook/v1/answerReview: the student's answer to a card's question, in the shape of its kind. */
export const AnswerReviewBodySchema = z.object({
  cardId: idField,
  answerID: AnswerIdSchema,
  answerData: AnswerDataSchema.optional(),
  /** Seconds the student spent on it. */
  timeSpent: z.coerce.number(msg('badRequest')).int(msg('badRequest')).min(0, msg('badRequest')).max(3_600, msg('badRequest')),
  /** The browser's id of this answer: sent again (a lost reply, the offline queue), it is recorded once. */
  clientId: z.uuid(msg('badRequest')).optional(),
  /**
   * When it was answered, for an answer kept offline. The server's own time when absent; a time
   * ahead of the server's counts as now, one more than `offlineDaysMax` days back as that bound.
   */
  answeredAt: z.iso.datetime({ offset: true, ...msg('dateTimeInvalid') }).optional(),
});
export type AnswerReviewBody = z.input<typeof AnswerReviewBodySchema>;

export const ReviewChoiceSchema = z.object({ rating: ReviewRatingSchema, due: z.string() });

/** The recorded answer: right or not, the key and explanation when the card's release rule allows, and each grade's next due date. */
export const ReviewAnswerResultSchema = z.object({
  reviewId: z.number().int(),
  cardId: z.number().int(),
  /** Null while the card's key is withheld: right or wrong would tell the key. */
  status: z.enum(['correct', 'wrong', 'partial', 'unanswered']).nullable(),
  isCorrect: z.boolean().nullable(),
  keyReleased: z.boolean(),
  /** As the card shows it (the feedback report's view); the key and explanation are null until released. */
  question: NotebookQuestionSchema.nullable(),
  choices: z.array(ReviewChoiceSchema),
});
export type ReviewAnswerResult = z.infer<typeof ReviewAnswerResultSchema>;

/** POST /notebook/v1/gradeReview: the grade of an answered review. */
export const GradeReviewBodySchema = z.object({ reviewId: idField, rating: ReviewRatingSchema });
export type GradeReviewBody = z.input<typeof GradeReviewBodySchema>;

export const ReviewGradedSchema = z.object({
  cardId: z.number().int(),
  rating: ReviewRatingSchema,
  state: ReviewStateSchema,
  due: z.string(),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type ReviewGraded = z.infer<typeof ReviewGradedSchema>;

/** POST /notebook/v1/reviewSettings: the student's minutes of review a day. */
export const ReviewSettingsBodySchema = z.object({
  minutesPerDay: z.coerce
    .number(msg('notebookReviewMinutesInvalid'))
    .int(msg('notebookReviewMinutesInvalid'))
    .min(REVIEW_LIMITS.minutesMin, msg('notebookReviewMinutesInvalid'))
    .max(REVIEW_LIMITS.minutesMax, msg('notebookReviewMinutesInvalid')),
});
export type ReviewSettingsBody = z.input<typeof ReviewSettingsBodySchema>;
export const ReviewSettingsSchema = z.object({ minutesPerDay: z.number().int() });
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/** What a parent sees of a child's reviews: effort only, never the cards. */
export const ReviewEffortSchema = z.object({
  /** Days in a row, up to today or yesterday, with at least one review (India calendar). */
  streakDays: z.number().int(),
  /** Seconds reviewed since the first day of this week (`WEEK_STARTS_ON`, Monday by default; India calendar). */
  secondsThisWeek: z.number().int(),
});
export type ReviewEffort = z.infer<typeof ReviewEffortSchema>;

export const REVIEW_ERRORS = defineErrors({
  NOTEBOOK_REVIEW_NOT_FOUND: {
    http: 404,
    message: {
      en: 'No review with this id was found in your notebook.',
      tn: 'உங்கள் குறிப்பேட்டில் இந்த அடையாள எண் கொண்ட மீள்பார்வை எதுவும் கிடைக்கவில்லை.',
    },
  },
  NOTEBOOK_REVIEW_ALREADY_GRADED: {
    http: 409,
    message: {
      en: 'This review has already been graded.',
      tn: 'இந்த மீள்பார்வைக்கு ஏற்கனவே மதிப்பீடு அளிக்கப்பட்டுள்ளது.',
    },
  },
  NOTEBOOK_REVIEW_ANSWER_INVALID: {
    http: 400,
    message: {
      en: 'This answer does not fit the question.',
      tn: 'இந்த விடை கேள்விக்குப் பொருந்தவில்லை.',
    },
  },
  NOTEBOOK_REVIEW_QUESTION_UNAVAILABLE: {
    http: 404,
    message: {
      en: 'This card’s question can no longer be reviewed.',
      tn: 'இந்த அட்டையின் கேள்வியை இனி மீள்பார்வை செய்ய முடியாது.',
    },
  },
});

/**
 * The weekly re-test (decision 081): a timed mini-mock of the student's due cards, the weakest
 * first, mixed across subjects, marked as NEET marks (+4 / −1) at about NEET's pace.
 */
export const RETEST_LIMITS = {
  /**
   * At most this many questions: 25 minutes at NEET's pace (180 questions in 180 minutes) fits an
   * evening beside the day's review, and still gives each of three subjects about eight questions.
   */
  questionsMax: 25,
  /** Minutes per question: NEET's pace. */
  minutesPerQuestion: 1,
  marks: 4,
  negativeMarks: 1,
} as const;

/** Why the re-test cannot be started now. */
export const RETEST_BLOCKS = ['noDueCards', 'takenThisWeek'] as const;
export type RetestBlock = (typeof RETEST_BLOCKS)[number];

/** A re-test the student made: its test (a task of their own), its attempt and its score once submitted. */
export const RetestSchema = z.object({
  weekStart: z.string(),
  taskId: z.number().int(),
  courseId: z.number().int(),
  questions: z.number().int(),
  minutes: z.number().int(),
  /** notStarted: made, its attempt not begun; open: under way; submitted: its cards are graded. */
  status: z.enum(['notStarted', 'open', 'submitted']),
  attemptId: z.string().nullable(),
  scored: z.number().nullable(),
  total: z.number(),
});
export type Retest = z.infer<typeof RetestSchema>;

/** GET /notebook/v1/retest: this week's re-test, whether it can be started, and the past ones. */
export const RetestStatusSchema = z.object({
  /** The first day of this week and of the next (`WEEK_STARTS_ON`, Monday by default; India calendar): the re-test is weekly. */
  weekStart: z.string(),
  nextWeekStart: z.string(),
  /** Cards due by the end of today, and how many questions and minutes a re-test made now would have. */
  dueCards: z.number().int(),
  questions: z.number().int(),
  minutes: z.number().int(),
  /** Null when it can be started (or resumed: `current` is not yet submitted). */
  blockedBy: z.enum(RETEST_BLOCKS).nullable(),
  current: RetestSchema.nullable(),
  past: z.array(RetestSchema),
});
export type RetestStatus = z.infer<typeof RetestStatusSchema>;

/** POST /notebook/v1/retest/start: no fields; this week's re-test is made (or the one made is returned). */
export const StartRetestBodySchema = z.object({}).strict();
export type StartRetestBody = z.input<typeof StartRetestBodySchema>;

/** NOTEBOOK_RETEST_TAKEN's message for a week that starts on each day (the catalogue's is Monday's). */
export const RETEST_TAKEN_MESSAGES: Record<Weekday, LocalizedText> = {
  sunday: { en: 'You have taken this week’s re-test. The next one opens on Sunday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது ஞாயிற்றுக்கிழமை திறக்கும்.' },
  monday: { en: 'You have taken this week’s re-test. The next one opens on Monday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது திங்கள்கிழமை திறக்கும்.' },
  tuesday: { en: 'You have taken this week’s re-test. The next one opens on Tuesday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது செவ்வாய்க்கிழமை திறக்கும்.' },
  wednesday: { en: 'You have taken this week’s re-test. The next one opens on Wednesday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது புதன்கிழமை திறக்கும்.' },
  thursday: { en: 'You have taken this week’s re-test. The next one opens on Thursday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது வியாழக்கிழமை திறக்கும்.' },
  friday: { en: 'You have taken this week’s re-test. The next one opens on Friday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது வெள்ளிக்கிழமை திறக்கும்.' },
  saturday: { en: 'You have taken this week’s re-test. The next one opens on Saturday.', tn: 'இந்த வாரத்தின் மறுதேர்வை எழுதிவிட்டீர்கள். அடுத்தது சனிக்கிழமை திறக்கும்.' },
};

export const RETEST_ERRORS = defineErrors({
  NOTEBOOK_RETEST_NO_DUE_CARDS: {
    http: 409,
    message: {
      en: 'No cards are due for a re-test. Come back when your notebook has due cards.',
      tn: 'மறுதேர்வுக்கு நிலுவையில் அட்டைகள் இல்லை. உங்கள் குறிப்பேட்டில் நிலுவை அட்டைகள் வந்ததும் திரும்ப வாருங்கள்.',
    },
  },
  NOTEBOOK_RETEST_TAKEN: {
    http: 409,
    message: RETEST_TAKEN_MESSAGES.monday,
  },
  NOTEBOOK_RETEST_NO_COURSE: {
    http: 409,
    message: {
      en: 'The tests of your due cards are no longer open to you, so no re-test can be made.',
      tn: 'உங்கள் நிலுவை அட்டைகளின் தேர்வுகள் இனி உங்களுக்குத் திறந்திருக்கவில்லை; அதனால் மறுதேர்வை உருவாக்க முடியாது.',
    },
  },
});
