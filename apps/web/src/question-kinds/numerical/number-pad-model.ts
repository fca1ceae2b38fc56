import { NUMERICAL_ANSWER_MAX_LENGTH, type NumericalKey } from '@app/contracts';

/** A key of the on-screen pad (as NTA's: digits, point, minus, backspace, clear). */
export type PadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | '-' | 'backspace' | 'clear';

/** The text after one pad key: one point at most, the minus sign only in front, never longer than a save takes. */
export function applyPadKey(text: string, key: PadKey): string {
  if (key === 'clear') return '';
  if (key === 'backspace') return text.slice(0, -1);
  if (key === '-') return text.startsWith('-') ? text.slice(1) : text.length < NUMERICAL_ANSWER_MAX_LENGTH ? `-${text}` : text;
  if (text.length >= NUMERICAL_ANSWER_MAX_LENGTH) return text;
  if (key === '.') return text.includes('.') ? text : `${text}${/\d$/.test(text) ? '' : '0'}.`;
  return `${text}${key}`;
}

/** What the keyboard typed into the field, kept to what the pad could have produced. */
export function sanitiseTyped(typed: string): string {
  let text = '';
  for (const char of typed.replace(/,/g, '.')) {
    if (/\d/.test(char)) text = applyPadKey(text, char as PadKey);
    else if (char === '.') text = applyPadKey(text, '.');
    else if (char === '-' && text === '') text = '-';
  }
  return text.slice(0, NUMERICAL_ANSWER_MAX_LENGTH);
}

/** The key as a line of text: `3.14 ± 0.01 cm`, `1 to 2 cm`. */
export function keyText(key: NumericalKey): string {
  const unit = key.unit ? ` ${key.unit}` : '';
  if ('min' in key) return `${key.min} – ${key.max}${unit}`;
  return key.tolerance ? `${key.value} ± ${key.tolerance}${unit}` : `${key.value}${unit}`;
}
