import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../common/constants.js';
import { idField, msg } from '../common/validation.js';
import { TestTypeSchema } from '../academy/shared/academy.schemas.js';
import { BlankValueSchema } from '../question-kinds/text/text.schemas.js';
import { ProgrammingAnswerSchema } from '../question-kinds/programming/programming.schemas.js';
import { OfficeResultSchema } from '../question-kinds/families/office-result.js';
import { NumericalKeySchema } from '../question-kinds/numerical/numerical.schemas.js';
import { MatchingKeySchema } from '../question-kinds/matching/matching.schemas.js';
import { OrderingKeySchema } from '../question-kinds/ordering/ordering.schemas.js';
import {
  ANSWER_STATUSES,
  LOCAL_STATE_MAX_CHARS,
  QUESTION_TYPES,
  SUPERVISE_MAX_MINUTES,
} from './exam.constants.js';
import { QUESTION_KINDS } from '../question-kinds/index.js';
import type { QuestionType } from '../question-kinds/question-kinds.constants.js';

/**
 * The exam player's calls (spec 001 §7). Field names are the spec's (§3).
 *
 * Answer keys (correctAnswerID, correctAnswerData, explanation, solution, hidden test cases)
 * appear ONLY in the schemas used after submission (FeedbackReport, in reports/) or for one practice question
 * that was answered or revealed (PracticeAnswer). The session schemas below do not declare them,
 * so the response serialiser drops them even if a bug put them on the object.
 */

// The fields other schemas share (a module of their own, so that the kinds' registry imported below can use them).
export { ContentTypeSchema, QuestionDisplayTypeSchema, QuestionTypeSchema, testSessionIdField } from './exam.fields.js';
import { ContentTypeSchema, QuestionDisplayTypeSchema, QuestionTypeSchema, testSessionIdField } from './exam.fields.js';

// ---------- Shared pieces ----------

export const AnswerOptionSchema = z.object({ answerID: z.number().int(), answerData: z.string() });
export type AnswerOption = z.infer<typeof AnswerOptionSchema>;

export { BlankValueSchema, type BlankValue } from '../question-kinds/text/text.schemas.js';

export {
  QuestionDetailsSchema,
  SampleInputOutputSchema,
  type QuestionDetails,
} from '../question-kinds/programming/programming.schemas.js';

export { ProgrammingAnswerSchema } from '../question-kinds/programming/programming.schemas.js';
export { OfficeResultSchema } from '../question-kinds/families/office-result.js';

/**
 * answerID: an option id (single choice, video, image), option ids (multiple choice), or any
 * non-null marker once a blank, text or program is entered; null means not answered (Clear).
 */
export const AnswerIdSchema = z
  .union([z.number().int(), z.array(z.number().int()).max(50), z.string().max(100)])
  .nullable();
/**
 * answerData: blanks as [{ id, value }]; comprehensive as text; programming as the program;
 * office as the run result; null for choice questions.
 */
export const AnswerDataSchema = z
  .union([
    z.array(BlankValueSchema).max(50),
    z.string().max(20_000),
    ProgrammingAnswerSchema,
    OfficeResultSchema,
  ])
  .nullable();

/**
 * One question as the player sees it during an attempt. It declares no answer key.
 * answerID/answerData/timeSpent/seq are the student's own saved answer (the latest confirmed).
 */
/** A question's text in one language: the player switches between them per question. */
export const QuestionTextVariantSchema = z.object({
  language: z.enum(SUPPORTED_LANGUAGES),
  questionTitle: z.string(),
  questionData: z.string(),
  answerTitle: z.string().nullable(),
  /** The options' texts (the same answerIDs in every language). */
  answer: z.array(AnswerOptionSchema),
  /** Practice only; null in a graded test. */
  hint: z.string().nullable(),
  instructions: z.string().nullable(),
});
export type QuestionTextVariant = z.infer<typeof QuestionTextVariantSchema>;

/** Every question's fields as the player receives it; each kind adds its own (its `playerSchema`). */
export const SessionQuestionBaseSchema = z.object({
  questionID: z.number().int(),
  questionTaskMapID: z.number().int(),
  contentType: ContentTypeSchema,
  questionTitle: z.string(),
  /** Text with one {0} marker per blank for fill-in-the-blank. */
  questionData: z.string(),
  /** Picture or video address for image and video questions. */
  mediaUrl: z.string().nullable(),
  answerTitle: z.string().nullable(),
  marks: z.number(),
  negativeMarks: z.number(),
  /** The options of a choice question (the items of a matching or ordering one). */
  answer: z.array(AnswerOptionSchema),
  /** Practice only; null in a graded test. */
  hint: z.string().nullable(),
  instructions: z.string().nullable(),
  allowsPartialCredit: z.boolean(),
  answerID: AnswerIdSchema,
  answerData: AnswerDataSchema,
  timeSpent: z.number().int(),
  isMarked: z.boolean(),
  /** Practice: the answer was revealed (fetch it with revealAnswer). */
  isShowAnswer: z.boolean(),
  /** The sequence number of the saved answer the server holds (0 when none). */
  seq: z.number().int(),
  /**
   * This attempt's order of the options (a kind that shuffles its items per attempt, as ordering
   * does): their ids; `mergeSessionContent` lists the options in it. Absent: the content's order.
   */
  itemOrder: z.array(z.number().int()).max(50).optional(),
  /** The language of the text above: the question's default. */
  language: z.enum(SUPPORTED_LANGUAGES),
  /** The question's text in each language it has, the one above included. */
  languages: z.array(QuestionTextVariantSchema),
});

export type SessionQuestionBase = z.infer<typeof SessionQuestionBaseSchema>;

type BaseShape = typeof SessionQuestionBaseSchema.shape;
/** A kind's own fields of the session question, from its contract (`playerSchema`). */
type KindPlayerShape<K extends QuestionType> = (typeof QUESTION_KINDS)[K]['playerSchema']['shape'] extends infer S extends z.core.$ZodShape ? S : never;
type SessionQuestionVariant<K extends QuestionType> = z.ZodObject<BaseShape & { questionType: z.ZodLiteral<K> } & KindPlayerShape<K>>;
type ContentQuestionVariant<K extends QuestionType> = z.ZodObject<Omit<BaseShape, keyof typeof STUDENT_QUESTION_FIELDS> & { questionType: z.ZodLiteral<K> } & KindPlayerShape<K>>;

/** The session question of one kind: every question's fields, its kind, and the kind's own fields. */
function sessionQuestionOf<K extends QuestionType>(type: K): SessionQuestionVariant<K> {
  return SessionQuestionBaseSchema.extend({ questionType: z.literal(type), ...QUESTION_KINDS[type].playerSchema.shape }) as SessionQuestionVariant<K>;
}

/** The same without the student's state: the test's content, one for every student. */
function contentQuestionOf<K extends QuestionType>(type: K): ContentQuestionVariant<K> {
  return sessionQuestionOf(type).omit(STUDENT_QUESTION_FIELDS) as unknown as ContentQuestionVariant<K>;
}

/** One schema per kind, in the registry's order (`QUESTION_TYPES`), each typed with its own kind's fields. */
type SessionVariants<T extends readonly QuestionType[]> = { -readonly [I in keyof T]: T[I] extends QuestionType ? SessionQuestionVariant<T[I]> : never };
type ContentVariants<T extends readonly QuestionType[]> = { -readonly [I in keyof T]: T[I] extends QuestionType ? ContentQuestionVariant<T[I]> : never };

/**
 * One question as the player sees it during an attempt: a union on the kind (`questionType`),
 * each kind with its own fields only (blanks, a line limit, a program's settings, a start file).
 * It declares no answer key. answerID/answerData/timeSpent/seq are the student's own saved
 * answer (the latest confirmed).
 */
export const SessionQuestionSchema = z.discriminatedUnion('questionType', QUESTION_TYPES.map(sessionQuestionOf) as unknown as SessionVariants<typeof QUESTION_TYPES>);
export type SessionQuestion = z.infer<typeof SessionQuestionSchema>;
/** The session question of one kind. */
export type SessionQuestionOf<K extends QuestionType> = Extract<SessionQuestion, { questionType: K }>;

type OwnFields<Q> = Q extends unknown ? Omit<Q, keyof SessionQuestionBase | 'questionType'> : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/**
 * Every kind's own fields together: what a builder of a question of any kind may fill (the server's
 * view, the editor's preview) before the union on the kind keeps only the question's own kind's.
 */
export type SessionQuestionKindFields = Intersection<OwnFields<SessionQuestion>>;


export const SessionSectionSchema = z.object({
  sectionIndex: z.number().int(),
  sectionName: z.string(),
  /** Seconds; 0 when the section is not timed. */
  sectionDuration: z.number().int(),
  /** Seconds left in this section (server time); null when not timed. */
  sectionTimeRemaining: z.number().int().nullable(),
  sectionWiseTimer: z.boolean(),
  totalQuestions: z.number().int(),
  isActiveSection: z.boolean(),
  isSectionCompleted: z.boolean(),
  question: z.array(SessionQuestionSchema),
});
export type SessionSection = z.infer<typeof SessionSectionSchema>;

/** Task behaviour flags (spec 001 §3 Exam and Task). */
export const TaskSettingsSchema = z.object({
  taskID: z.number().int(),
  courseID: z.number().int(),
  TaskName: z.string(),
  type: TestTypeSchema,
  QuestionDisplayType: QuestionDisplayTypeSchema,
  shuffle: z.boolean(),
  sectionWiseTimer: z.boolean(),
  /** 1 allows free navigation (Previous). */
  questionSwitch: z.number().int(),
  mandatory: z.boolean(),
  IsSectionNavigationAllowed: z.boolean(),
  IsEditorAllowed: z.boolean(),
  IsCameraAllowed: z.boolean(),
  /** 0 enables tab-away monitoring (spec 001 §6). */
  IsTabAlertAllowed: z.number().int(),
  Warnings: z.number().int(),
  ScoreVisible: z.boolean(),
  /** The English version of a question is final where the Tamil one differs (the player says so). */
  englishAuthoritative: z.boolean().default(true),
  /** Minutes between partial autosaves. */
  partialSubmit: z.number().int(),
});
export type TaskSettings = z.infer<typeof TaskSettingsSchema>;

/** The whole attempt for the player: practise and getSessionDetails answer with it. */
export const ExamSessionSchema = TaskSettingsSchema.extend({
  TestSessionID: z.string(),
  status: z.enum(['open', 'submitted']),
  /** Seconds. */
  totalDuration: z.number().int(),
  /** Seconds left, from the server's deadline. */
  RemainingTime: z.number().int(),
  /** Seconds since the start. */
  timeSpent: z.number().int(),
  /** Start (ISO). */
  date: z.string(),
  /** Deadline (ISO). */
  expiryDate: z.string(),
  /** Server time (ISO) the remaining times were computed at. */
  CurrentDate: z.string(),
  tabChangeWarnings: z.number().int(),
  localState: z.unknown().nullable(),
  section: z.array(SessionSectionSchema),
});
export type ExamSession = z.infer<typeof ExamSessionSchema>;

// ---------- The test's content, apart from the student's state (decision 035) ----------

/** What each student has of their own on a question: their saved answer and its marks. */
export const STUDENT_QUESTION_FIELDS = {
  answerID: true,
  answerData: true,
  timeSpent: true,
  isMarked: true,
  isShowAnswer: true,
  seq: true,
  itemOrder: true,
} as const;

/** A question's content as every student of a served set sees it: the session question without the student's state. */
export const ContentQuestionSchema = z.discriminatedUnion('questionType', QUESTION_TYPES.map(contentQuestionOf) as unknown as ContentVariants<typeof QUESTION_TYPES>);
export type ContentQuestion = z.infer<typeof ContentQuestionSchema>;

/** A question in a session whose content is in the test's content resource: its ids and the student's state only. */
export const SessionQuestionStateSchema = SessionQuestionBaseSchema.pick({ questionID: true, questionTaskMapID: true, ...STUDENT_QUESTION_FIELDS });
export type SessionQuestionState = z.infer<typeof SessionQuestionStateSchema>;

/** A content reference: the served set's id and a hash of the content (the reference changes whenever the content does). */
export const CONTENT_KEY_PATTERN = /^[1-9]\d{0,9}-[A-Za-z0-9_-]{16,64}$/;

/**
 * The questions of one served set (the versions a wave of starts is served), the same for every
 * student holding an attempt on it: texts in every language, options, media, marks. Immutable
 * for its key; the player fetches it once (HTTP cache, compressed) and merges it with the session.
 */
export const ExamContentSchema = z.object({
  contentKey: z.string(),
  sections: z.array(z.object({ sectionIndex: z.number().int(), sectionName: z.string(), questionTaskMapIDs: z.array(z.number().int()) })),
  questions: z.array(ContentQuestionSchema),
});
export type ExamContent = z.infer<typeof ExamContentSchema>;

export const ExamContentQuerySchema = z.object({
  key: z.string(msg('contentKeyInvalid')).trim().regex(CONTENT_KEY_PATTERN, msg('contentKeyInvalid')),
});
export type ExamContentQuery = z.input<typeof ExamContentQuerySchema>;

/**
 * The session as practise and getSessionDetails send it: the questions of the test's served set
 * carry only their ids and the student's state, their content is at `contentKey` (ExamContent);
 * drawn questions (random per attempt) and attempts without a served set come whole, as before.
 * `mergeSessionContent` gives back the full ExamSession.
 */
export const StudentSessionSchema = ExamSessionSchema.extend({
  /** The content resource of this attempt's served set; null when every question is in the session. */
  contentKey: z.string().nullable(),
  section: z.array(
    SessionSectionSchema.extend({ question: z.array(z.union([SessionQuestionSchema, SessionQuestionStateSchema])) }),
  ),
});
export type StudentSession = z.infer<typeof StudentSessionSchema>;

/** Spec 001 §3 Test result. scored is null when the task hides scores. */
export const TestResultSchema = z.object({
  ScoreVisible: z.boolean(),
  TaskName: z.string(),
  scored: z.number().nullable(),
  total: z.number(),
  courseID: z.number().int(),
  taskID: z.number().int(),
  analyticsID: z.string().nullable(),
  attemptId: z.string(),
  /** Some answers wait for a teacher's mark; scored will change. */
  pendingEvaluation: z.boolean(),
  submittedAt: z.string(),
  /** submitted by the student, or auto when time ran out / tab warnings were used up; paper = an answer sheet read and published by staff. */
  submitReason: z.enum(['student', 'timeout', 'warnings', 'staff', 'paper']),
  /**
   * Present (true) when the submit was accepted but not yet scored, as the end of an exam queues
   * the closes: the answers are saved; the same submit sent again answers with the score once ready.
   */
  isBeingScored: z.literal(true).optional(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

// ---------- GET /task/v1/isAnyActiveTestSession ----------

export const ActiveTestSessionSchema = z.object({
  TestSessionID: z.string().nullable(),
  TaskID: z.number().int().nullable(),
  CourseID: z.number().int().nullable(),
  TaskName: z.string().nullable(),
  type: TestTypeSchema.nullable(),
  RemainingTime: z.number().int().nullable(),
});
export type ActiveTestSession = z.infer<typeof ActiveTestSessionSchema>;

// ---------- POST /task/v1/checkSession ----------

export const CheckSessionBodySchema = z.object({ TestSessionID: testSessionIdField });
export type CheckSessionBody = z.input<typeof CheckSessionBodySchema>;

export const SessionSectionTimeSchema = z.object({
  sectionIndex: z.number().int(),
  sectionName: z.string(),
  /** Seconds; null when the section is not timed. */
  RemainingTime: z.number().int().nullable(),
  active: z.boolean(),
  isSectionCompleted: z.boolean(),
});

export const CheckSessionResultSchema = z.object({
  TestSessionID: z.string(),
  /** False once the attempt is submitted (also by the sweeper); testResult is then set. */
  isValid: z.boolean(),
  RemainingTime: z.number().int(),
  Section: z.array(SessionSectionTimeSchema),
  CurrentDate: z.string(),
  testResult: TestResultSchema.nullable(),
});
export type CheckSessionResult = z.infer<typeof CheckSessionResultSchema>;

// ---------- POST /task/v1/getSessionDetails ----------

export const GetSessionDetailsBodySchema = z.object({ TestSessionID: testSessionIdField, taskID: idField });
export type GetSessionDetailsBody = z.input<typeof GetSessionDetailsBodySchema>;

// ---------- POST /task/v1/practise (start or resume an attempt) ----------

export const PractiseBodySchema = z.object({
  taskID: idField,
  courseID: idField,
  /** The spec sends 1 for practice; kept for compatibility. */
  languageID: z.coerce.number().int().min(0).max(100).optional(),
});
export type PractiseBody = z.input<typeof PractiseBodySchema>;

// ---------- POST /task/v1/saveSessionDetails ----------

export const SaveSessionDetailsBodySchema = z.object({
  TestSessionID: testSessionIdField,
  localState: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || JSON.stringify(value).length <= LOCAL_STATE_MAX_CHARS, msg('localStateTooLarge')),
  tabChangeWarnings: z.coerce.number().int().min(0).max(1000).optional(),
});
export type SaveSessionDetailsBody = z.input<typeof SaveSessionDetailsBodySchema>;

export const SaveSessionDetailsResultSchema = z.object({
  TestSessionID: z.string(),
  tabChangeWarnings: z.number().int(),
  /** Set when the warnings were used up and the attempt was submitted. */
  testResult: TestResultSchema.nullable(),
});
export type SaveSessionDetailsResult = z.infer<typeof SaveSessionDetailsResultSchema>;

// ---------- POST /task/v1/completeSection ----------

export const CompleteSectionBodySchema = z.object({
  TestSessionID: testSessionIdField,
  sectionIndex: z.coerce.number().int().min(0).max(100),
});
export type CompleteSectionBody = z.input<typeof CompleteSectionBodySchema>;

// ---------- POST /task/v1/instruction ----------

export const InstructionBodySchema = z.object({
  instructionType: z.coerce.number().int().min(1).max(10).default(1),
  courseID: idField,
  taskID: idField,
});
export type InstructionBody = z.input<typeof InstructionBodySchema>;

export const InstructionResultSchema = z.object({
  /** Sanitised HTML. */
  instructionData: z.string(),
  TaskName: z.string(),
  type: TestTypeSchema,
  totalDuration: z.number().int(),
  totalQuestions: z.number().int(),
  totalMarks: z.number(),
  sections: z.array(
    z.object({
      sectionName: z.string(),
      totalQuestions: z.number().int(),
      sectionDuration: z.number().int(),
      totalMarks: z.number(),
      /** The section's marking scheme: each distinct mark for a right answer and for a wrong one, with how many questions carry it. */
      marking: z
        .array(
          z.object({
            marks: z.number(),
            negativeMarks: z.number(),
            questions: z.number().int(),
            /** Multiple-correct questions marked as in JEE Advanced (+1 per right option when no wrong one). */
            scheme: z.literal('jee-advanced').optional(),
          }),
        )
        .optional(),
    }),
  ),
  IsCameraAllowed: z.boolean(),
  IsTabAlertAllowed: z.number().int(),
  Warnings: z.number().int(),
  sectionWiseTimer: z.boolean(),
});
export type InstructionResult = z.infer<typeof InstructionResultSchema>;

// ---------- POST /task/v1/saveAnswer ----------

export const InactivePeriodSchema = z.object({
  start: z.union([z.number(), z.string().max(40)]),
  end: z.union([z.number(), z.string().max(40)]).nullable(),
});

export const SaveAnswerItemSchema = z.object({
  questionTaskMapID: idField,
  questionType: QuestionTypeSchema,
  answerID: AnswerIdSchema,
  answerData: AnswerDataSchema.optional(),
  /** Seconds spent on this question so far (cumulative); the server keeps the largest. */
  timeSpent: z.coerce.number().int().min(0).max(86_400).default(0),
  /** The client's sequence number for this question's answer; an older one never wins. */
  seq: z.coerce.number(msg('seqRequired')).int(msg('seqRequired')).min(0, msg('seqRequired')).max(2_147_483_647, msg('seqRequired')),
  isMarked: z.boolean().optional(),
});
/** One answer as a client builds it and the server reads it: ids and seq are numbers. */
export type SaveAnswerItem = z.infer<typeof SaveAnswerItemSchema>;

export const SaveAnswerBodySchema = z.object({
  data: z.array(SaveAnswerItemSchema).min(1, msg('answersRequired')).max(300, msg('answersRequired')),
  courseID: idField.optional(),
  isPartialSubmit: z.boolean().optional(),
  screenInactive: z.union([z.number().int().min(0), z.array(InactivePeriodSchema).max(200)]).optional(),
  TestSessionID: testSessionIdField,
  localState: z.unknown().optional(),
});
export type SaveAnswerBody = z.input<typeof SaveAnswerBodySchema>;

export const SavedAnswerAckSchema = z.object({
  questionTaskMapID: z.number().int(),
  /** The seq the server now holds for this question. */
  seq: z.number().int(),
  /** False when a newer save was already held (this one was older and changed nothing). */
  applied: z.boolean(),
});

export const SaveAnswerResultSchema = z.object({
  TestSessionID: z.string(),
  RemainingTime: z.number().int(),
  saved: z.array(SavedAnswerAckSchema),
});
export type SaveAnswerResult = z.infer<typeof SaveAnswerResultSchema>;

// ---------- POST /task/v1/submitTest ----------

export const SubmitTestBodySchema = z.object({
  TestSessionID: testSessionIdField,
  TaskID: idField,
  analyticsID: z.string().max(100).nullable().optional(),
  isPartialSubmit: z.literal(false).optional(),
  /** Answers not yet confirmed, saved with the same rules before scoring. */
  data: z.array(SaveAnswerItemSchema).max(300).optional(),
});
export type SubmitTestBody = z.input<typeof SubmitTestBodySchema>;

// ---------- POST /task/v1/revealAnswer (practice only) ----------

export const RevealAnswerBodySchema = z.object({ TestSessionID: testSessionIdField, questionTaskMapID: idField });
export type RevealAnswerBody = z.input<typeof RevealAnswerBodySchema>;

/** The key of one practice question, given only once it was answered or revealed. */
export const PracticeAnswerSchema = z.object({
  questionTaskMapID: z.number().int(),
  questionID: z.number().int(),
  questionType: QuestionTypeSchema,
  correctAnswerID: z.union([z.number().int(), z.array(z.number().int())]).nullable(),
  correctAnswerData: z.union([z.array(BlankValueSchema), z.string(), NumericalKeySchema, MatchingKeySchema, OrderingKeySchema]).nullable(),
  explanation: z.string().nullable(),
  /** Reference program or solution file address. */
  solution: z.string().nullable(),
  /** Null when the answer needs a teacher or an evaluation. */
  isCorrect: z.boolean().nullable(),
  marksAwarded: z.number().nullable(),
});
export type PracticeAnswer = z.infer<typeof PracticeAnswerSchema>;

// ---------- POST /task/v1/reportQuestion ----------

export const ReportQuestionBodySchema = z.object({
  questionTaskMapID: idField,
  message: z
    .string(msg('reportReasonRequired'))
    .trim()
    .min(1, msg('reportReasonRequired'))
    .max(2000, msg('reportReasonTooLong')),
  TestSessionID: testSessionIdField.optional(),
});
export type ReportQuestionBody = z.input<typeof ReportQuestionBodySchema>;

export const ReportQuestionResultSchema = z.object({ reportId: z.number().int() });

/** How one answer was scored (set at submit). */
export const AnswerStatusSchema = z.enum(ANSWER_STATUSES);
export type AnswerStatus = z.infer<typeof AnswerStatusSchema>;

// ---------- Staff: the live exam room ----------


export const SupervisedTestSchema = z.object({
  taskId: z.number().int(),
  TaskName: z.string(),
  durationMinutes: z.number().int().nullable(),
  isCameraAllowed: z.boolean(),
  /** Attempts of students in reach still running on the server's clock. */
  runningAttempts: z.number().int(),
  submittedAttempts: z.number().int(),
  lastStartedAt: z.string().nullable(),
});
export type SupervisedTest = z.infer<typeof SupervisedTestSchema>;
export const ListSupervisedTestsResultSchema = z.array(SupervisedTestSchema);

export const LiveRoomQuerySchema = z.object({ taskId: idField });
export type LiveRoomQuery = z.input<typeof LiveRoomQuerySchema>;

export const LIVE_ATTEMPT_STATES = ['notStarted', 'running', 'submitted'] as const;
export const LiveStudentSchema = z.object({
  userId: z.number().int(),
  studentName: z.string(),
  attemptId: z.string().nullable(),
  state: z.enum(LIVE_ATTEMPT_STATES),
  startedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  /** On the server's clock; 0 once the attempt is over. */
  remainingSeconds: z.number().int(),
  activeSectionIndex: z.number().int().nullable(),
  answeredCount: z.number().int(),
  /** The last save or clock sync the server saw from the student's player. */
  lastSeenAt: z.string().nullable(),
  tabChangeWarnings: z.number().int(),
  submittedAt: z.string().nullable(),
  submitReason: z.string().nullable(),
});
export type LiveStudent = z.infer<typeof LiveStudentSchema>;
export const LiveRoomSchema = z.object({
  taskId: z.number().int(),
  TaskName: z.string(),
  serverNow: z.string(),
  durationMinutes: z.number().int().nullable(),
  sectionWiseTimer: z.boolean(),
  isCameraAllowed: z.boolean(),
  questionCount: z.number().int(),
  students: z.array(LiveStudentSchema),
});
export type LiveRoom = z.infer<typeof LiveRoomSchema>;

const superviseReasonField = z.string(msg('superviseReasonRequired')).trim().min(1, msg('superviseReasonRequired')).max(500, msg('superviseReasonRequired'));
const superviseMinutesField = z.coerce
  .number(msg('superviseMinutesInvalid'))
  .int(msg('superviseMinutesInvalid'))
  .min(1, msg('superviseMinutesInvalid'))
  .max(SUPERVISE_MAX_MINUTES, msg('superviseMinutesInvalid'));

export const ExtendTimeBodySchema = z.object({ attemptId: testSessionIdField, minutes: superviseMinutesField, reason: superviseReasonField });
export type ExtendTimeBody = z.input<typeof ExtendTimeBodySchema>;
export const ReopenAttemptBodySchema = z.object({ attemptId: testSessionIdField, minutes: superviseMinutesField, reason: superviseReasonField });
export type ReopenAttemptBody = z.input<typeof ReopenAttemptBodySchema>;
export const ForceSubmitBodySchema = z.object({ attemptId: testSessionIdField, reason: superviseReasonField });
export type ForceSubmitBody = z.input<typeof ForceSubmitBodySchema>;
/** An attempt after a supervisor's action. */
export const SupervisedAttemptSchema = z.object({
  attemptId: z.string(),
  status: z.enum(['open', 'submitted']),
  deadlineAt: z.string(),
  remainingSeconds: z.number().int(),
  activeSectionDeadlineAt: z.string().nullable(),
});
export type SupervisedAttempt = z.infer<typeof SupervisedAttemptSchema>;
