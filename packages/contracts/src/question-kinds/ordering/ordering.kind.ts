import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { ORDERING_ITEMS_MAX, ORDERING_ITEMS_MIN, isPermutationOf } from './ordering.order.js';
import { OrderingAnswerSchema, OrderingKeySchema } from './ordering.schemas.js';
import { orderingTraits } from './ordering.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

const textOf = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Ordering (Moodle's qtype_ordering): the student puts items in order. The items are the options of
 * each language (3 to 10, the same ids in every language, no two alike); the key, the ids in the
 * correct order, is kept in `correctAnswerData`; the answer is the ids in the student's order.
 */
export const orderingKind = {
  traits: orderingTraits,
  answerSchema: OrderingAnswerSchema,
  keySchema: z.object({ correctAnswerData: OrderingKeySchema }),
  settingsSchema: z.object({}),
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, { languages }) => {
    let ids: number[] | undefined;
    for (const language of languages) {
      const options = content.texts[language]!.options;
      const own = options.map((o) => o.answerID);
      const texts = options.map((o) => textOf(o.answerData));
      if (options.length < ORDERING_ITEMS_MIN || options.length > ORDERING_ITEMS_MAX || texts.some((t) => t === '')) {
        issues[`texts.${language}.options`] = 'questionOrderingItemsCount';
      } else if (new Set(own).size !== own.length || new Set(texts).size !== texts.length) {
        issues[`texts.${language}.options`] = 'questionOrderingItemsDuplicate';
      } else if (ids && !isPermutationOf(own, ids)) {
        issues[`texts.${language}.options`] = 'questionOrderingItemsDiffer';
      }
      ids ??= own;
    }
    const key = OrderingKeySchema.safeParse(content.correctAnswerData);
    if (!key.success || !ids || !isPermutationOf(key.data.order, ids)) issues.correctAnswerData = 'questionOrderingKeyInvalid';
  },
} satisfies QuestionKindContract;
