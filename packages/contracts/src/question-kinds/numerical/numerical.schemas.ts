import { z } from 'zod';
import { NUMERICAL_ANSWER_MARKER, NUMERICAL_ANSWER_MAX_LENGTH, NUMERICAL_ANSWER_PATTERN } from './numerical.answer.js';

const finite = z.number().min(-1e12).max(1e12);
const unit = z.string().trim().min(1).max(30).optional();

/** The key: a value with an absolute tolerance (0 for exact), or a range [min, max]; an optional unit. */
export const NumericalKeySchema = z.union([
  z.strictObject({ value: finite, tolerance: z.number().min(0).max(1e9), unit }),
  z.strictObject({ min: finite, max: finite, unit }),
]);

/**
 * A save: the marker `number` and the typed decimal number as text in the one-value list answers
 * already use (a bare numeric text would come back from a jsonb column as a number); or a Clear.
 */
export const NumericalAnswerSchema = z
  .object({
    answerID: z.literal(NUMERICAL_ANSWER_MARKER).nullable(),
    answerData: z
      .tuple([z.object({ id: z.literal(NUMERICAL_ANSWER_MARKER), value: z.string().max(NUMERICAL_ANSWER_MAX_LENGTH).regex(NUMERICAL_ANSWER_PATTERN) })])
      .nullable()
      .optional(),
  })
  .refine((answer) => (answer.answerID === null) === (answer.answerData === null || answer.answerData === undefined), { path: ['answerData'] });
