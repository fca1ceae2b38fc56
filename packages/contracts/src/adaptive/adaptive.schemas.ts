import { z } from 'zod';
import { msg } from '../common/validation.js';

/** The adaptive test stops at this standard error of the ability estimate, or after ADAPTIVE_MAX_ITEMS items (decision 060). */
export const ADAPTIVE_TARGET_SE = 0.3;
export const ADAPTIVE_MAX_ITEMS = 30;

const IdSchema = z.coerce.number(msg('badRequest')).int(msg('badRequest')).positive(msg('badRequest')).max(2_147_483_647, msg('badRequest'));

/** A subject (a top-level topic of the bank) the student may test, with the items it has. */
export const AdaptiveSubjectSchema = z.object({ id: z.number().int(), name: z.string(), items: z.number().int() });
export type AdaptiveSubject = z.output<typeof AdaptiveSubjectSchema>;

export const AdaptiveSessionStatusSchema = z.enum(['active', 'finished']);

/** One of the student's sessions in the list. */
export const AdaptiveSessionSummarySchema = z.object({
  sessionId: z.number().int(),
  subjectName: z.string().nullable(),
  status: AdaptiveSessionStatusSchema,
  answered: z.number().int(),
  startedAt: z.string(),
  score: z.number().int().nullable(),
});
export type AdaptiveSessionSummary = z.output<typeof AdaptiveSessionSummarySchema>;

export const AdaptiveOverviewSchema = z.object({
  subjects: z.array(AdaptiveSubjectSchema),
  /** Items of the whole syllabus. */
  items: z.number().int(),
  sessions: z.array(AdaptiveSessionSummarySchema),
});
export type AdaptiveOverview = z.output<typeof AdaptiveOverviewSchema>;

/** Without subjectId: the whole syllabus. */
export const StartAdaptiveBodySchema = z.strictObject({ subjectId: IdSchema.nullable().default(null) });
export type StartAdaptiveBody = z.output<typeof StartAdaptiveBodySchema>;

export const AdaptiveSessionQuerySchema = z.object({ sessionId: IdSchema });
export type AdaptiveSessionQuery = z.output<typeof AdaptiveSessionQuerySchema>;

export const AdaptiveAnswerBodySchema = z.strictObject({
  sessionId: IdSchema,
  /** The version the student was shown: an answer to an item no longer current is refused. */
  questionVersionId: IdSchema,
  answerId: IdSchema,
});
export type AdaptiveAnswerBody = z.output<typeof AdaptiveAnswerBodySchema>;

/** The item being asked: its text and options in each language it has, never its key. */
export const AdaptiveItemSchema = z.object({
  questionVersionId: z.number().int(),
  /** 1-based position in the session. */
  position: z.number().int(),
  topicName: z.string(),
  texts: z.array(
    z.object({
      language: z.string(),
      data: z.string(),
      options: z.array(z.object({ answerID: z.number().int(), answerData: z.string() })),
    }),
  ),
});
export type AdaptiveItem = z.output<typeof AdaptiveItemSchema>;

/** The estimate on the 720-mark NEET scale: the score at the ability estimate and a 90% band. */
export const AdaptiveResultSchema = z.object({
  low: z.number().int(),
  score: z.number().int(),
  high: z.number().int(),
  theta: z.number(),
  se: z.number(),
  /** Topics whose marks still missing at this ability are largest. */
  topics: z.array(z.object({ topicId: z.number().int(), name: z.string(), marks: z.number().int() })),
});
export type AdaptiveResult = z.output<typeof AdaptiveResultSchema>;

export const AdaptiveSessionSchema = z.object({
  sessionId: z.number().int(),
  subjectName: z.string().nullable(),
  status: AdaptiveSessionStatusSchema,
  answered: z.number().int(),
  maxItems: z.number().int(),
  /** Some items have no calibration yet: their parameters come from their difficulty label. */
  usesPrior: z.boolean(),
  /** Whether the last answer was right (null before the first). */
  lastCorrect: z.boolean().nullable(),
  item: AdaptiveItemSchema.nullable(),
  result: AdaptiveResultSchema.nullable(),
});
export type AdaptiveSession = z.output<typeof AdaptiveSessionSchema>;
