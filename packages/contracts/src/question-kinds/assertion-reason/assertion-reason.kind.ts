import type { QuestionKindContract } from '../question-kinds.types.js';
import { CHOICE_SETTINGS_SCHEMA, SINGLE_CHOICE_ANSWER_SCHEMA, isOneKnownOption } from '../families/choice.js';
import { z } from 'zod';
import { assertionReasonTraits } from './assertion-reason.traits.js';
import { ASSERTION_REASON_OPTIONS, hasAssertionReasonOptions, parseAssertionReason } from './assertion-reason.statement.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

/** The key is one of the four generated options (1–4). */
export const ASSERTION_REASON_KEY_SCHEMA = z.object({ correctAnswerId: z.number().int().min(1).max(ASSERTION_REASON_OPTIONS.en.length) });

/**
 * An assertion and a reason in each language, the four generated options, one of them correct.
 * The statement must hold both sentences (its field is named when not), the options must be the
 * generated ones in that language's wording, and the key one of them.
 */
export const assertionReasonKind = {
  traits: assertionReasonTraits,
  answerSchema: SINGLE_CHOICE_ANSWER_SCHEMA,
  keySchema: ASSERTION_REASON_KEY_SCHEMA,
  settingsSchema: CHOICE_SETTINGS_SCHEMA,
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, { languages }) => {
    for (const language of languages) {
      const text = content.texts[language]!;
      if (!parseAssertionReason(text.data)) issues[`texts.${language}.data`] = 'questionAssertionReasonRequired';
      if (!hasAssertionReasonOptions(language, text.options)) issues[`texts.${language}.options`] = 'questionAssertionReasonOptions';
    }
    if (!isOneKnownOption(content.correctAnswerId, (id) => id >= 1 && id <= ASSERTION_REASON_OPTIONS.en.length)) issues.correctAnswerId = 'questionKeyInvalid';
  },
} satisfies QuestionKindContract;
