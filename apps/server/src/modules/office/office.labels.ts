import { OFFICE_TEXTS, type Language, type LocalizedText, type OfficeEvaluation, type OfficeText, type OfficeTextKey, type OfficeTextPlaceholder as Placeholder } from '@app/contracts';

/**
 * The evaluation's words (drafted rubric labels, reasons a file was not scored) are the contracts'
 * `OFFICE_TEXTS`. Rubrics and runs keep the English text; a reader gets it in their language when
 * it still has a drafted shape (`localiseOfficeText`).
 */

const fill = (template: string, values: Partial<Record<Placeholder, string | number>>) =>
  template.replace(/\{([abc])\}/g, (_, name: Placeholder) => String(values[name] ?? ''));

/** A text in both languages, its values filled in (rubric drafts keep `.en`). */
export function officeText(key: OfficeTextKey, values: Partial<Record<Placeholder, string | number>> = {}): LocalizedText {
  const en = fill(OFFICE_TEXTS[key].en, values);
  return { en, tn: localiseOfficeText(en, 'tn') };
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each text's English as a pattern whose groups are its values (`(?<a>…)`). */
const PATTERNS = Object.values(OFFICE_TEXTS).map((text: OfficeText) => ({
  text,
  pattern: new RegExp(`^${escape(text.en).replace(/\\?\{([abc])\\?\}/g, (_, name: Placeholder) => `(?<${name}>${text.values?.[name] ?? '.+'})`)}$`, 's'),
}));

/**
 * An evaluation text in the reader's language: a drafted label or a reason the server wrote in
 * English becomes Tamil; anything else (an author's own label) is shown as it was written.
 */
export function localiseOfficeText(text: string, language: Language): string {
  if (language === 'en') return text;
  for (const { text: entry, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => {
        if (entry.nested?.includes(name as Placeholder)) return [name, localiseOfficeText(value, language)];
        if (!entry.words) return [name, value];
        return [name, entry.words[value] ?? value.split(' ').map((word) => entry.words?.[word] ?? word).join(' ')];
      }),
    );
    return fill(entry[language], values);
  }
  return text;
}

/** An evaluation (its checks and unmatched items) in the reader's language. */
export function localiseEvaluation<T extends Pick<OfficeEvaluation, 'unmatched'> & Partial<Pick<OfficeEvaluation, 'checks'>>>(evaluation: T, language: Language): T {
  if (language === 'en') return evaluation;
  return {
    ...evaluation,
    unmatched: evaluation.unmatched.map((item) => localiseOfficeText(item, language)),
    ...(evaluation.checks ? { checks: evaluation.checks.map((check) => ({ ...check, label: localiseOfficeText(check.label, language) })) } : {}),
  };
}
