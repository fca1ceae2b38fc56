import { z } from 'zod';
import { idField, msg } from '../../common/validation.js';
import { DIFFICULTIES } from '../../question-bank/question-bank.constants.js';
import { QuestionDisplayTypeSchema } from '../../exam/exam.schemas.js';
import { TestTypeSchema } from '../shared/academy.schemas.js';

/** Test configuration (staff, /testconfig): a test's settings, sections and questions (spec 001 §3, §6). */

export const SHOW_ANSWERS_WHEN = ['never', 'afterSubmit', 'afterWindow'] as const;
export const ShowAnswersWhenSchema = z.enum(SHOW_ANSWERS_WHEN);
export type ShowAnswersWhen = z.infer<typeof ShowAnswersWhenSchema>;


export const SECTION_SOURCES = ['pick', 'draw'] as const;
export const SectionSourceSchema = z.enum(SECTION_SOURCES);
export type SectionSource = z.infer<typeof SectionSourceSchema>;

/** Limits of a test's configuration. */
export const TEST_CONFIG_LIMITS = {
  nameMax: 200,
  instructionsMax: 50_000,
  durationMaxMinutes: 24 * 60,
  sectionsMax: 20,
  questionsPerSectionMax: 500,
  drawCountMax: 500,
  marksMax: 1000,
  attemptsMax: 100,
  warningsMax: 100,
  partialSubmitMaxMinutes: 24 * 60,
} as const;

/** NEET: four subjects of 45 questions, 180 minutes, +4/−1. */
export const NEET_PATTERN = {
  subjects: [
    { en: 'Physics', tn: 'இயற்பியல்' },
    { en: 'Chemistry', tn: 'வேதியியல்' },
    { en: 'Botany', tn: 'தாவரவியல்' },
    { en: 'Zoology', tn: 'விலங்கியல்' },
  ],
  questionsPerSection: 45,
  durationMinutes: 180,
  marks: 4,
  negativeMarks: 1,
} as const;

const L = TEST_CONFIG_LIMITS;
const marksField = z.number(msg('tcMarksInvalid')).min(0, msg('tcMarksInvalid')).max(L.marksMax, msg('tcMarksInvalid'));
const minutesField = z.number(msg('tcDurationInvalid')).int(msg('tcDurationInvalid')).min(0, msg('tcDurationInvalid')).max(L.durationMaxMinutes, msg('tcDurationInvalid'));

// ---------- settings ----------

export const TestSettingsSchema = z.object({
  name: z.string(msg('tcNameRequired')).trim().min(1, msg('tcNameRequired')).max(L.nameMax, msg('tcNameRequired')),
  testType: TestTypeSchema,
  courseId: idField,
  topicId: idField,
  instructionsEn: z.string().max(L.instructionsMax).default(''),
  instructionsTn: z.string().max(L.instructionsMax).default(''),
  /** Minutes for the whole test; 0 is untimed (practice only). */
  durationMinutes: minutesField,
  /** 1 lets the student move freely between questions (spec 001 §6). */
  questionSwitch: z.union([z.literal(0), z.literal(1)]),
  isSectionNavigationAllowed: z.boolean(),
  mandatory: z.boolean(),
  sectionWiseTimer: z.boolean(),
  shuffle: z.boolean(),
  questionDisplayType: QuestionDisplayTypeSchema,
  isEditorAllowed: z.boolean(),
  isCameraAllowed: z.boolean(),
  /** 0 turns tab-away monitoring on (spec 001 §6). */
  isTabAlertAllowed: z.union([z.literal(0), z.literal(1)]),
  warnings: z.number(msg('tcWarningsInvalid')).int(msg('tcWarningsInvalid')).min(0, msg('tcWarningsInvalid')).max(L.warningsMax, msg('tcWarningsInvalid')),
  scoreVisible: z.boolean(),
  /** Minutes after the start before a student may submit early (partialSubmit). */
  partialSubmitMinutes: z.number(msg('tcDurationInvalid')).int(msg('tcDurationInvalid')).min(0, msg('tcDurationInvalid')).max(L.partialSubmitMaxMinutes, msg('tcDurationInvalid')),
  attemptsAllowed: z.number(msg('tcAttemptsInvalid')).int(msg('tcAttemptsInvalid')).min(1, msg('tcAttemptsInvalid')).max(L.attemptsMax, msg('tcAttemptsInvalid')),
  showAnswers: ShowAnswersWhenSchema,
  /**
   * Where the English and Tamil versions of a question differ, the English one is final: the
   * player says so beside the Tamil text (as NEET's bilingual booklets do). On unless turned off.
   */
  englishAuthoritative: z.boolean().default(true),
});
export type TestSettings = z.output<typeof TestSettingsSchema>;
export type TestSettingsInput = z.input<typeof TestSettingsSchema>;

// ---------- sections ----------

export const DrawRuleSchema = z.object({
  count: z.number(msg('tcDrawCountInvalid')).int(msg('tcDrawCountInvalid')).min(1, msg('tcDrawCountInvalid')).max(L.drawCountMax, msg('tcDrawCountInvalid')),
  topicIds: z.array(idField).max(50).default([]),
  difficulties: z.array(z.enum(DIFFICULTIES)).max(3).default([]),
  marks: marksField,
  negativeMarks: marksField,
});
export type DrawRule = z.output<typeof DrawRuleSchema>;

export const PickedQuestionInputSchema = z.object({
  questionId: idField,
  /** Left out: the question's own marks. */
  marks: marksField.nullable().optional(),
  negativeMarks: marksField.nullable().optional(),
});

export const SectionInputSchema = z.object({
  /** An existing section keeps its id; a new one has none. */
  sectionId: idField.optional(),
  name: z.string(msg('tcSectionNameRequired')).trim().min(1, msg('tcSectionNameRequired')).max(L.nameMax, msg('tcSectionNameRequired')),
  nameTn: z.string().trim().max(L.nameMax).default(''),
  durationMinutes: minutesField.default(0),
  source: SectionSourceSchema,
  /** In display order (source pick). */
  questions: z.array(PickedQuestionInputSchema).max(L.questionsPerSectionMax).default([]),
  /** Source draw. */
  draw: DrawRuleSchema.nullable().optional(),
});
export type SectionInput = z.input<typeof SectionInputSchema>;

export const SaveSectionsBodySchema = z.object({
  testId: idField,
  /** The whole list in order: sections left out are removed. */
  sections: z.array(SectionInputSchema).max(L.sectionsMax, msg('tcTooManySections')),
});
export type SaveSectionsBody = z.input<typeof SaveSectionsBodySchema>;

// ---------- what a test's configuration reads back ----------

export const PickedQuestionSchema = z.object({
  questionTaskMapId: z.number().int(),
  questionId: z.number().int(),
  questionType: z.string(),
  difficulty: z.string(),
  title: z.string(),
  preview: z.string(),
  /** Per-test marks (null: the question's). */
  marks: z.number().nullable(),
  negativeMarks: z.number().nullable(),
  defaultMarks: z.number(),
  defaultNegativeMarks: z.number(),
});
export type PickedQuestion = z.infer<typeof PickedQuestionSchema>;

export const TestSectionSchema = z.object({
  sectionId: z.number().int(),
  name: z.string(),
  nameTn: z.string(),
  durationMinutes: z.number().int(),
  source: SectionSourceSchema,
  questions: z.array(PickedQuestionSchema),
  draw: DrawRuleSchema.nullable(),
  /** Draw sections: how many questions of the bank the rule can draw from. */
  available: z.number().int().nullable(),
});
export type TestSection = z.infer<typeof TestSectionSchema>;

/** Why a test cannot be published: a field path like the edit form's and a message catalogue key. */
export const TestProblemSchema = z.object({ field: z.string(), key: z.string() });
export type TestProblem = z.infer<typeof TestProblemSchema>;

/** A window of a test for an institute, or one of its classes or sections. */
export const TestAudienceWindowSchema = z.object({
  className: z.string().nullable(),
  sectionName: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  lateStartUntil: z.string().nullable(),
});

/**
 * Who can take a test (decision 038), for the staff screens: per institute the caller reaches that
 * may be given it, its windows (none: every student of the institute, at any time).
 */
export const TestAudienceSchema = z.object({
  /** The client's shared test (every institute of the client) rather than one institute's own. */
  sharedWithClient: z.boolean(),
  institutes: z.array(z.object({ instituteName: z.string(), windows: z.array(TestAudienceWindowSchema) })),
  /** A shared test also reaches institutes outside the caller's reach, which schedule it for themselves. */
  otherInstitutes: z.boolean(),
});
export type TestAudience = z.infer<typeof TestAudienceSchema>;

export const TestConfigSchema = z.object({
  testId: z.number().int(),
  settings: TestSettingsSchema,
  isPublished: z.boolean(),
  isEditable: z.boolean(),
  /** Who can take it, and when. */
  audience: TestAudienceSchema,
  /** Real (not preview) attempts: with any, changes to scoring or questions are refused. */
  attemptCount: z.number().int(),
  sections: z.array(TestSectionSchema),
  totalQuestions: z.number().int(),
  totalMarks: z.number(),
  /** Empty when the test can be published. */
  problems: z.array(TestProblemSchema),
  updatedAt: z.string(),
});
export type TestConfig = z.infer<typeof TestConfigSchema>;

// ---------- calls ----------

export const ListTestConfigsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListTestConfigsQuery = z.input<typeof ListTestConfigsQuerySchema>;

export const TestConfigSummarySchema = z.object({
  testId: z.number().int(),
  name: z.string(),
  testType: TestTypeSchema,
  courseId: z.number().int(),
  courseName: z.string(),
  durationMinutes: z.number().int(),
  isPublished: z.boolean(),
  sectionCount: z.number().int(),
  attemptCount: z.number().int(),
  updatedAt: z.string(),
});
export type TestConfigSummary = z.infer<typeof TestConfigSummarySchema>;

export const ListTestConfigsResultSchema = z.object({
  items: z.array(TestConfigSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListTestConfigsResult = z.infer<typeof ListTestConfigsResultSchema>;

export const GetTestConfigQuerySchema = z.object({ testId: idField });
export type GetTestConfigQuery = z.input<typeof GetTestConfigQuerySchema>;

export const CreateTestConfigBodySchema = z.object({
  settings: TestSettingsSchema,
  /** "neet": four sections of 45 questions, 180 minutes, +4/−1 (draws by subject topic where the course has one). */
  pattern: z.enum(['blank', 'neet']).default('blank'),
});
export type CreateTestConfigBody = z.input<typeof CreateTestConfigBodySchema>;

export const UpdateTestConfigBodySchema = z.object({
  testId: idField,
  settings: TestSettingsSchema,
  /** The updatedAt the editor read: a change made meanwhile is refused (409) rather than overwritten. */
  updatedAt: z.string().max(40).optional(),
});
export type UpdateTestConfigBody = z.input<typeof UpdateTestConfigBodySchema>;

export const PublishTestConfigBodySchema = z.object({ testId: idField, isPublished: z.boolean() });
export type PublishTestConfigBody = z.input<typeof PublishTestConfigBodySchema>;
