import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { drawText, embedPdfFonts, needsTamil, type PdfFonts } from '../../lib/pdf-fonts.js';
import { buildOmrLayout, encodeSheetCode, OMR_BOOKLET_CODES, type OmrLayout } from './omr.layout.js';

export interface SheetStudent {
  name: string;
  /** Digits only, at most 10; shorter numbers are bubbled left-aligned. */
  rollNumber: string;
}

export interface SheetRequest {
  testId: number;
  testName: string;
  questionCount: number;
  /**
   * Questions (0-based, in the test's order) that cannot be answered on paper (anything but single
   * and multiple choice): their row keeps its number and says "answer online" instead of bubbles.
   */
  onlineQuestions?: readonly number[];
  /** One page per student, pre-filled; none = a single blank sheet. */
  students?: SheetStudent[];
}

const BLACK = rgb(0, 0, 0);
const OUTLINE = rgb(0.45, 0.45, 0.45);
const LABEL = rgb(0.35, 0.35, 0.35);

function drawSheet(page: PDFPage, layout: OmrLayout, request: SheetRequest, fonts: PdfFonts, student?: SheetStudent): void {
  const H = layout.page.height;
  const y = (top: number) => H - top;
  const text = (value: string, x: number, top: number, size: number, font = fonts.regular, colour = BLACK) => {
    drawText(page, fonts, value, { x, y: y(top) - size * 0.35, size, font, color: colour });
  };

  const half = layout.marks.size / 2;
  for (const c of layout.marks.centres) {
    page.drawRectangle({ x: c.x - half, y: y(c.y) - half, width: layout.marks.size, height: layout.marks.size, color: BLACK });
  }
  const bits = encodeSheetCode(request.testId, layout.version);
  const cell = layout.code.size / 2;
  layout.code.cells.forEach((c, i) => {
    if (bits[i]) page.drawRectangle({ x: c.x - cell, y: y(c.y) - cell, width: layout.code.size, height: layout.code.size, color: BLACK });
  });

  text(`NEET answer sheet — ${request.testName}`, layout.header.title.x, layout.header.title.y, 12, fonts.bold);
  text(`Test ${request.testId} · layout ${layout.version} · use a black or blue ball-point pen, fill bubbles completely`, layout.header.details.x, layout.header.details.y, 7.5, fonts.regular, LABEL);
  text(`Name: ${student?.name ?? ''}`, layout.header.details.x, layout.header.details.y + 18, 9);
  if (student) text(`Roll number: ${student.rollNumber}`, layout.header.details.x + 260, layout.header.details.y + 18, 9);

  const firstRoll = layout.roll[0]![0]!;
  text('Roll number', firstRoll.x - 4, layout.header.rollBoxes[0]!.y - 14, 8, fonts.bold);
  const rollDigits = student?.rollNumber ?? '';
  layout.header.rollBoxes.forEach((box, i) => {
    page.drawRectangle({ x: box.x - 6, y: y(box.y) - 6, width: 12, height: 12, borderColor: OUTLINE, borderWidth: 0.6 });
    const digit = rollDigits[i];
    if (digit) text(digit, box.x - 2.5, box.y, 8);
  });
  for (let d = 0; d < 10; d += 1) text(String(d), firstRoll.x - 14, layout.roll[0]![d]!.y, 6.5, fonts.regular, LABEL);

  const bubble = (b: { x: number; y: number; r: number }, filled: boolean) =>
    page.drawCircle({ x: b.x, y: y(b.y), size: b.r, borderColor: OUTLINE, borderWidth: 0.6, ...(filled ? { color: BLACK } : {}) });
  layout.roll.forEach((column, c) => column.forEach((b, d) => bubble(b, rollDigits[c] === String(d))));

  text('Booklet code', layout.booklet[0]!.x - 16, layout.header.rollBoxes[0]!.y - 14, 8, fonts.bold);
  layout.booklet.forEach((b, i) => {
    text(OMR_BOOKLET_CODES[i]!, b.x - 14, b.y, 6.5, fonts.regular, LABEL);
    bubble(b, false);
  });

  const online = new Set(request.onlineQuestions ?? []);
  layout.questions.forEach((options, q) => {
    const label = String(q + 1);
    const size = 6.5;
    const labelPoint = layout.questionLabels[q]!;
    text(label, labelPoint.x - fonts.regular.widthOfTextAtSize(label, size), labelPoint.y, size, fonts.regular, LABEL);
    if (online.has(q)) text('answer online', options[0]!.x - options[0]!.r, labelPoint.y, 6, fonts.regular, LABEL);
    else options.forEach((b) => bubble(b, false));
    if (q % 50 === 0) options.forEach((b, o) => text(String(o + 1), b.x - 1.8, b.y - 9, 6, fonts.bold, LABEL));
  });
}

/** A printable PDF: a blank sheet, or one pre-filled page per student (name printed, roll number printed and bubbled). */
export async function generateSheetPdf(request: SheetRequest): Promise<Uint8Array> {
  const layout = buildOmrLayout(request.questionCount);
  const doc = await PDFDocument.create();
  doc.setTitle(`Answer sheets — ${request.testName}`);
  doc.setSubject(`omr:test=${request.testId};layout=${layout.version};questions=${request.questionCount}`);
  doc.setCreator('NEET prep');
  const fonts = await embedPdfFonts(doc, needsTamil([request.testName, ...(request.students ?? []).map((s) => s.name)]));
  const students = request.students && request.students.length > 0 ? request.students : [undefined];
  for (const student of students) {
    if (student && !/^\d{1,10}$/.test(student.rollNumber)) throw new RangeError('roll numbers are 1–10 digits');
    const page = doc.addPage([layout.page.width, layout.page.height]);
    drawSheet(page, layout, request, fonts, student);
  }
  return doc.save();
}
