import { z } from 'zod';
import type { QuestionKindContract } from '../question-kinds.types.js';
import { MATCHING_CODE_COUNT, MATCHING_LEFT_BASE, MATCHING_LIST_MAX, MATCHING_LIST_MIN, MATCHING_RIGHT_BASE, codeText, isCodeId, isLeftId, isRightId, matchingLists, pairsOfCode } from './matching.pairs.js';
import { MatchingAnswerSchema, MatchingKeySchema } from './matching.schemas.js';
import { matchingTraits } from './matching.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

const isRun = (ids: number[], base: number) => ids.every((id, i) => id === base + i + 1);

/**
 * Match list I with list II. Each language's options hold list I (101…), list II (201…) and, when
 * coded, the four codes (1–4); the key (`correctAnswerData`) holds the presentation and the pairs,
 * a coded question's right code is `correctAnswerId`. The rules name the field that does not fit.
 */
export const matchingKind = {
  traits: matchingTraits,
  answerSchema: MatchingAnswerSchema,
  keySchema: z.object({ correctAnswerData: MatchingKeySchema }),
  // Nothing beyond the key: the presentation is part of it (decision 050).
  settingsSchema: z.object({}),
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, { languages }) => {
    let leftIds: number[] | undefined;
    let rightIds: number[] | undefined;
    for (const language of languages) {
      const options = content.texts[language]!.options;
      const { left, right } = matchingLists(options);
      const own = { left: left.map((o) => o.answerID), right: right.map((o) => o.answerID) };
      const field = `texts.${language}.options`;
      if (
        options.some((o) => !isLeftId(o.answerID) && !isRightId(o.answerID) && !isCodeId(o.answerID)) ||
        new Set(options.map((o) => o.answerID)).size !== options.length ||
        own.left.length < MATCHING_LIST_MIN ||
        own.left.length > MATCHING_LIST_MAX ||
        own.right.length < MATCHING_LIST_MIN ||
        !isRun(own.left, MATCHING_LEFT_BASE) ||
        !isRun(own.right, MATCHING_RIGHT_BASE)
      ) {
        issues[field] = 'questionMatchingListsInvalid';
      } else if (leftIds && rightIds && (own.left.length !== leftIds.length || own.right.length !== rightIds.length)) {
        issues[field] = 'questionOptionIdsDiffer';
      }
      leftIds ??= own.left;
      rightIds ??= own.right;
    }
    const parsed = MatchingKeySchema.safeParse(content.correctAnswerData);
    const pairs = parsed.success ? parsed.data.pairs : [];
    const pairsFit =
      parsed.success &&
      leftIds !== undefined &&
      pairs.length === leftIds.length &&
      new Set(pairs.map((p) => p.left)).size === pairs.length &&
      pairs.every((p) => leftIds!.includes(p.left) && rightIds!.includes(p.right));
    if (!pairsFit) {
      issues.correctAnswerData = 'questionMatchingKeyInvalid';
      return;
    }
    const key = codeText(pairs);
    for (const language of languages) {
      const { codes } = matchingLists(content.texts[language]!.options);
      const field = `texts.${language}.options`;
      if (parsed.data.presentation === 'pairs') {
        if (codes.length > 0 && !issues[field]) issues[field] = 'questionMatchingCodesInvalid';
        continue;
      }
      const texts = codes.map((c) => pairsOfCode(c.answerData ?? ''));
      const fits = texts.every((code) => code && code.length === pairs.length && code.every((p) => leftIds!.includes(p.left) && rightIds!.includes(p.right)) && new Set(code.map((p) => p.left)).size === code.length);
      const distinct = new Set(texts.map((code) => (code ? codeText(code) : ''))).size === codes.length;
      if ((codes.length !== MATCHING_CODE_COUNT || !fits || !distinct) && !issues[field]) issues[field] = 'questionMatchingCodesInvalid';
    }
    if (parsed.data.presentation === 'coded') {
      const first = content.texts[languages[0]!];
      const right = first ? matchingLists(first.options).codes.find((c) => c.answerID === content.correctAnswerId) : undefined;
      const rightPairs = right ? pairsOfCode(right.answerData ?? '') : null;
      if (typeof content.correctAnswerId !== 'number' || !rightPairs || codeText(rightPairs) !== key) issues.correctAnswerId = 'questionMatchingCodeKey';
    } else if (content.correctAnswerId !== null && content.correctAnswerId !== undefined) {
      issues.correctAnswerId = 'questionKeyInvalid';
    }
  },
} satisfies QuestionKindContract;
