import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
// fontkit's Indic shaper (Tamil) expects the regenerator runtime as a global.
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
import { SERVER_ROOT } from './server-paths.js';

/**
 * Fonts for the PDFs the server writes (answer sheets, report exports): the standard Helvetica
 * faces for Latin text, and Noto Sans Tamil (OFL, from its package) embedded, subset, only when
 * some text is written in Tamil. Text is drawn in runs of one script, each with its font.
 */

/** Tamil letters (and the joiners Tamil text may hold): drawn with the embedded Noto Sans Tamil. */
export const TAMIL = /[\u0B80-\u0BFF\u200C\u200D]/;
const TAMIL_FONT = '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff';

let tamilFontBytes: Promise<Buffer> | undefined;
/** The Noto Sans Tamil font, read once from its package. */
export function loadTamilFont(): Promise<Buffer> {
  tamilFontBytes ??= readFile(createRequire(path.join(SERVER_ROOT, 'package.json')).resolve(TAMIL_FONT));
  return tamilFontBytes;
}

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Embedded only when some text needs it. */
  tamil: PDFFont | null;
}

/** Whether any of these texts holds Tamil (and so needs the Tamil font). */
export const needsTamil = (texts: Iterable<string>): boolean => {
  for (const text of texts) if (TAMIL.test(text)) return true;
  return false;
};

/** Embeds Helvetica and Helvetica Bold, and Noto Sans Tamil when `tamil` is true. */
export async function embedPdfFonts(doc: PDFDocument, tamil: boolean): Promise<PdfFonts> {
  if (tamil) doc.registerFontkit(fontkit);
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    tamil: tamil ? await doc.embedFont(await loadTamilFont(), { subset: true }) : null,
  };
}

/** Splits text into runs of one script: Tamil runs go to the Tamil font, the rest to the standard one. */
export function scriptRuns(text: string): { text: string; tamil: boolean }[] {
  const out: { text: string; tamil: boolean }[] = [];
  for (const ch of text) {
    const tamil = TAMIL.test(ch);
    const last = out[out.length - 1];
    if (last && last.tamil === tamil) last.text += ch;
    else out.push({ text: ch, tamil });
  }
  return out;
}

/** The standard PDF fonts speak WinAnsi only; a letter the font lacks is printed as '?' rather than failing the file. */
export function printable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** The runs of `text` with the font each is drawn in and the characters that font can print. */
function shapedRuns(fonts: PdfFonts, text: string, font: PDFFont): { text: string; font: PDFFont }[] {
  return scriptRuns(text).map((run) => {
    const runFont = run.tamil && fonts.tamil ? fonts.tamil : font;
    return { text: printable(runFont, run.text), font: runFont };
  });
}

/** The width of `text` as drawText below draws it. */
export function textWidth(fonts: PdfFonts, text: string, size: number, font: PDFFont = fonts.regular): number {
  return shapedRuns(fonts, text, font).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/** Draws mixed Latin and Tamil text from (x, y); returns its width. */
export function drawText(
  page: PDFPage,
  fonts: PdfFonts,
  text: string,
  at: { x: number; y: number; size: number; font?: PDFFont; color?: RGB },
): number {
  let x = at.x;
  for (const run of shapedRuns(fonts, text, at.font ?? fonts.regular)) {
    if (!run.text) continue;
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, ...(at.color ? { color: at.color } : {}) });
    x += run.font.widthOfTextAtSize(run.text, at.size);
  }
  return x - at.x;
}
