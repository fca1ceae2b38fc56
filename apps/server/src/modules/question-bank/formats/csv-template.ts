import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { QUESTION_KINDS, QUESTION_OPTIONS_MAX, SUPPORTED_LANGUAGES, type Language } from '@app/contracts';
import { SERVER_QUESTION_KINDS, numericalKeyOf, numericalKeyText, parseNumericalKeyText } from '../../../question-kinds/index.js';
import { unescapeCsvCell, writeCsv } from '../../../lib/csv.js';
import { importMessage } from './import-messages.js';
import { isDifficulty, languagesOf, numberOf, orNull } from './shared.js';
import { UnreadableFileError, isExchangeType, type FormatQuestion, type ItemIssue, type ParsedItem, type QuestionDraft, type TextVariant } from './types.js';

/**
 * Our spreadsheet template, one row per question, as CSV (UTF-8) or XLSX. The column table
 * below is the one source of the header, the reader, the writer, the example file and the
 * module README's table (a test keeps the README in step).
 */

export const OPTION_LETTERS = 'ABCDEFGHIJ'.slice(0, QUESTION_OPTIONS_MAX).split('');

export interface TemplateColumn {
  key: string;
  description: string;
}

const perLanguage = (key: string, description: string): TemplateColumn[] =>
  SUPPORTED_LANGUAGES.map((language) => ({ key: `${key}_${language}`, description: `${description} (${language === 'en' ? 'English' : 'Tamil'})` }));

export const TEMPLATE_COLUMNS: TemplateColumn[] = [
  { key: 'kind', description: 'Required. singleChoice, multipleChoice, image, video (choice with a picture or video), text (fill in the blanks), comprehensive (written answer), numerical (a number: correct as 3.14:0.01 for a tolerance or 1..2 for a range, then an optional unit). Matching, ordering and assertion–reason questions have no columns here: use Moodle XML for them.' },
  ...perLanguage('title', 'Short title'),
  { key: 'topic', description: 'Topic names, separated by |; matched by name (unknown ones are reported and left out).' },
  { key: 'tags', description: 'Tags, separated by |.' },
  { key: 'difficulty', description: 'easy, medium or hard (blank: medium).' },
  { key: 'marks', description: 'Marks for a correct answer (blank: 1).' },
  { key: 'negative_marks', description: 'Marks taken for a wrong answer (blank: 0).' },
  { key: 'partial_credit', description: 'yes or no: multiple choice gives part of the marks for part of the answer (blank: no).' },
  {
    key: 'marking',
    description:
      'Multiple choice: standard or jee-advanced (JEE Advanced: full marks for every correct option and no wrong one, +1 per correct option chosen when no wrong one is, the negative mark when any wrong one is) (blank: standard).',
  },
  { key: 'default_language', description: 'en or tn: the language a student sees when the other is missing (blank: en).' },
  { key: 'content_type', description: 'text, html, image or video: how the statement is shown (blank: text).' },
  { key: 'media_url', description: 'Picture or video address (a data: URL for a small picture); required for image and video.' },
  ...perLanguage('statement', 'The question. Fill in the blanks: one {0} per blank. At least one language is required.'),
  ...SUPPORTED_LANGUAGES.flatMap((language) =>
    OPTION_LETTERS.map((letter) => ({ key: `option_${letter.toLowerCase()}_${language}`, description: `Option ${letter} (${language === 'en' ? 'English' : 'Tamil'}); choice kinds need at least two, the same letters in both languages.` })),
  ),
  {
    key: 'correct',
    description:
      'Choice: the correct letter(s), separated by | (B or A|C). Fill in the blanks: one answer per blank separated by ; with alternatives separated by | and a numeric tolerance after ± (100±0.5; H2O|water). A \\ before ; | ± or \\ keeps it literal. Written answer: the model answer. Numerical value: 3.14:0.01 (a value and its tolerance), 1..2 (a range) or 3.14 (exact), then an optional unit after a space (9.8:0.1 m/s²).',
  },
  { key: 'line_limit', description: 'Written answer: the most lines a student may write (required for comprehensive).' },
  { key: 'numeric_tolerance', description: 'Numeric answers: tolerance of the whole question (blank: none).' },
  ...perLanguage('explanation', 'Explanation shown after the answer'),
  ...perLanguage('hint', 'Hint'),
  ...perLanguage('instructions', 'Instructions'),
  ...perLanguage('answer_title', 'Heading of the answer area'),
  { key: 'solution', description: 'Worked solution (staff only).' },
];

const COLUMN_KEYS = TEMPLATE_COLUMNS.map((c) => c.key);
const HEADER_ROW = 1;

// ---------- Escaped lists in one cell ----------

function splitEscaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += value[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
const escapeCell = (value: string) => value.replace(/[\\;|±]/g, (c) => `\\${c}`);

/** Splits on the first unescaped separator only where it is not escaped (keeps escapes for the next split). */
function splitKeepingEscapes(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const list = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);

// ---------- Reading ----------

function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function checkHeader(headers: string[]): void {
  const unknown = headers.filter((h) => h && !COLUMN_KEYS.includes(h));
  if (unknown.length) throw new UnreadableFileError(importMessage('unknownColumn', unknown[0]!), HEADER_ROW);
  if (!headers.includes('kind')) throw new UnreadableFileError(importMessage('missingColumn', 'kind'), HEADER_ROW);
  if (!headers.some((h) => h.startsWith('statement_'))) throw new UnreadableFileError(importMessage('missingColumn', 'statement_en'), HEADER_ROW);
}

/** One row (column key → cell text) as a question, or its errors. */
export function readTemplateRow(row: Record<string, string>, line: number): ParsedItem {
  const cell = (key: string) => (row[key] ?? '').trim();
  const issues: ItemIssue[] = [];
  const kind = cell('kind');
  const title = cell('title_en') || cell('title_tn') || (cell('statement_en') || cell('statement_tn')).slice(0, 80);
  if (!isExchangeType(kind)) return { line, title, question: null, issues: [{ field: 'questionType', message: importMessage('unsupportedKind', kind) }] };

  const num = (key: string, field: string): number | undefined => {
    const value = numberOf(cell(key));
    if (value !== undefined && Number.isNaN(value)) {
      issues.push({ field, message: importMessage('invalidNumber', cell(key)) });
      return undefined;
    }
    return value;
  };
  const languages = SUPPORTED_LANGUAGES.filter((language) => cell(`statement_${language}`));
  const texts: Partial<Record<Language, TextVariant>> = {};
  const shape = SERVER_QUESTION_KINDS[kind].exchange.template;
  // A kind the template has no columns for (matching's two lists, ordering) is this row's error.
  if (shape === null) return { line, title, question: null, issues: [{ field: 'questionType', message: importMessage('kindNotInFormat', kind) }] };
  const isChoice = shape === 'options';
  const isMultiple = QUESTION_KINDS[kind].traits.multipleAnswers;
  for (const language of languages) {
    const variant: TextVariant = {
      title: cell(`title_${language}`),
      data: cell(`statement_${language}`),
      hint: orNull(cell(`hint_${language}`)),
      explanation: orNull(cell(`explanation_${language}`)),
      instructions: orNull(cell(`instructions_${language}`)),
      answerTitle: orNull(cell(`answer_title_${language}`)),
    };
    if (isChoice) {
      variant.options = OPTION_LETTERS.map((letter, i) => ({ answerID: i + 1, answerData: cell(`option_${letter.toLowerCase()}_${language}`) })).filter((o) => o.answerData);
    }
    texts[language] = variant;
  }

  const difficulty = cell('difficulty').toLowerCase();
  if (difficulty && !isDifficulty(difficulty)) issues.push({ field: 'difficulty', message: importMessage('invalidDifficulty', cell('difficulty')) });
  const defaultLanguage = (cell('default_language') || 'en') as Language;
  const draft: QuestionDraft = {
    questionType: kind,
    difficulty: difficulty && isDifficulty(difficulty) ? difficulty : 'medium',
    tags: list(cell('tags')),
    contentType: (cell('content_type') || 'text') as QuestionDraft['contentType'],
    mediaUrl: orNull(cell('media_url')),
    defaultLanguage,
    marks: num('marks', 'marks') ?? 1,
    negativeMarks: num('negative_marks', 'negativeMarks') ?? 0,
    allowsPartialCredit: ['yes', 'y', 'true', '1'].includes(cell('partial_credit').toLowerCase()),
    // Checked with the kind's settings on import: a marking that is none, or one the kind has no setting for, is this row's error.
    ...(cell('marking') ? { marking: cell('marking').toLowerCase() as QuestionDraft['marking'] } : {}),
    numericTolerance: num('numeric_tolerance', 'numericTolerance') ?? null,
    lineNumber: num('line_limit', 'lineNumber') ?? null,
    correctAnswerId: null,
    correctAnswerData: null,
    solution: orNull(cell('solution')),
    texts,
  };

  const correct = row.correct ?? '';
  if (isChoice) {
    const ids = new Set(Object.values(texts).flatMap((t) => t!.options!.map((o) => o.answerID)));
    const letters = list(correct.toUpperCase());
    const chosen = letters.map((letter) => OPTION_LETTERS.indexOf(letter) + 1);
    const bad = letters.find((letter, i) => !chosen[i] || !ids.has(chosen[i]!));
    if (!letters.length) issues.push({ field: 'correctAnswerId', message: importMessage('noCorrectAnswer') });
    else if (bad !== undefined) issues.push({ field: 'correctAnswerId', message: importMessage('invalidLetter', bad) });
    else if (!isMultiple && chosen.length !== 1) issues.push({ field: 'correctAnswerId', message: importMessage('singleNeedsOne') });
    else draft.correctAnswerId = isMultiple ? chosen : chosen[0]!;
  } else if (shape === 'blanks') {
    draft.correctAnswerData = correct.trim()
      ? splitKeepingEscapes(correct.trim(), ';').map((blank) => {
          const [answers, tolerance] = splitKeepingEscapes(blank, '±');
          const values = splitEscaped(answers!, '|').map((v) => v.trim());
          const tol = numberOf(tolerance);
          if (tol !== undefined && Number.isNaN(tol)) issues.push({ field: 'correctAnswerData', message: importMessage('invalidNumber', tolerance!.trim()) });
          return {
            value: values[0] ?? '',
            ...(values.length > 1 ? { alternatives: values.slice(1) } : {}),
            ...(tol !== undefined && !Number.isNaN(tol) ? { tolerance: tol } : {}),
          };
        })
      : [];
  } else if (shape === 'numerical') {
    const key = parseNumericalKeyText(correct);
    if (key) draft.correctAnswerData = key;
    else issues.push({ field: 'correctAnswerData', message: importMessage('invalidNumericalKey', correct.trim()) });
  } else draft.correctAnswerData = orNull(correct);
  return { line, title, question: issues.length ? null : { draft, topics: list(cell('topic')) }, issues };
}

function readRows(headers: string[], rows: string[][], firstLine: number): ParsedItem[] {
  checkHeader(headers);
  const items: ParsedItem[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((c) => !c.trim())) return;
    const row = Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']));
    items.push(readTemplateRow(row, firstLine + index));
  });
  return items;
}

export function parseTemplateCsv(source: string): ParsedItem[] {
  const result = Papa.parse<string[]>(source.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = result.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (fatal) throw new UnreadableFileError(importMessage('badSpreadsheet', fatal.message), (fatal.row ?? 0) + 1);
  // A cell written with a leading quote so that spreadsheets do not run it as a formula reads back as it was.
  const [header = [], ...rows] = result.data.map((row) => row.map(unescapeCsvCell));
  return readRows(header.map(normaliseHeader), rows, HEADER_ROW + 1);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value);
}

export async function parseTemplateXlsx(buffer: Buffer): Promise<ParsedItem[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableFileError(importMessage('badSpreadsheet', (error as Error).message));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError(importMessage('badSpreadsheet', 'no worksheet'));
  const width = sheet.getRow(HEADER_ROW).cellCount;
  const headers = Array.from({ length: width }, (_, i) => normaliseHeader(cellText(sheet.getRow(HEADER_ROW).getCell(i + 1).value)));
  const rows: string[][] = [];
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value)));
  }
  return readRows(headers, rows, HEADER_ROW + 1);
}

// ---------- Writing ----------

const numberCell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** One question as a row of the template (column key → cell text). */
export function templateRowOf(question: FormatQuestion): Record<string, string> {
  const { draft } = question;
  const row: Record<string, string> = Object.fromEntries(COLUMN_KEYS.map((key) => [key, '']));
  row.kind = draft.questionType;
  row.topic = question.topics.join('|');
  row.tags = (draft.tags ?? []).join('|');
  row.difficulty = draft.difficulty ?? '';
  row.marks = numberCell(draft.marks);
  row.negative_marks = numberCell(draft.negativeMarks);
  row.partial_credit = draft.allowsPartialCredit ? 'yes' : 'no';
  row.marking = draft.marking && draft.marking !== 'standard' ? draft.marking : '';
  row.default_language = draft.defaultLanguage ?? 'en';
  row.content_type = draft.contentType ?? 'text';
  row.media_url = draft.mediaUrl ?? '';
  row.line_limit = numberCell(draft.lineNumber);
  row.numeric_tolerance = numberCell(draft.numericTolerance);
  row.solution = draft.solution ?? '';
  for (const language of languagesOf(draft)) {
    const text = draft.texts[language]!;
    row[`title_${language}`] = text.title ?? '';
    row[`statement_${language}`] = text.data;
    row[`explanation_${language}`] = text.explanation ?? '';
    row[`hint_${language}`] = text.hint ?? '';
    row[`instructions_${language}`] = text.instructions ?? '';
    row[`answer_title_${language}`] = text.answerTitle ?? '';
    for (const option of text.options ?? []) {
      const letter = OPTION_LETTERS[option.answerID - 1];
      if (letter) row[`option_${letter.toLowerCase()}_${language}`] = option.answerData;
    }
  }
  const key = draft.correctAnswerId;
  const data = draft.correctAnswerData;
  if (key !== null && key !== undefined) row.correct = (Array.isArray(key) ? key : [key]).map((id) => OPTION_LETTERS[id - 1] ?? '').join('|');
  else if (numericalKeyOf(data)) row.correct = numericalKeyText(numericalKeyOf(data)!);
  else if (Array.isArray(data)) {
    row.correct = data
      .map((blank) => [blank.value, ...(blank.alternatives ?? [])].map(escapeCell).join('|') + (blank.tolerance !== undefined ? `±${blank.tolerance}` : ''))
      .join(';');
  } else row.correct = typeof data === 'string' ? data : '';
  return row;
}

/** A kind the template does not carry, or options beyond the template's letters, cannot be written. */
export function fitsTemplate(question: FormatQuestion): boolean {
  if (SERVER_QUESTION_KINDS[question.draft.questionType].exchange.template === null) return false;
  return Object.values(question.draft.texts).every((t) => (t?.options ?? []).every((o) => o.answerID >= 1 && o.answerID <= OPTION_LETTERS.length));
}

/** The template as CSV (lib/csv.ts: UTF-8 with a byte-order mark for Tamil text, formulas neutralised; the reader undoes that). */
export function writeTemplateCsv(questions: FormatQuestion[]): string {
  const rows = questions.map(templateRowOf).map((row) => COLUMN_KEYS.map((key) => row[key] ?? ''));
  return writeCsv(COLUMN_KEYS, rows);
}

export async function writeTemplateXlsx(questions: FormatQuestion[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.addRow(COLUMN_KEYS);
  sheet.getRow(HEADER_ROW).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const question of questions) {
    const row = templateRowOf(question);
    // Text cells throughout, so that "1" stays the text a reader wrote and a number stays exact.
    sheet.addRow(COLUMN_KEYS.map((key) => row[key] ?? ''));
  }
  const help = workbook.addWorksheet('Columns');
  help.addRow(['column', 'meaning']);
  help.getRow(1).font = { bold: true };
  for (const column of TEMPLATE_COLUMNS) help.addRow([column.key, column.description]);
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 120;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
