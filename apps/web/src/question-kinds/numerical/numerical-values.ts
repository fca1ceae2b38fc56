import { asNumericalKey, type AuthoringQuestion, type MessageKey, type NumericalKey } from '@app/contracts';
import type { KindContent } from '../kind';
import type { QuestionFormValues } from '../shared/form-values';
import { NO_KIND_CONTENT, numberOrNull } from '../shared/kind-defaults';
import { keyText } from './number-pad-model';

/** The key a practice reveal or a saved version carries, when it is a numerical one. */
export function numericalKeyOfReveal(data: unknown): NumericalKey | null {
  return asNumericalKey(data);
}

/** The key as one line (`3.14 ± 0.01 cm`), or null when the data is no numerical key. */
export function numericalKeyLine(data: unknown): string | null {
  const key = numericalKeyOfReveal(data);
  return key ? keyText(key) : null;
}

/** The form's key as the calls carry it (an incomplete one is sent as it is, for the server to name). */
export function numericalContent(values: QuestionFormValues): KindContent {
  const { mode, value, tolerance, min, max, unit } = values.numerical;
  const unitPart = unit.trim() ? { unit: unit.trim() } : {};
  const key =
    mode === 'range'
      ? { min: numberOrNull(min) ?? Number.NaN, max: numberOrNull(max) ?? Number.NaN, ...unitPart }
      : { value: numberOrNull(value) ?? Number.NaN, tolerance: numberOrNull(tolerance) ?? 0, ...unitPart };
  return { ...NO_KIND_CONTENT, correctAnswerData: key as KindContent['correctAnswerData'] };
}

/** A saved version's key as the form's texts. */
export function numericalFormValues(question: AuthoringQuestion): Partial<QuestionFormValues> {
  const key = numericalKeyOfReveal(question.version.correctAnswerData);
  if (!key) return {};
  const unit = key.unit ?? '';
  return 'min' in key
    ? { numerical: { mode: 'range', value: '', tolerance: '0', min: String(key.min), max: String(key.max), unit } }
    : { numerical: { mode: 'tolerance', value: String(key.value), tolerance: String(key.tolerance), min: '', max: '', unit } };
}

/** What the form can tell before the server: each number present and sound, the range in order. */
export function checkNumerical(values: QuestionFormValues): Record<string, MessageKey> {
  const { mode, value, tolerance, min, max } = values.numerical;
  const issues: Record<string, MessageKey> = {};
  if (mode === 'range') {
    if (numberOrNull(min) === null) issues['numerical.min'] = 'questionNumericalKeyInvalid';
    if (numberOrNull(max) === null) issues['numerical.max'] = 'questionNumericalKeyInvalid';
    else if (numberOrNull(min) !== null && Number(min) > Number(max)) issues['numerical.max'] = 'questionNumericalRangeInvalid';
  } else {
    if (numberOrNull(value) === null) issues['numerical.value'] = 'questionNumericalKeyInvalid';
    if (tolerance.trim() && !(Number(tolerance) >= 0)) issues['numerical.tolerance'] = 'questionNumericalKeyInvalid';
  }
  return issues;
}
