import { z } from 'zod';
import { PROGRAMMING_LANGUAGES, SUPPORTED_LANGUAGES } from '../common/constants.js';
import { idField, msg } from '../common/validation.js';
import { RUN_VERDICTS } from '../runner/runner.constants.js';
import { ContentTypeSchema, QuestionTypeSchema } from '../exam/exam.schemas.js';
import { ProgrammingSettingsSchema, TestCaseSchema } from '../question-kinds/programming/programming.schemas.js';
import { BlankKeySchema } from '../question-kinds/text/text.schemas.js';
import {
  DIFFICULTIES,
  QUESTION_EXPORT_FORMATS,
  QUESTION_EXPORT_MAX_ITEMS,
  QUESTION_IMPORT_FORMATS,
  QUESTION_IMPORT_MODES,
  QUESTION_LIST_PAGE_SIZE_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_TEXT_OPTIONS_MAX,
  QUESTION_OWNER_KINDS,
  QUESTION_TAGS_MAX,
  QUESTION_TEMPLATE_FORMATS,
  QUESTION_TOPICS_MAX,
  QUESTION_USAGE_FILTERS,
} from './question-bank.constants.js';

/**
 * Authoring schemas of the question bank, for staff only. They carry the KEY (correct answers,
 * blanks, model answers, solutions, hidden test cases, explanations) and must never be the
 * response of a route a student, parent or institution may call; the player's key-free shapes
 * are in exam.schemas.ts (a contract test walks every route to keep it so).
 */

export const DifficultySchema = z.enum(DIFFICULTIES);
export const QuestionUsageFilterSchema = z.enum(QUESTION_USAGE_FILTERS);
export const QuestionLanguageSchema = z.enum(SUPPORTED_LANGUAGES);
export const QuestionOwnerKindSchema = z.enum(QUESTION_OWNER_KINDS);

const optionalText = (max: number) => z.string().max(max).nullable();

// ---------- Inputs ----------

export const QuestionOptionInputSchema = z.object({
  answerID: z.number().int().min(1).max(1000),
  answerData: z.string().trim().min(1, msg('questionOptionsInvalid')).max(2000),
});

/** One language variant of a version: statement, options, hint, instructions and explanation. */
export const QuestionTextInputSchema = z.object({
  title: z.string().trim().max(500).optional(),
  /** The statement; fill-in-the-blank text carries one {0} marker per blank. */
  data: z.string(msg('questionStatementRequired')).trim().min(1, msg('questionStatementRequired')).max(20_000),
  answerTitle: optionalText(500).optional(),
  options: z.array(QuestionOptionInputSchema).max(QUESTION_TEXT_OPTIONS_MAX, msg('questionOptionsInvalid')).optional(),
  hint: optionalText(2000).optional(),
  instructions: optionalText(5000).optional(),
  explanation: optionalText(20_000).optional(),
});
export type QuestionTextInput = z.output<typeof QuestionTextInputSchema>;

/** A blank of the key, in order: the n-th {0} marker's answer. */
export const BlankKeyInputSchema = z.object({
  value: z.string().trim().min(1, msg('questionBlanksMismatch')).max(500),
  alternatives: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
  tolerance: z.number().min(0).max(1e9).optional(),
});

import { NumericalKeySchema } from '../question-kinds/numerical/numerical.schemas.js';
import { MatchingKeySchema } from '../question-kinds/matching/matching.schemas.js';
import { OrderingKeyInputSchema, OrderingKeySchema } from '../question-kinds/ordering/ordering.schemas.js';
import { MULTIPLE_CHOICE_MARKINGS } from '../question-kinds/multiple-choice/multiple-choice.marking.js';
export { ProgrammingSettingsSchema, TestCaseSchema } from '../question-kinds/programming/programming.schemas.js';

export const CorrectAnswerIdSchema = z.union([z.number().int(), z.array(z.number().int()).max(QUESTION_OPTIONS_MAX)]).nullable();

/**
 * The versioned content and key. Every field is optional here: create fills defaults, update
 * keeps the current version's value for a field it does not send.
 */
export const QuestionContentInputSchema = z.object({
  contentType: ContentTypeSchema.optional(),
  /** Picture or video address (a data: URL is accepted for small pictures). */
  mediaUrl: optionalText(500_000).optional(),
  defaultLanguage: QuestionLanguageSchema.optional(),
  marks: z.number(msg('marksInvalid')).min(0, msg('marksInvalid')).max(1000, msg('marksInvalid')).optional(),
  negativeMarks: z.number(msg('marksInvalid')).min(0, msg('marksInvalid')).max(1000, msg('marksInvalid')).optional(),
  allowsPartialCredit: z.boolean().optional(),
  numericTolerance: z.number().min(0).max(1e9).nullable().optional(),
  lineNumber: z.number().int().min(1).max(500).nullable().optional(),
  programming: ProgrammingSettingsSchema.nullable().optional(),
  sampleCases: z.array(TestCaseSchema).max(20).optional(),
  startFileUrl: optionalText(2000).optional(),
  /** A multiple-correct question's marking (null: standard), decision 052. */
  marking: z.enum(MULTIPLE_CHOICE_MARKINGS, msg('questionSettingsInvalid')).nullable().optional(),
  correctAnswerId: CorrectAnswerIdSchema.optional(),
  /** Blanks in order, or a model answer for a written question. */
  correctAnswerData: z.union([z.array(BlankKeyInputSchema).max(50), z.string().max(20_000), NumericalKeySchema, MatchingKeySchema, OrderingKeyInputSchema]).nullable().optional(),
  solution: optionalText(100_000).optional(),
  /** How a written answer is marked: what earns the marks (staff only). */
  rubric: optionalText(20_000).optional(),
  hiddenCases: z.array(TestCaseSchema).max(100).optional(),
});
export type QuestionContentInput = z.output<typeof QuestionContentInputSchema>;

const tagField = z.string(msg('questionTagInvalid')).trim().min(1, msg('questionTagInvalid')).max(60, msg('questionTagInvalid'));

const ClassificationInputSchema = z.object({
  difficulty: DifficultySchema.optional(),
  topicIds: z.array(idField).max(QUESTION_TOPICS_MAX).optional(),
  tags: z.array(tagField).max(QUESTION_TAGS_MAX).optional(),
});

// ---------- POST /question-bank/v1/create ----------

export const CreateQuestionBodySchema = QuestionContentInputSchema.extend(ClassificationInputSchema.shape).extend({
  questionType: QuestionTypeSchema,
  /** institute (the author's) by default; client needs a client administrator. */
  owner: QuestionOwnerKindSchema.optional(),
  texts: z.object({ en: QuestionTextInputSchema.optional(), tn: QuestionTextInputSchema.optional() }),
  changeNote: z.string().trim().max(500).optional(),
});
export type CreateQuestionBody = z.input<typeof CreateQuestionBodySchema>;

// ---------- POST /question-bank/v1/update ----------

/**
 * A change of content or key adds a version; a change of classification (difficulty, topics,
 * tags) does not. expectedVersion is the version the editor started from: a newer one answers 409.
 */
export const UpdateQuestionBodySchema = QuestionContentInputSchema.extend(ClassificationInputSchema.shape).extend({
  questionId: idField,
  expectedVersion: z.number().int().min(1),
  /** A variant replaces that language's text; null removes it (never the default language's). */
  texts: z.object({ en: QuestionTextInputSchema.nullable().optional(), tn: QuestionTextInputSchema.nullable().optional() }).optional(),
  changeNote: z.string().trim().max(500).optional(),
});
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBodySchema>;

// ---------- Outputs (staff only: they carry the key) ----------

export const QuestionOwnerSchema = z.object({
  kind: QuestionOwnerKindSchema,
  instituteId: z.number().int().nullable(),
  clientId: z.string(),
});

export const QuestionTopicRefSchema = z.object({ topicId: z.number().int(), courseId: z.number().int(), name: z.string() });

export const QuestionTextSchema = z.object({
  title: z.string(),
  data: z.string(),
  answerTitle: z.string().nullable(),
  options: z.array(z.object({ answerID: z.number().int(), answerData: z.string() })),
  hint: z.string().nullable(),
  instructions: z.string().nullable(),
  explanation: z.string().nullable(),
});

export { BlankKeySchema } from '../question-kinds/text/text.schemas.js';

export const QuestionVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  changeNote: z.string().nullable(),
  contentType: ContentTypeSchema,
  mediaUrl: z.string().nullable(),
  defaultLanguage: QuestionLanguageSchema,
  marks: z.number(),
  negativeMarks: z.number(),
  allowsPartialCredit: z.boolean(),
  numericTolerance: z.number().nullable(),
  lineNumber: z.number().int().nullable(),
  programming: ProgrammingSettingsSchema.nullable(),
  sampleCases: z.array(TestCaseSchema),
  startFileUrl: z.string().nullable(),
  /** A multiple-correct question's marking; null for other kinds (absent from older servers' answers). */
  marking: z.enum(MULTIPLE_CHOICE_MARKINGS).nullable().optional(),
  correctAnswerId: CorrectAnswerIdSchema,
  correctAnswerData: z.union([z.array(BlankKeySchema), z.string(), NumericalKeySchema, MatchingKeySchema, OrderingKeySchema]).nullable(),
  solution: z.string().nullable(),
  rubric: z.string().nullable(),
  hiddenCases: z.array(TestCaseSchema),
  texts: z.object({ en: QuestionTextSchema.optional(), tn: QuestionTextSchema.optional() }),
});
export type QuestionVersion = z.infer<typeof QuestionVersionSchema>;

export const QuestionVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  changeNote: z.string().nullable(),
});

/** One question for its author: classification, the requested (or current) version, the history. */
export const AuthoringQuestionSchema = z.object({
  questionId: z.number().int(),
  questionType: QuestionTypeSchema,
  difficulty: DifficultySchema,
  owner: QuestionOwnerSchema,
  topics: z.array(QuestionTopicRefSchema),
  tags: z.array(z.string()),
  currentVersion: z.number().int(),
  /** True when the author may change it (client-owned questions: client administrators). */
  isEditable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: QuestionVersionSchema,
  versions: z.array(QuestionVersionSummarySchema),
});
export type AuthoringQuestion = z.infer<typeof AuthoringQuestionSchema>;

// ---------- GET /question-bank/v1/get ----------

export const GetQuestionQuerySchema = z.object({
  questionId: idField,
  /** A past version; the current one when left out. */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

// ---------- GET /question-bank/v1/list ----------

export const ListQuestionsQuerySchema = z.object({
  topicId: idField.optional(),
  tag: tagField.optional(),
  questionType: QuestionTypeSchema.optional(),
  difficulty: DifficultySchema.optional(),
  /** Questions that have a variant in this language. */
  language: QuestionLanguageSchema.optional(),
  owner: QuestionOwnerKindSchema.optional(),
  /** Words of the statement or title (any language). */
  search: z.string().trim().min(1).max(200).optional(),
  /** Questions placed in at least one test (used) or in none (unused). */
  usedIn: QuestionUsageFilterSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUESTION_LIST_PAGE_SIZE_MAX).default(20),
});
export type ListQuestionsQuery = z.input<typeof ListQuestionsQuerySchema>;

/** A row of the bank's list: no key, only what finding a question needs. */
export const QuestionSummarySchema = z.object({
  questionId: z.number().int(),
  questionType: QuestionTypeSchema,
  difficulty: DifficultySchema,
  owner: QuestionOwnerSchema,
  topics: z.array(QuestionTopicRefSchema),
  tags: z.array(z.string()),
  currentVersion: z.number().int(),
  languages: z.array(QuestionLanguageSchema),
  title: z.string(),
  /** The statement in the default language, cut to 200 characters. */
  preview: z.string(),
  marks: z.number(),
  /** What a wrong answer costs, as the question's current version says (a test may set its own). */
  negativeMarks: z.number(),
  updatedAt: z.string(),
  /** The tests (tasks) the question is placed in. */
  usedIn: z.array(z.object({ taskId: z.number().int(), courseId: z.number().int(), name: z.string() })),
});
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

export const ListQuestionsResultSchema = z.object({
  items: z.array(QuestionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListQuestionsResult = z.infer<typeof ListQuestionsResultSchema>;

// ---------- POST /question-bank/v1/regrade ----------

export const RegradeBodySchema = z.object({
  questionId: idField,
  /** Only attempts served this version; every older version when left out. */
  fromVersion: z.number().int().min(1).optional(),
  /** Score the attempts again without saving: what a regrade would change (nothing is written or logged). */
  dryRun: z.boolean().optional(),
});
export type RegradeBody = z.input<typeof RegradeBodySchema>;

export const RegradedAttemptSchema = z.object({
  attemptId: z.string(),
  userId: z.number().int(),
  fromVersion: z.number().int(),
  oldScored: z.number().nullable(),
  newScored: z.number().nullable(),
});

export const RegradeResultSchema = z.object({
  /** Null when nothing was changed or logged: a dry run, or no submitted attempt was served an older version. */
  regradeId: z.number().int().nullable(),
  questionId: z.number().int(),
  toVersion: z.number().int(),
  /** The attempts of students the caller reaches (the only ones a regrade re-scores). */
  attempts: z.array(RegradedAttemptSchema),
  /**
   * How many submitted attempts served an older version belong to students the caller does not
   * reach: left as they are (staff who reach them, or a client administrator, regrade them), and
   * only counted, never named.
   */
  outsideReach: z.number().int(),
});
export type RegradeResult = z.infer<typeof RegradeResultSchema>;

// ---------- GET /question-bank/v1/regrades ----------

export const ListRegradesQuerySchema = z.object({ questionId: idField });
export const RegradeLogSchema = z.object({
  regradeId: z.number().int(),
  fromVersion: z.number().int().nullable(),
  toVersion: z.number().int(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(RegradedAttemptSchema),
});
export const ListRegradesResultSchema = z.array(RegradeLogSchema);
export type RegradeLog = z.infer<typeof RegradeLogSchema>;

// ---------- Import and export ----------

export const QuestionImportFormatSchema = z.enum(QUESTION_IMPORT_FORMATS);
export const QuestionExportFormatSchema = z.enum(QUESTION_EXPORT_FORMATS);

/**
 * Options of POST /question-bank/v1/import/preview and /import (multipart: one file in the
 * field `file`). The format is found from the content unless it is named.
 */
export const ImportQuestionsQuerySchema = z.object({
  format: QuestionImportFormatSchema.optional(),
  /** institute (the importer's) by default; client needs a client administrator. */
  owner: QuestionOwnerKindSchema.optional(),
  /**
   * allOrNothing (the default): any invalid question keeps the whole file out. validOnly: the
   * valid questions are imported and the others listed with their reasons.
   */
  mode: z.enum(QUESTION_IMPORT_MODES).optional(),
  /**
   * A course the caller manages (else 404): the file's topics and category paths are found in
   * it, and those missing are created there, parents first. Without it topics are only matched by name.
   */
  topicsCourseId: idField.optional(),
});

export const ImportItemErrorSchema = z.object({
  /** The field of the create call the message is about (e.g. correctAnswerId, texts.en.options, topics). */
  field: z.string(),
  message: z.string(),
});

/** One question of the file as the importer read it: valid, or its errors. */
export const ImportItemSchema = z.object({
  /** 1-based position of the question in the file. */
  index: z.number().int(),
  /** First line of the question in the file (the row for CSV and XLSX), when the format has lines. */
  line: z.number().int().nullable(),
  title: z.string(),
  questionType: QuestionTypeSchema.nullable(),
  topics: z.array(z.string()),
  isValid: z.boolean(),
  /** What keeps the question from being imported. */
  errors: z.array(ImportItemErrorSchema),
  /** What is imported differently from the file (an unknown topic left out, a dropped picture). */
  warnings: z.array(ImportItemErrorSchema),
});
export type ImportItem = z.infer<typeof ImportItemSchema>;

export const ImportPreviewSchema = z.object({
  format: QuestionImportFormatSchema,
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Topic names of the file that match no topic. */
  unknownTopics: z.array(z.string()),
  /** With topicsCourseId: the topics the import would create in that course, as paths ("Physics / Mechanics"), parents first. */
  topicsToCreate: z.array(z.string()),
  items: z.array(ImportItemSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** The answer of POST /question-bank/v1/import: the queued job (GET /jobs/v1/get follows it). */
export const ImportStartedSchema = z.object({
  jobId: z.string(),
  format: QuestionImportFormatSchema,
  /** Questions in the file. */
  total: z.number().int(),
  /** Of them, the ones the job imports (all of them unless mode is validOnly). */
  toImport: z.number().int(),
});
export type ImportStarted = z.infer<typeof ImportStartedSchema>;

/** The result of a finished `question-import` job. */
export const ImportResultSchema = z.object({
  format: QuestionImportFormatSchema,
  imported: z.number().int(),
  /** Ids of the new questions, in the file's order. */
  questionIds: z.array(z.number().int()),
  /** mode validOnly: the questions left out, with their reasons. */
  skipped: z
    .array(
      z.object({
        index: z.number().int(),
        line: z.number().int().nullable(),
        title: z.string(),
        errors: z.array(ImportItemErrorSchema),
      }),
    )
    .default([]),
  /** Topics created in the course named by topicsCourseId, as paths. */
  topicsCreated: z.array(z.string()).default([]),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * POST /question-bank/v1/export: the named questions, or every question in scope matching the
 * filter (the list's filters). Answers with the file itself.
 */
export const ExportQuestionsBodySchema = z.object({
  format: QuestionExportFormatSchema,
  questionIds: z.array(idField).min(1).max(QUESTION_EXPORT_MAX_ITEMS).optional(),
  topicId: idField.optional(),
  tag: tagField.optional(),
  questionType: QuestionTypeSchema.optional(),
  difficulty: DifficultySchema.optional(),
  owner: QuestionOwnerKindSchema.optional(),
  search: z.string().trim().min(1).max(200).optional(),
  usedIn: QuestionUsageFilterSchema.optional(),
});
export type ExportQuestionsBody = z.input<typeof ExportQuestionsBodySchema>;

/** GET /question-bank/v1/import/template: the spreadsheet template with example rows. */
export const ImportTemplateQuerySchema = z.object({ format: z.enum(QUESTION_TEMPLATE_FORMATS).default('csv') });

/** A file response (the envelope is not used; documented for the OpenAPI page). */
export const QuestionFileSchema = z.string().describe('The file (Moodle XML, CSV or XLSX)');

// ---------- POST /question-bank/v1/runReference ----------

/**
 * The author's check of a programming question: the reference solution run in the sandbox on the
 * cases being edited (sample and hidden), before or after saving. Nothing is stored.
 */
export const RunReferenceBodySchema = z.object({
  language: z.enum(PROGRAMMING_LANGUAGES),
  sourceCode: z.string().trim().min(1, msg('badRequest')).max(100_000),
  cases: z.array(TestCaseSchema).min(1, msg('questionProgrammingRequired')).max(120),
  timeLimitMs: z.number().int().min(100).max(20_000).optional(),
  memoryLimitMb: z.number().int().min(16).max(1024).optional(),
});
export type RunReferenceBody = z.input<typeof RunReferenceBodySchema>;

export const RunReferenceResultSchema = z.object({
  verdict: z.enum(RUN_VERDICTS),
  passed: z.number().int(),
  total: z.number().int(),
  compileOutput: z.string(),
  message: z.string().nullable(),
  cases: z.array(
    z.object({ index: z.number().int(), verdict: z.enum(RUN_VERDICTS), passed: z.boolean().nullable(), timeMs: z.number(), stdout: z.string(), stderr: z.string() }),
  ),
});
export type RunReferenceResult = z.infer<typeof RunReferenceResultSchema>;
