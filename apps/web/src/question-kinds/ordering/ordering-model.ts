import { ORDERING_ITEMS_MAX, ORDERING_ITEMS_MIN, asOrderingKey, isPermutationOf, scrambledItemIds, shuffledItems, type AuthoringQuestion, type Language, type MessageKey } from '@app/contracts';
import type { KindContent, KindPreview } from '../kind';
import type { OptionValues, QuestionFormValues } from '../shared/form-values';
import { NO_KIND_CONTENT, NO_KIND_PREVIEW } from '../shared/kind-defaults';

/** The list with the item at `index` moved by `delta` places (unchanged at either end). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const out = [...items];
  [out[index], out[target]] = [out[target]!, out[index]!];
  return out;
}

/** The order the player shows: the saved answer when it names every served item, else the served order. */
export function shownOrder(served: readonly number[], answerID: unknown): number[] {
  return Array.isArray(answerID) && isPermutationOf(answerID as number[], served) ? [...(answerID as number[])] : [...served];
}

/** The key's ids in order, from a reveal or a saved version (null when it is no ordering key). */
export function orderingKeyIds(data: unknown): number[] | null {
  return asOrderingKey(data)?.order ?? null;
}

/**
 * The form lists the items in their correct order; the key is their ids top to bottom. The editor
 * gives new items ids out of order (`freeItemId`, `scrambledIds`), so that neither the ids nor the
 * order a player gets tells the key.
 */
const idsOf = (values: QuestionFormValues): number[] => values.options.map((o) => o.answerID);

/** Ids 1..count in a shuffled order for the statement (never 1, 2, 3…). */
export function scrambledIds(count: number, seed: string): number[] {
  return scrambledItemIds(count, seed);
}

/** An id no item has, picked at random among the free ones up to the most items (so a new item's id says nothing of its place). */
export function freeItemId(options: readonly OptionValues[], random: () => number = Math.random): number {
  const used = new Set(options.map((o) => o.answerID));
  const free = Array.from({ length: ORDERING_ITEMS_MAX }, (_, i) => i + 1).filter((id) => !used.has(id));
  if (free.length === 0) return Math.max(0, ...used) + 1;
  return free[Math.floor(random() * free.length)]!;
}

export function orderingOptions(values: QuestionFormValues, language: Language): Array<{ answerID: number; answerData: string }> {
  return values.options.map((option) => ({ answerID: option.answerID, answerData: option[language] }));
}

export function orderingContent(values: QuestionFormValues): KindContent {
  return { ...NO_KIND_CONTENT, allowsPartialCredit: values.allowsPartialCredit, correctAnswerData: { order: idsOf(values) } };
}

/** A saved version's items, listed in the key's order, both languages' texts per id. */
export function orderingFormValues(question: AuthoringQuestion): Partial<QuestionFormValues> {
  const version = question.version;
  const text = (language: Language, id: number) => version.texts[language]?.options.find((o) => o.answerID === id)?.answerData ?? '';
  const listed = (version.texts[version.defaultLanguage] ?? version.texts.en ?? version.texts.tn)?.options.map((o) => o.answerID) ?? [];
  const key = orderingKeyIds(version.correctAnswerData);
  const ids = key && isPermutationOf(key, listed) ? key : listed;
  const options: OptionValues[] = ids.map((answerID) => ({ answerID, en: text('en', answerID), tn: text('tn', answerID) }));
  return { options, allowsPartialCredit: version.allowsPartialCredit };
}

const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

/** What the form can tell before the server: 3 to 10 items, none empty, no two alike in a language. */
export function checkOrdering(values: QuestionFormValues, languages: readonly Language[]): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  if (values.options.length < ORDERING_ITEMS_MIN || values.options.length > ORDERING_ITEMS_MAX) issues.options = 'questionOrderingItemsCount';
  for (const language of languages) {
    const seen = new Set<string>();
    values.options.forEach((option, index) => {
      const text = plain(option[language]);
      if (!text) issues[`options.${index}.${language}`] = 'questionOrderingItemsCount';
      else if (seen.has(text)) issues[`options.${index}.${language}`] = 'questionOrderingItemsDuplicate';
      seen.add(text);
    });
  }
  return issues;
}

/** The preview shows the items as a student first sees them: shuffled, never in the key's order. */
export function orderingPreview(values: QuestionFormValues, language: Language): KindPreview {
  const options = orderingOptions(values, language);
  return { ...NO_KIND_PREVIEW, answer: shuffledItems(options, idsOf(values), 'preview') };
}
