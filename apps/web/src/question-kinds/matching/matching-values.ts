import {
  MATCHING_LEFT_BASE,
  MATCHING_RIGHT_BASE,
  asMatchingKey,
  generatedCodes,
  leftLabel,
  matchingAnswerOf,
  matchingLists,
  rightLabel,
  type AuthoringQuestion,
  type Language,
  type MatchingPair,
  type MessageKey,
} from '@app/contracts';
import type { KindContent, KindPreview } from '../kind';
import type { QuestionFormValues } from '../shared/form-values';
import { NO_KIND_CONTENT, NO_KIND_PREVIEW } from '../shared/kind-defaults';

type Option = { answerID: number; answerData: string };

/** The form's pairs as the key: list I item i goes with list II item `key[i]` (1-based; 0 for none yet). */
export function formPairs(values: QuestionFormValues): MatchingPair[] {
  return values.matching.left.map((_, i) => ({ left: MATCHING_LEFT_BASE + i + 1, right: MATCHING_RIGHT_BASE + (values.matching.key[i] ?? 0) }));
}

const rightIds = (values: QuestionFormValues) => values.matching.right.map((_, j) => MATCHING_RIGHT_BASE + j + 1);

/** The four codes the form makes from its key (null while the key is incomplete or too small). */
export function formCodes(values: QuestionFormValues) {
  const pairs = formPairs(values);
  if (pairs.some((p) => p.right === MATCHING_RIGHT_BASE)) return null;
  return generatedCodes(pairs, rightIds(values));
}

/** The key and, when coded, the right code, as the calls carry them. */
export function matchingContent(values: QuestionFormValues): KindContent {
  const coded = values.matching.presentation === 'coded';
  return {
    ...NO_KIND_CONTENT,
    allowsPartialCredit: !coded && values.allowsPartialCredit,
    correctAnswerId: coded ? (formCodes(values)?.correct ?? null) : null,
    correctAnswerData: { presentation: values.matching.presentation, pairs: formPairs(values) },
  };
}

/** One language's options: list I (101…), list II (201…) and, when coded, the four codes (1–4). */
export function matchingOptions(values: QuestionFormValues, language: Language): Option[] {
  const { left, right, presentation } = values.matching;
  const codes = presentation === 'coded' ? (formCodes(values)?.codes ?? []) : [];
  return [
    ...left.map((item, i) => ({ answerID: MATCHING_LEFT_BASE + i + 1, answerData: item[language].trim() })),
    ...right.map((item, j) => ({ answerID: MATCHING_RIGHT_BASE + j + 1, answerData: item[language].trim() })),
    ...codes.map((answerData, i) => ({ answerID: i + 1, answerData })),
  ];
}

/** A saved version's lists and key as the form's values. */
export function matchingFormValues(question: AuthoringQuestion): Partial<QuestionFormValues> {
  const key = asMatchingKey(question.version.correctAnswerData);
  const texts = question.version.texts;
  const textOf = (language: Language, id: number) => texts[language]?.options.find((o) => o.answerID === id)?.answerData ?? '';
  const first = texts[question.version.defaultLanguage] ?? texts.en ?? texts.tn;
  if (!key || !first) return {};
  const lists = matchingLists(first.options);
  return {
    allowsPartialCredit: question.version.allowsPartialCredit,
    matching: {
      presentation: key.presentation,
      left: lists.left.map((o) => ({ en: textOf('en', o.answerID), tn: textOf('tn', o.answerID) })),
      right: lists.right.map((o) => ({ en: textOf('en', o.answerID), tn: textOf('tn', o.answerID) })),
      key: lists.left.map((o) => (key.pairs.find((p) => p.left === o.answerID)?.right ?? MATCHING_RIGHT_BASE) - MATCHING_RIGHT_BASE),
    },
  };
}

/** What only the form can get wrong: an empty item in a language that is on, a list I item not matched. */
export function checkMatching(values: QuestionFormValues, languages: readonly Language[]): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  const { left, right, key } = values.matching;
  left.forEach((item, i) => {
    for (const language of languages) if (!item[language].trim()) issues[`matching.left.${i}.${language}`] = 'questionOptionsInvalid';
    if (!key[i]) issues[`matching.key.${i}`] = 'questionMatchingKeyInvalid';
  });
  right.forEach((item, j) => {
    for (const language of languages) if (!item[language].trim()) issues[`matching.right.${j}.${language}`] = 'questionOptionsInvalid';
  });
  return issues;
}

/** The question as the player is served it: the options (lists, and codes when coded), never the key. */
export function matchingPreview(values: QuestionFormValues, language: Language): KindPreview {
  return { ...NO_KIND_PREVIEW, answer: matchingOptions(values, language) };
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** Pairs as lines of content: "A. Mitochondria → III. Respiration". */
function pairLines(pairs: readonly MatchingPair[], options: readonly Option[]): string {
  const text = new Map(options.map((o) => [o.answerID, plainText(o.answerData)]));
  return [...pairs]
    .sort((a, b) => a.left - b.left)
    .map((p) => `${leftLabel(p.left)}. ${text.get(p.left) ?? ''} → ${rightLabel(p.right)}. ${text.get(p.right) ?? ''}`)
    .join('; ');
}

/** The key as the feedback report shows it, with the lists' texts. */
export function matchingKeyLine(data: unknown, options: readonly Option[] = []): string | null {
  const key = asMatchingKey(data);
  return key ? pairLines(key.pairs, options) : null;
}

/** A student's pairs as the report shows them (null when the answer is no pairing). */
export function matchingAnswerLine(answerData: unknown, options: readonly Option[] = []): string | null {
  const chosen = matchingAnswerOf(answerData);
  return chosen.size ? pairLines([...chosen].map(([left, right]) => ({ left, right })), options) : null;
}
