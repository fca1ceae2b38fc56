import type { QuestionExportFormat, QuestionImportFormat } from '@app/contracts';
import { looksLikeAiken, parseAiken } from './aiken.js';
import { fitsTemplate, parseTemplateCsv, parseTemplateXlsx, writeTemplateCsv, writeTemplateXlsx } from './csv-template.js';
import { fitsGift, parseGift, writeGift } from './gift.js';
import { importMessage } from './import-messages.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { UnreadableFileError, type FormatQuestion, type ParsedItem } from './types.js';

export { EXAMPLE_QUESTIONS } from './examples.js';
export { fitsTemplate, TEMPLATE_COLUMNS } from './csv-template.js';
export { fitsGift } from './gift.js';
export { importMessage } from './import-messages.js';
export * from './types.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const textOf = (buffer: Buffer) => buffer.toString('utf8').replace(/^\uFEFF/, '');

/** The format of a file from its content (the name and the browser's type are not trusted). */
export function detectFormat(buffer: Buffer): QuestionImportFormat | null {
  if (ZIP_MAGIC.every((byte, i) => buffer[i] === byte)) return 'xlsx';
  const text = textOf(buffer.subarray(0, 64 * 1024)).trimStart();
  if (text.startsWith('<?xml') || text.startsWith('<quiz')) return 'moodleXml';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const headers = firstLine.split(',').map((h) => h.replace(/"/g, '').trim().toLowerCase());
  if (headers.includes('kind') && headers.some((h) => h.startsWith('statement'))) return 'csv';
  if (looksLikeAiken(text)) return 'aiken';
  if (/\{[\s\S]*\}/.test(text)) return 'gift';
  return null;
}

/** Every question of a file, each valid as read or with its errors; throws UnreadableFileError. */
export async function parseQuestionFile(buffer: Buffer, format: QuestionImportFormat): Promise<ParsedItem[]> {
  switch (format) {
    case 'xlsx':
      return parseTemplateXlsx(buffer);
    case 'csv':
      return parseTemplateCsv(textOf(buffer));
    case 'moodleXml':
      return parseMoodleXml(textOf(buffer));
    case 'aiken':
      return parseAiken(textOf(buffer));
    case 'gift':
      return parseGift(textOf(buffer));
    default:
      throw new UnreadableFileError(importMessage('badSpreadsheet', String(format)));
  }
}

export const EXPORT_FILE_TYPES: Record<QuestionExportFormat, { extension: string; contentType: string }> = {
  moodleXml: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
  gift: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** Whether a format holds a question (Moodle XML holds every exchangeable kind). */
export function fitsFormat(question: FormatQuestion, format: QuestionExportFormat): boolean {
  return format === 'moodleXml' || (format === 'gift' ? fitsGift(question) : fitsTemplate(question));
}

export async function writeQuestionFile(questions: FormatQuestion[], format: QuestionExportFormat): Promise<Buffer> {
  if (format === 'xlsx') return writeTemplateXlsx(questions);
  return Buffer.from(format === 'csv' ? writeTemplateCsv(questions) : format === 'gift' ? writeGift(questions) : writeMoodleXml(questions), 'utf8');
}
