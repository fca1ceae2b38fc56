import { z } from 'zod';
import type { MessageKey } from '../../common/message-key.js';
import { QUESTION_OPTIONS_MAX, QUESTION_OPTIONS_MIN } from '../../question-bank/question-bank.constants.js';
import type { KindContentContext, QuestionContentToCheck } from '../question-kinds.types.js';

const optionId = z.number().int();

/** One option chosen, or none (Clear). */
export const SINGLE_CHOICE_ANSWER_SCHEMA = z.object({ answerID: optionId.nullable(), answerData: z.null().optional() });
/** Options chosen (at least one), or none (Clear). */
export const MULTIPLE_CHOICE_ANSWER_SCHEMA = z.object({ answerID: z.array(optionId).min(1).max(50).nullable(), answerData: z.null().optional() });

export const SINGLE_CHOICE_KEY_SCHEMA = z.object({ correctAnswerId: optionId });
export const MULTIPLE_CHOICE_KEY_SCHEMA = z.object({ correctAnswerId: z.array(optionId).min(1).max(QUESTION_OPTIONS_MAX) });
export const CHOICE_SETTINGS_SCHEMA = z.object({});
/** A picture or video address (a data: URL is accepted for small pictures). */
export const MEDIA_SETTINGS_SCHEMA = z.object({ mediaUrl: z.string().min(1).max(500_000) });

/**
 * The options of every language: between the bounds, unique ids, the same ids in each language;
 * then the key, checked by the kind (`isKeyValid`) against those ids.
 */
export function checkChoiceContent(
  content: QuestionContentToCheck,
  issues: Record<string, MessageKey>,
  { languages }: KindContentContext,
  isKeyValid: (key: QuestionContentToCheck['correctAnswerId'], isKnown: (id: number) => boolean) => boolean,
): void {
  let ids: number[] | undefined;
  for (const language of languages) {
    const options = content.texts[language]!.options;
    const own = options.map((o) => o.answerID);
    if (options.length < QUESTION_OPTIONS_MIN || options.length > QUESTION_OPTIONS_MAX || new Set(own).size !== own.length) {
      issues[`texts.${language}.options`] = 'questionOptionsInvalid';
    } else if (ids && (own.length !== ids.length || own.some((id) => !ids!.includes(id)))) {
      issues[`texts.${language}.options`] = 'questionOptionIdsDiffer';
    }
    ids ??= own;
  }
  if (!isKeyValid(content.correctAnswerId, (id) => !!ids?.includes(id))) issues.correctAnswerId = 'questionKeyInvalid';
}

export const isOneKnownOption = (key: QuestionContentToCheck['correctAnswerId'], isKnown: (id: number) => boolean) => typeof key === 'number' && isKnown(key);

export function checkMedia(content: QuestionContentToCheck, issues: Record<string, MessageKey>): void {
  if (!content.mediaUrl) issues.mediaUrl = 'questionMediaRequired';
}
