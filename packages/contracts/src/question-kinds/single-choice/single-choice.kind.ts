import type { QuestionKindContract } from '../question-kinds.types.js';
import { CHOICE_SETTINGS_SCHEMA, SINGLE_CHOICE_ANSWER_SCHEMA, SINGLE_CHOICE_KEY_SCHEMA, checkChoiceContent, isOneKnownOption } from '../families/choice.js';
import { singleChoiceTraits } from './single-choice.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

/** One correct option; a printed sheet answers it with one bubble. */
export const singleChoiceKind = {
  traits: singleChoiceTraits,
  answerSchema: SINGLE_CHOICE_ANSWER_SCHEMA,
  keySchema: SINGLE_CHOICE_KEY_SCHEMA,
  settingsSchema: CHOICE_SETTINGS_SCHEMA,
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, context) => checkChoiceContent(content, issues, context, isOneKnownOption),
} satisfies QuestionKindContract;
