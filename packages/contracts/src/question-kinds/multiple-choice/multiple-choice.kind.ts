import type { QuestionKindContract } from '../question-kinds.types.js';
import { CHOICE_SETTINGS_SCHEMA, MULTIPLE_CHOICE_ANSWER_SCHEMA, MULTIPLE_CHOICE_KEY_SCHEMA, checkChoiceContent } from '../families/choice.js';
import { multipleChoiceTraits } from './multiple-choice.traits.js';

/** Every correct option must be chosen (partial credit when allowed); a sheet's bubble records one option. */
export const multipleChoiceKind = {
  traits: multipleChoiceTraits,
  answerSchema: MULTIPLE_CHOICE_ANSWER_SCHEMA,
  keySchema: MULTIPLE_CHOICE_KEY_SCHEMA,
  settingsSchema: CHOICE_SETTINGS_SCHEMA,
  checkContent: (content, issues, context) =>
    checkChoiceContent(content, issues, context, (key, isKnown) => Array.isArray(key) && key.length > 0 && new Set(key).size === key.length && key.every(isKnown)),
} satisfies QuestionKindContract;
