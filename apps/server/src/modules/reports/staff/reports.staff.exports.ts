import {
  EQUATING_EXPORT_COLUMNS,
  EQUATING_EXPORT_TEXTS,
  EQUATING_NOTE_ORDER,
  EQUATING_NOTES,
  type EquatingShift,
  type ExamEquating,
  type ExamStatistics,
  type LocalizedText,
  type ReportMatrix,
} from '@app/contracts';
import ExcelJS from 'exceljs';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { writeCsv } from '../../../lib/csv.js';
import { plainTextPreview } from '../../../lib/html-sanitizer.js';
import { drawText, embedPdfFonts, needsTamil, textWidth } from '../../../lib/pdf-fonts.js';
import { isoInZone } from '../../../lib/zoned-dates.js';

/** A report file as the routes send it. */
export interface ReportFile {
  buffer: Buffer;
  fileName: string;
  contentType: string;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

type Cell = string | number | null;

/** A name safe for a file: letters, digits and dashes. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'report'
  );
}

/** A CSV export: UTF-8 with a byte-order mark (Tamil names), cells a spreadsheet would run as formulas neutralised (lib/csv.ts). */
function csvOf(header: string[], rows: Cell[][]): Buffer {
  return Buffer.from(writeCsv(header, rows), 'utf8');
}

async function xlsxOf(sheets: Array<{ name: string; header: string[]; rows: Cell[][] }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    ws.addRow(sheet.header);
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of sheet.rows) ws.addRow(row.map((c) => (c === null ? '' : c)));
    ws.columns.forEach((column, i) => {
      column.width = Math.min(40, Math.max(10, ...[sheet.header[i] ?? '', ...sheet.rows.map((r) => String(r[i] ?? ''))].map((v) => v.length + 2)));
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ── The matrix ──────────────────────────────────────────────────────────────────────────────────

function matrixTable(matrix: ReportMatrix, rows: ReportMatrix['students']): { header: string[]; rows: Cell[][] } {
  const header = ['Student', 'Username', 'Section', ...matrix.tests.map((t) => `${t.taskName} (/${t.total})`), 'Tests taken', 'Average %'];
  return {
    header,
    rows: rows.map((s) => [s.displayName, s.username, s.sectionName ?? '', ...s.scores, s.taken, s.average]),
  };
}

export async function matrixFile(matrix: ReportMatrix, rows: ReportMatrix['students'], format: 'csv' | 'xlsx'): Promise<ReportFile> {
  const table = matrixTable(matrix, rows);
  const name = `report-${fileSlug(`${matrix.className}${matrix.sectionName ? `-${matrix.sectionName}` : ''}`)}`;
  if (format === 'csv') return { buffer: csvOf(table.header, table.rows), fileName: `${name}.csv`, contentType: CONTENT_TYPES.csv };
  return { buffer: await xlsxOf([{ name: 'Students x tests', ...table }]), fileName: `${name}.xlsx`, contentType: CONTENT_TYPES.xlsx };
}

// ── A test's statistics ─────────────────────────────────────────────────────────────────────────

/** An item's question in a file: its title, or the start of its statement as text. */
const questionLabel = (item: ExamStatistics['items'][number]) => item.title || plainTextPreview(item.text, 120);
const ITEM_HEADER = ['Q#', 'Question', 'Section', 'Topics', 'Max mark', 'Attempts', 'Facility %', 'SD %', 'Discrimination index %', 'Discriminative efficiency %', 'Effective weight %', 'Correct', 'Wrong', 'Unanswered', 'Flags'];
const itemRows = (stats: ExamStatistics): Cell[][] =>
  stats.items.map((i) => [i.number, questionLabel(i), i.section, i.topics.join('; '), i.maxMark, i.attempts, i.facility, i.sd, i.discriminationIndex, i.discriminativeEfficiency, i.effectiveWeight, i.counts.correct, i.counts.wrong, i.counts.unanswered, i.flags.join(' ')]);
const STUDENT_HEADER = ['Rank', 'Student', 'Username', 'Scored', 'Total', 'Percentage', 'Correct', 'Wrong', 'Skipped', 'Submitted at'];
const studentRows = (stats: ExamStatistics): Cell[][] => stats.students.map((s) => [s.rank, s.displayName, s.username, s.scored, s.total, s.percentage, s.correct, s.wrong, s.skipped, s.submittedAt]);
const summaryRows = (stats: ExamStatistics): Cell[][] => [
  ['Test', stats.TaskName],
  ['First attempts', stats.attempts],
  ['Total marks', stats.total],
  ['Mean', stats.scores.mean],
  ['Median', stats.scores.median],
  ['Standard deviation', stats.scores.sd],
  ['Skewness', stats.scores.skewness],
  ['Kurtosis', stats.scores.kurtosis],
  ['Lowest', stats.scores.min],
  ['Highest', stats.scores.max],
  ['Coefficient of internal consistency %', stats.consistency.cic],
  ['Error ratio %', stats.consistency.errorRatio],
  ['Standard error (marks)', stats.consistency.standardError],
];

export async function statisticsFile(stats: ExamStatistics, format: 'csv' | 'xlsx' | 'pdf'): Promise<ReportFile> {
  const name = `exam-statistics-${fileSlug(stats.TaskName)}`;
  if (format === 'csv') return { buffer: csvOf(ITEM_HEADER, itemRows(stats)), fileName: `${name}.csv`, contentType: CONTENT_TYPES.csv };
  if (format === 'xlsx') {
    const buffer = await xlsxOf([
      { name: 'Summary', header: ['Figure', 'Value'], rows: summaryRows(stats) },
      { name: 'Distribution', header: ['From', 'To', 'Attempts'], rows: stats.histogram.map((b) => [b.from, b.to, b.count]) },
      { name: 'Items', header: ITEM_HEADER, rows: itemRows(stats) },
      {
        name: 'Options',
        header: ['Q#', 'Option', 'Text', 'Correct', 'Chosen', 'Top third', 'Bottom third'],
        rows: stats.items.flatMap((i) => i.options.map((o) => [i.number, o.answerId === 0 ? 'none' : o.answerId, o.label, o.isCorrect ? 'yes' : '', o.chosen, o.top, o.bottom])),
      },
      { name: 'Sections', header: ['Section', 'Questions', 'Mean scored', 'Total', 'Accuracy %'], rows: stats.sections.map((s) => [s.name, s.questions, s.meanScored, s.total, s.accuracy]) },
      { name: 'Topics', header: ['Section', 'Topic', 'Questions', 'Mean scored', 'Total', 'Accuracy %'], rows: stats.topics.map((t) => [t.section, t.topic, t.questions, t.meanScored, t.total, t.accuracy]) },
      { name: 'Students', header: STUDENT_HEADER, rows: studentRows(stats) },
    ]);
    return { buffer, fileName: `${name}.xlsx`, contentType: CONTENT_TYPES.xlsx };
  }
  return { buffer: await statisticsPdf(stats), fileName: `${name}.pdf`, contentType: CONTENT_TYPES.pdf };
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Every name the statistics PDF prints: Tamil ones need the Tamil font embedded. */
const namesIn = (stats: ExamStatistics) => [stats.TaskName, ...stats.sections.map((s) => s.name), ...stats.items.flatMap((i) => [i.section, questionLabel(i)]), ...stats.students.map((s) => s.displayName)];

async function statisticsPdf(stats: ExamStatistics): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Exam statistics: ${stats.TaskName}`);
  // Latin text in Helvetica, Tamil in the embedded Noto Sans Tamil; anything else prints as "?".
  const fonts = await embedPdfFonts(doc, needsTamil(namesIn(stats)));
  const A4 = [595.28, 841.89] as const;
  const margin = 40;
  let page: PDFPage = doc.addPage([...A4]);
  let y = A4[1] - margin;
  const line = (text: string, size = 9, font: PDFFont = fonts.regular) => {
    if (y < margin + size) {
      page = doc.addPage([...A4]);
      y = A4[1] - margin;
    }
    drawText(page, fonts, text, { x: margin, y, size, font, color: rgb(0, 0, 0) });
    y -= size + 4;
  };
  const table = (header: string[], rows: Cell[][], widths: number[]) => {
    const draw = (cells: Cell[], font: PDFFont) => {
      if (y < margin + 9) {
        page = doc.addPage([...A4]);
        y = A4[1] - margin;
      }
      let x = margin;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 60;
        // Cut whole letters (a Tamil letter may be several code points) until the cell fits.
        let text = [...graphemes.segment(cell === null ? '' : String(cell))].map((g) => g.segment);
        while (text.length > 1 && textWidth(fonts, text.join(''), 8, font) > width - 4) text = text.slice(0, -1);
        drawText(page, fonts, text.join(''), { x, y, size: 8, font });
        x += width;
      });
      y -= 12;
    };
    draw(header, fonts.bold);
    for (const row of rows) draw(row, fonts.regular);
    y -= 6;
  };

  line(`Exam statistics: ${stats.TaskName}`, 14, fonts.bold);
  line('First attempts only. Figures as Moodle’s quiz statistics computes them.'.replace('’', "'"), 8);
  y -= 4;
  table(['Figure', 'Value'], summaryRows(stats).slice(1), [220, 120]);
  line('Score distribution', 11, fonts.bold);
  const most = Math.max(1, ...stats.histogram.map((b) => b.count));
  for (const bin of stats.histogram) {
    if (y < margin + 12) {
      page = doc.addPage([...A4]);
      y = A4[1] - margin;
    }
    page.drawText(`${bin.from} to ${bin.to}`, { x: margin, y, size: 8, font: fonts.regular });
    page.drawRectangle({ x: margin + 90, y: y - 1, width: Math.max(0.5, (bin.count / most) * 300), height: 8, color: rgb(0.25, 0.45, 0.75) });
    page.drawText(String(bin.count), { x: margin + 396, y, size: 8, font: fonts.regular });
    y -= 12;
  }
  y -= 6;
  line('Sections', 11, fonts.bold);
  table(['Section', 'Questions', 'Mean scored', 'Total', 'Accuracy %'], stats.sections.map((s) => [s.name, s.questions, s.meanScored, s.total, s.accuracy]), [180, 70, 80, 70, 80]);
  line('Items', 11, fonts.bold);
  table(
    ['Q#', 'Section', 'Facility %', 'SD %', 'Discr. index %', 'Discr. eff. %', 'Attempts', 'Flags'],
    stats.items.map((i) => [i.number, i.section, i.facility, i.sd, i.discriminationIndex, i.discriminativeEfficiency, i.attempts, i.flags.join(' ')]),
    [30, 90, 60, 50, 70, 70, 50, 95],
  );
  line('Questions', 11, fonts.bold);
  table(['Q#', 'Question', 'Section'], stats.items.map((i) => [i.number, questionLabel(i), i.section]), [30, 395, 90]);
  line('Results', 11, fonts.bold);
  table(['Rank', 'Student', 'Username', 'Scored', 'Total', '%'], stats.students.map((s) => [s.rank, s.displayName, s.username, s.scored, s.total, s.percentage]), [40, 170, 120, 60, 60, 50]);
  return Buffer.from(await doc.save());
}

// ── Scores on one scale across shifts (decision 066) ────────────────────────────────────────────

/** A text as an export cell: its English, then its Tamil (the Exam Report's equating view words them the same). */
const both = (text: LocalizedText) => `${text.en} / ${text.tn}`;
const T = EQUATING_EXPORT_TEXTS;

/** What each figure means: the notes of the screen (contracts' EQUATING_NOTES), English then Tamil. */
const equatingNotes = (): Cell[][] =>
  EQUATING_NOTE_ORDER.flatMap((key) => [
    [EQUATING_NOTES.en[key].term, EQUATING_NOTES.en[key].text],
    [EQUATING_NOTES.tn[key].term, EQUATING_NOTES.tn[key].text],
  ]);

/** A shift as a cell: its place and when it opened (local time of the institute's zone), or "outside any window". */
function shiftLabel(shift: EquatingShift | undefined, timeZone: string): string {
  if (!shift || shift.shiftId === null) return both(T.unscheduled);
  const place = [shift.instituteName, shift.className, shift.sectionName].filter(Boolean).join(' · ');
  return shift.opensAt ? `${place} (${isoInZone(new Date(shift.opensAt), timeZone).slice(0, 16).replace('T', ' ')})` : place;
}

/** The calibration and reference form the equated scores rest on, in both languages. */
function equatingBasis(report: ExamEquating, timeZone: string): Cell[][] {
  if (!report.calibration) return [[T.noCalibration.en], [T.noCalibration.tn]];
  const c = report.calibration;
  const reference = shiftLabel(
    report.shifts.find((s) => s.shiftId === report.reference.shiftId),
    timeZone,
  );
  const scope = c.instituteName ?? both(T.clientBank);
  const model = c.model === 'rasch' ? both(T.rasch) : c.model === '3pl' ? '3PL' : '2PL';
  return [
    [`${both(T.calibration)}: ${scope}, ${model}, ${c.calibratedAt.slice(0, 10)}`],
    [`${both(T.referenceForm)}: ${reference}, ${report.reference.calibratedItems} ${both(T.calibratedQuestionsCount)}, ${report.reference.maxScore} ${both(T.marks)}`],
  ];
}

/** The equated table, one row per first attempt in the report's order (best equated score first). */
export function equatingTable(report: ExamEquating, timeZone: string): { header: string[]; rows: Cell[][] } {
  const shifts = new Map(report.shifts.map((s) => [s.shiftId, s]));
  return {
    header: EQUATING_EXPORT_COLUMNS.map((column) => both(T[column])),
    rows: report.rows.map((r) => [
      r.equatedRank,
      r.displayName,
      shiftLabel(shifts.get(r.shiftId), timeZone),
      r.rawScore,
      r.total,
      r.shiftPercentile,
      r.ability,
      r.abilitySe,
      r.equatedScore,
      r.equatedSpread,
      r.calibratedItems,
      r.excludedItems,
    ]),
  };
}

/**
 * The scores across shifts as a file. XLSX: the table, then a sheet of what each figure means
 * (English and Tamil) with the calibration and reference form. CSV: the table, a blank line and
 * the same notes, one per line (term, meaning), so the file is read with them as on the screen.
 */
export async function equatingFile(report: ExamEquating, format: 'csv' | 'xlsx', timeZone: string): Promise<ReportFile> {
  const table = equatingTable(report, timeZone);
  const name = `exam-equating-${fileSlug(report.taskName)}`;
  const notes: Cell[][] = [...equatingNotes(), ...equatingBasis(report, timeZone)];
  if (format === 'csv') return { buffer: csvOf(table.header, [...table.rows, [], ...notes]), fileName: `${name}.csv`, contentType: CONTENT_TYPES.csv };
  const buffer = await xlsxOf([
    { name: 'Scores across shifts', ...table },
    { name: 'Notes', header: [both(T.figure), both(T.meaning)], rows: notes },
  ]);
  return { buffer, fileName: `${name}.xlsx`, contentType: CONTENT_TYPES.xlsx };
}
