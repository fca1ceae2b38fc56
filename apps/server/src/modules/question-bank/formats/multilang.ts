import type { Language } from '@app/contracts';

/**
 * Two languages in one text field, as Moodle's multi-language filters write them:
 * `{mlang en}…{mlang}{mlang ta}…{mlang}` (filter_multilang2) or
 * `<span lang="ta" class="multilang">…</span>` (the core filter). Tamil is `ta` there, `tn` here.
 */
const MLANG = /\{mlang\s+([\w-]+)\s*\}([\s\S]*?)\{mlang\}/gi;
const SPAN = /<span\s+(?:lang="([\w-]+)"\s+class="multilang"|class="multilang"\s+lang="([\w-]+)")\s*>([\s\S]*?)<\/span>/gi;

const toLanguage = (code: string): Language | null => {
  const lower = code.toLowerCase();
  if (lower === 'ta' || lower === 'tn' || lower.startsWith('ta_') || lower.startsWith('ta-')) return 'tn';
  if (lower === 'en' || lower === 'other' || lower.startsWith('en_') || lower.startsWith('en-')) return 'en';
  return null;
};

/** The text of each language; a text without language blocks is the same in every language (null). */
export function splitLanguages(text: string): Partial<Record<Language, string>> | null {
  const out: Partial<Record<Language, string>> = {};
  let found = false;
  for (const match of text.matchAll(MLANG)) {
    found = true;
    const language = toLanguage(match[1]!);
    if (language && out[language] === undefined) out[language] = match[2]!.trim();
  }
  if (!found) {
    for (const match of text.matchAll(SPAN)) {
      found = true;
      const language = toLanguage(match[1] ?? match[2]!);
      if (language && out[language] === undefined) out[language] = match[3]!.trim();
    }
  }
  return found ? out : null;
}

/** The text in one language: its block, or the whole text when it has no blocks. */
export function textIn(text: string, language: Language): string | undefined {
  const split = splitLanguages(text);
  return split ? split[language] : text.trim();
}

/**
 * One field in the languages of a question. With one language (English) the text is written
 * plain, so other systems read it as is; otherwise each language gets its block.
 */
export function joinLanguages(values: Partial<Record<Language, string | null | undefined>>, languages: Language[]): string {
  if (languages.length === 1 && languages[0] === 'en') return values.en ?? '';
  return languages
    .filter((language) => values[language] !== null && values[language] !== undefined)
    .map((language) => `{mlang ${language === 'tn' ? 'ta' : language}}${values[language]}{mlang}`)
    .join('');
}
