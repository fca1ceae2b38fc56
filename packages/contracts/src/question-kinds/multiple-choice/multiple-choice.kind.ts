import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { MULTIPLE_CHOICE_ANSWER_SCHEMA, MULTIPLE_CHOICE_KEY_SCHEMA, checkChoiceContent } from '../families/choice.js';
import { MULTIPLE_CHOICE_MARKINGS } from './multiple-choice.marking.js';
import { multipleChoiceTraits } from './multiple-choice.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

/** Every correct option must be chosen (partial credit when allowed, or JEE Advanced marking); a sheet's bubble records one option. */
export const multipleChoiceKind = {
  traits: multipleChoiceTraits,
  answerSchema: MULTIPLE_CHOICE_ANSWER_SCHEMA,
  keySchema: MULTIPLE_CHOICE_KEY_SCHEMA,
  /** The marking (absent: standard), decision 052. */
  settingsSchema: z.object({ marking: z.enum(MULTIPLE_CHOICE_MARKINGS).optional() }),
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, context) =>
    checkChoiceContent(content, issues, context, (key, isKnown) => Array.isArray(key) && key.length > 0 && new Set(key).size === key.length && key.every(isKnown)),
} satisfies QuestionKindContract;
