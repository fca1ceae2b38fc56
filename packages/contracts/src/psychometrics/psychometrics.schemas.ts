import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../common/constants.js';
import { msg } from '../common/validation.js';

/**
 * The models the calibration fits: the two-parameter logistic, the Rasch model (one common
 * discrimination), or the three-parameter logistic (a guessing parameter for choice kinds, decision 077).
 */
export const IRT_MODELS = ['2pl', 'rasch', '3pl'] as const;
export const IrtModelSchema = z.enum(IRT_MODELS, msg('badRequest'));
export type IrtModel = z.output<typeof IrtModelSchema>;

/** Why an item version has no numbers: every state but `ok` has its parameters null. */
export const ITEM_CALIBRATION_STATES = ['ok', 'too-few-responses', 'degenerate', 'diverged'] as const;
export const ItemCalibrationStateSchema = z.enum(ITEM_CALIBRATION_STATES);
export type ItemCalibrationState = z.output<typeof ItemCalibrationStateSchema>;

/** Fewer responses than this and an item version gets `too-few-responses` (decision 048). */
export const CALIBRATION_MIN_RESPONSES_DEFAULT = 50;
export const CALIBRATION_MIN_RESPONSES_LOWEST = 10;

const InstituteIdSchema = z.coerce.number(msg('badRequest')).int(msg('badRequest')).positive(msg('badRequest')).max(2_147_483_647, msg('badRequest'));

/** An institute's calibration; without instituteId, a client administrator's whole client bank. */
export const StartCalibrationBodySchema = z.strictObject({
  instituteId: InstituteIdSchema.nullable().default(null),
  model: IrtModelSchema.default('2pl'),
  minResponses: z
    .number(msg('badRequest'))
    .int(msg('badRequest'))
    .min(CALIBRATION_MIN_RESPONSES_LOWEST, msg('badRequest'))
    .max(100_000, msg('badRequest'))
    .default(CALIBRATION_MIN_RESPONSES_DEFAULT),
});
export type StartCalibrationBody = z.output<typeof StartCalibrationBodySchema>;

export const StartCalibrationResultSchema = z.object({ jobId: z.string() });
export type StartCalibrationResult = z.output<typeof StartCalibrationResultSchema>;

export const ListCalibratedItemsQuerySchema = z.object({ instituteId: InstituteIdSchema.optional() });
export type ListCalibratedItemsQuery = z.output<typeof ListCalibratedItemsQuerySchema>;

export const ITEM_FLAG_KINDS = ['drift', 'probable-wrong-key'] as const;

/** What a flag says, with the figures behind it. */
export const CalibrationFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('drift'),
    /** The earlier version the difficulty moved from. */
    fromVersion: z.number().int(),
    difference: z.number(),
    /** The difference in units of its standard error. */
    seUnits: z.number(),
  }),
  z.object({
    kind: z.literal('probable-wrong-key'),
    /** The option the top ability fifth chose more often than the key. */
    optionId: z.number().int(),
    optionShare: z.number(),
    keyShare: z.number(),
    /** Responses of the top fifth to this item version. */
    topResponses: z.number().int(),
  }),
]);
export type CalibrationFlag = z.output<typeof CalibrationFlagSchema>;

/** Characters of the statement an item row shows (plain text, cut at a word where it can be). */
export const CALIBRATED_ITEM_EXCERPT_CHARS = 120;

export const CalibratedItemSchema = z.object({
  questionId: z.number().int(),
  questionVersionId: z.number().int(),
  version: z.number().int(),
  /** The version's statement as plain text, in the caller's language (else the version's own). */
  excerpt: z.string(),
  /** The language of the excerpt. */
  excerptLanguage: z.enum(SUPPORTED_LANGUAGES),
  /** The top of the topic tree the question is filed under (null when it is filed at the top or nowhere). */
  subject: z.string().nullable(),
  /** The first topic the question is filed under. */
  topic: z.string().nullable(),
  model: IrtModelSchema,
  state: ItemCalibrationStateSchema,
  responses: z.number().int(),
  proportionCorrect: z.number().nullable(),
  difficulty: z.number().nullable(),
  discrimination: z.number().nullable(),
  seDifficulty: z.number().nullable(),
  seDiscrimination: z.number().nullable(),
  /** 3PL choice kinds: the lower asymptote (chance of a right answer at very low ability) and its SE; otherwise null. */
  guessing: z.number().nullable(),
  seGuessing: z.number().nullable(),
  infit: z.number().nullable(),
  outfit: z.number().nullable(),
  flags: z.array(CalibrationFlagSchema),
  calibratedAt: z.string(),
});
export type CalibratedItem = z.output<typeof CalibratedItemSchema>;

export const CalibratedItemListSchema = z.object({ items: z.array(CalibratedItemSchema) });
export type CalibratedItemList = z.output<typeof CalibratedItemListSchema>;

/** What a succeeded `item-calibration` job returns (read at /jobs/v1/get as its `result`). */
export const CalibrationSummarySchema = z.object({
  model: IrtModelSchema,
  examinees: z.number().int(),
  responses: z.number().int(),
  items: z.number().int(),
  /** Item versions per state (states with none are absent). */
  states: z.partialRecord(ItemCalibrationStateSchema, z.number().int()),
  flagged: z.number().int(),
  iterations: z.number().int(),
  converged: z.boolean(),
});
export type CalibrationSummary = z.output<typeof CalibrationSummarySchema>;

/**
 * The scopes the caller may calibrate and read: an institute administrator their own institute;
 * a client administrator each institute of the client, and the whole client bank.
 */
export const CalibrationScopesSchema = z.object({
  institutes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  hasClientBank: z.boolean(),
});
export type CalibrationScopes = z.output<typeof CalibrationScopesSchema>;
