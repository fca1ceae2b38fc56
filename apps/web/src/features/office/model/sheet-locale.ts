import { locale, type Context } from '@fortune-sheet/core';
import { SHEET_TAMIL, SHEET_TAMIL_FORMATS } from './sheet-tamil';

type SheetTexts = ReturnType<typeof locale>;

/**
 * FortuneSheet (1.0.x, pinned) looks its texts up in a private table of six languages and has no
 * way to add one; `locale()` hands back the table's own objects. Tamil therefore takes the place of
 * a language we never show (Hindi): its object is filled once with the English texts and our
 * Tamil over them. Decision 031.
 */
export const SHEET_TAMIL_SLOT = 'hi';

const textsOf = (lang: string) => locale({ lang } as Context);

let isInstalled = false;

/** Puts the Tamil texts into FortuneSheet's table (once); the English ones are never touched. */
export function installSheetTamil(): void {
  if (isInstalled) return;
  const english = textsOf('en');
  const slot = textsOf(SHEET_TAMIL_SLOT) as Record<string, unknown>;
  // Without the slot, locale() falls back to the English object: never write into that.
  if ((slot as unknown) === english) throw new Error(`FortuneSheet has no '${SHEET_TAMIL_SLOT}' texts to hold Tamil`);
  const tamil = SHEET_TAMIL as Record<string, Record<string, string>>;
  for (const [section, texts] of Object.entries(english)) {
    slot[section] = tamil[section] ? { ...(texts as object), ...tamil[section] } : texts;
  }
  const formats: SheetTexts['defaultFmt'] = (currency) => english.defaultFmt(currency).map((item) => ({ ...item, text: SHEET_TAMIL_FORMATS[item.text] ?? item.text }));
  slot.defaultFmt = formats;
  isInstalled = true;
}

/** The `lang` to give the Workbook for the interface's language. */
export function sheetLangOf(language: string): string {
  if (language !== 'tn') return 'en';
  installSheetTamil();
  return SHEET_TAMIL_SLOT;
}
