import type { Language } from './constants.js';
import type { LocalizedText } from './errors.js';

/** The values of a text's `{name}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/** A template with its `{name}` placeholders filled in; one without a value stays as written. */
export function fillTemplate(template: string, values: TextValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * A text of one of the contracts' tables (mails, import and package messages, export headers) in
 * both languages, its placeholders filled in. The server sends no text that is not in such a table.
 */
export function fillText(text: LocalizedText, values: TextValues = {}): LocalizedText {
  return { en: fillTemplate(text.en, values), tn: fillTemplate(text.tn, values) };
}

/** One language of such a text, its placeholders filled in. */
export function textIn(text: LocalizedText, language: Language, values: TextValues = {}): string {
  return fillTemplate(text[language] ?? text.en, values);
}

/** Texts of the tables written one after the other, language by language (a message and where it applies). */
export function joinTexts(...texts: LocalizedText[]): LocalizedText {
  return { en: texts.map((text) => text.en).join(''), tn: texts.map((text) => text.tn).join('') };
}

/**
 * A text that is already in the reader's language (a message translated before, or a value such as
 * a file name), carried where a text in both languages is expected: both languages show it as it is.
 */
export function asWritten(text: string): LocalizedText {
  return { en: text, tn: text };
}
