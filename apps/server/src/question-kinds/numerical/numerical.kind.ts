import { asNumericalKey, isWithinKey, numericalAnswerValue, numericalTextOf, type NumericalKey } from '@app/contracts';
import type { QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, wrong } from '../scoring.js';

/** The stored key, when it is one. */
export const numericalKeyOf = asNumericalKey;

/** Full marks inside the tolerance or range, the negative mark outside it, 0 when nothing was typed. */
export function scoreNumerical(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const typed = answer.answerId === null || answer.answerId === undefined ? '' : numericalTextOf(answer.answerData).trim();
  if (typed === '') return UNANSWERED;
  const key = numericalKeyOf(question.correctAnswerData);
  const given = numericalAnswerValue(typed);
  return key !== null && given !== null && isWithinKey(given, key) ? correct(question) : wrong(question);
}

/** Numerical value: the player gets the statement only (no options, never the key); the reveal shows the key with its unit. */
export const numericalServerKind: ServerQuestionKind = {
  score: scoreNumerical,
  isDecided: isDecidedNow,
  marking: 'key',
  playerPart: basePlayerPart,
  reveal: (question) => ({ correctAnswerID: null, correctAnswerData: numericalKeyOf(question.correctAnswerData) }),
  // No options to analyse: the item statistics give the share right, wrong and unanswered only.
  itemStatistics: 'none',
  paperAnswer: null,
  exchange: { moodleXml: { form: 'numerical', partialCreditByDefault: false }, gift: 'numerical', template: 'numerical', aiken: false },
};

/** The key in GIFT's notation, as the spreadsheet template's `correct` cell holds it: `3.14:0.01 cm`, `1..2 cm`. */
export function numericalKeyText(key: NumericalKey): string {
  const unit = key.unit ? ` ${key.unit}` : '';
  return 'min' in key ? `${key.min}..${key.max}${unit}` : `${key.value}:${key.tolerance}${unit}`;
}

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const KEY_TEXT = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:(:|\.\.)\s*(${NUMBER}))?(?:\s+(\S.{0,29}))?\s*$`);

/** A `correct` cell back as the key (a lone value is exact), or null when it is not one. */
export function parseNumericalKeyText(text: string): NumericalKey | null {
  const match = KEY_TEXT.exec(text);
  if (!match) return null;
  const [, first, separator, second, unitText] = match;
  const unit = unitText ? { unit: unitText.trim() } : {};
  const a = Number(first);
  const b = second === undefined ? 0 : Number(second);
  if (separator === '..') return a <= b ? { min: a, max: b, ...unit } : null;
  return b >= 0 ? { value: a, tolerance: b, ...unit } : null;
}

/**
 * The key as a GIFT numerical answer (`#3.14:0.01`, `#1..2`), or null when GIFT cannot carry it:
 * GIFT has no units, so a key with a unit is the question's error in a GIFT export.
 */
export function numericalGiftAnswer(data: unknown): string | null {
  const key = numericalKeyOf(data);
  if (!key || key.unit) return null;
  return 'min' in key ? `#${key.min}..${key.max}` : `#${key.value}:${key.tolerance}`;
}
