import { FALLBACK_LANGUAGE, MESSAGES, SUPPORTED_LANGUAGES, type Language, type LocalizedText } from '@app/contracts';

export function languageOf(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE;
}

/** Turns a catalogue key (as zod issues carry them) or a localized text into the user's language. */
export function translate(textOrKey: string | LocalizedText, language: Language): string {
  if (typeof textOrKey !== 'string') return textOrKey[language] ?? textOrKey.en;
  const entry = (MESSAGES as Record<string, LocalizedText>)[textOrKey];
  return entry ? (entry[language] ?? entry.en) : textOrKey;
}
