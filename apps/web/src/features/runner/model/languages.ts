import { PROGRAMMING_LANGUAGES, type ProgrammingLanguage, type QuestionDetails } from '@app/contracts';

/**
 * The languages a question allows, in the product's order (spec 001 §5): a list, a comma string
 * or a list of comma strings; `*` (or nothing at all) means every language. Names match without
 * regard to case, as the runner matches them, so the list never offers one the runner refuses.
 */
export function parseAllowedLanguages(value: readonly string[] | string | null | undefined): ProgrammingLanguage[] {
  const items = (typeof value === 'string' ? [value] : (value ?? []))
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 0 || items.includes('*')) return [...PROGRAMMING_LANGUAGES];
  return PROGRAMMING_LANGUAGES.filter((language) => items.includes(language.toLowerCase()));
}

/** The starting code of a language (spec 001 §3 codeStubs), or empty when the question has none. */
export function stubFor(details: Pick<QuestionDetails, 'codeStubs'> | null | undefined, language: ProgrammingLanguage): string {
  const stubs = details?.codeStubs ?? {};
  if (typeof stubs[language] === 'string') return stubs[language];
  const key = Object.keys(stubs).find((name) => name.toLowerCase() === language.toLowerCase());
  return key ? (stubs[key] ?? '') : '';
}

export function isProgrammingLanguage(value: unknown): value is ProgrammingLanguage {
  return typeof value === 'string' && (PROGRAMMING_LANGUAGES as readonly string[]).includes(value);
}
