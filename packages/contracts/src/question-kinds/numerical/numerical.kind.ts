import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { NumericalAnswerSchema, NumericalKeySchema } from './numerical.schemas.js';
import { numericalTraits } from './numerical.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

/**
 * Numerical value (JEE Main section B): the student types a number; it is right inside the key's
 * tolerance or range. The key (with its unit) is kept in `correctAnswerData`; no other settings.
 */
export const numericalKind = {
  traits: numericalTraits,
  answerSchema: NumericalAnswerSchema,
  keySchema: z.object({ correctAnswerData: NumericalKeySchema }),
  settingsSchema: z.object({}),
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues) => {
    const key = NumericalKeySchema.safeParse(content.correctAnswerData);
    if (!key.success) issues.correctAnswerData = 'questionNumericalKeyInvalid';
    else if ('min' in key.data && key.data.min > key.data.max) issues.correctAnswerData = 'questionNumericalRangeInvalid';
  },
} satisfies QuestionKindContract;
