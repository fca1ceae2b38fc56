/** The saved answer's marker (answerID) and its value's id: `{ answerID: 'number', answerData: [{ id: 'number', value: '3.14' }] }`. */
export const NUMERICAL_ANSWER_MARKER = 'number';

/** The save's parts for a typed text: the number when it is complete, a Clear otherwise. */
export function numericalAnswerOf(text: string): { answerID: 'number'; answerData: [{ id: 'number'; value: string }] } | { answerID: null; answerData: null } {
  return isNumericalAnswer(text) ? { answerID: NUMERICAL_ANSWER_MARKER, answerData: [{ id: NUMERICAL_ANSWER_MARKER, value: text }] } : { answerID: null, answerData: null };
}

/** The typed text of a saved answer ('' when there is none). */
export function numericalTextOf(answerData: unknown): string {
  const first = Array.isArray(answerData) ? (answerData[0] as { id?: unknown; value?: unknown } | undefined) : undefined;
  return first?.id === NUMERICAL_ANSWER_MARKER && typeof first.value === 'string' ? first.value : '';
}

/** The longest answer a student may type (sign, digits and one point). */
export const NUMERICAL_ANSWER_MAX_LENGTH = 16;

/** A decimal number as typed: an optional sign, digits and at most one decimal point (no exponent, no commas). */
export const NUMERICAL_ANSWER_PATTERN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** True when the typed text is a complete decimal number the save accepts. */
export function isNumericalAnswer(text: string): boolean {
  return text.length <= NUMERICAL_ANSWER_MAX_LENGTH && NUMERICAL_ANSWER_PATTERN.test(text);
}

/** The typed text as a number, or null when it is not a complete decimal number. */
export function numericalAnswerValue(text: string): number | null {
  if (!isNumericalAnswer(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The key in one of its two forms: a value with an absolute tolerance, or a closed range; and an optional unit. */
export type NumericalKey =
  | { value: number; tolerance: number; unit?: string }
  | { min: number; max: number; unit?: string };

/** A tiny epsilon so that a tolerance of 0.01 accepts 3.15 for 3.14 despite binary floats. */
const EPSILON = 1e-9;

/** True when the number lies inside the key's tolerance or range (both ends included). */
export function isWithinKey(given: number, key: NumericalKey): boolean {
  if ('min' in key) return given >= key.min - EPSILON && given <= key.max + EPSILON;
  return Math.abs(given - key.value) <= key.tolerance + EPSILON;
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The stored key, when the data is one: a plain check without zod (scoring runs it for every question, the player loads it). */
export function asNumericalKey(data: unknown): NumericalKey | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const key = data as Record<string, unknown>;
  const unit = typeof key.unit === 'string' && key.unit !== '' ? { unit: key.unit } : {};
  if (isNumber(key.min) && isNumber(key.max)) return { min: key.min, max: key.max, ...unit };
  if (isNumber(key.value) && isNumber(key.tolerance) && key.tolerance >= 0) return { value: key.value, tolerance: key.tolerance, ...unit };
  return null;
}
