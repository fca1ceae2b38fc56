import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateCorpusSheet, type MarkPlan } from '../../apps/server/src/modules/omr/omr.corpus';

/** What a printed answer-sheet PDF says about itself: its test, its question count, and each page's student. */
export interface PrintedSheets {
  testId: number;
  questionCount: number;
  students: { name: string; rollNumber: string }[];
  /** Questions printed without bubbles ("answer online"), 1-based, from the first page. */
  online: number[];
}

export async function readPrintedSheets(pdf: Buffer): Promise<PrintedSheets> {
  const subject = (await PDFDocument.load(pdf)).getSubject() ?? '';
  const match = /omr:test=(\d+);layout=\d+;questions=(\d+)/.exec(subject);
  if (!match) throw new Error(`not an answer-sheet PDF: ${subject}`);
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const students: PrintedSheets['students'] = [];
  const online: number[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const items = (await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : ''));
    if (i === 1) {
      const words = items.map((item) => item.trim()).filter(Boolean);
      words.forEach((word, at) => {
        if (word === 'answer online') online.push(Number(words[at - 1]));
      });
    }
    const text = items.join('');
    const name = /Name: (.*?)Roll number/.exec(text)?.[1]?.trim() ?? '';
    const roll = /Roll number: (\d+)/.exec(text)?.[1] ?? '';
    students.push({ name, rollNumber: roll });
  }
  await doc.destroy();
  return { testId: Number(match[1]), questionCount: Number(match[2]), students, online };
}

const SCAN = { dpi: 150, rotateDeg: 0.8, skewDeg: 0, blurSigma: 0, noise: 2, perspective: 0 };
const PHOTO = { dpi: 200, rotateDeg: -2, skewDeg: 0.5, blurSigma: 0, noise: 3, perspective: 0.04 };

/** Filled sheets, scanned into one PDF as a school's scanner writes it (one image per page). */
export async function scannedBatch(testId: number, questionCount: number, sheets: { rollNumber: string; plan: MarkPlan }[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const [i, sheet] of sheets.entries()) {
    const { file } = await generateCorpusSheet(900 + i, SCAN, questionCount, testId, sheet.rollNumber, sheet.plan);
    const image = await doc.embedPng(file);
    doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await doc.save());
}

/** A phone photo (JPEG) of one filled sheet. */
export async function phonePhoto(testId: number, questionCount: number, rollNumber: string, plan: MarkPlan): Promise<Buffer> {
  return (await generateCorpusSheet(950, PHOTO, questionCount, testId, rollNumber, plan)).file;
}

/** The demo roster (seed-students): student i is FIRST_NAMES[i % 20] LAST_NAMES[i / 20], username sunrise.s(i+1). */
const FIRST_NAMES = ['Aarthi', 'Bharath', 'Chitra', 'Dinesh', 'Eswari', 'Farhan', 'Gowri', 'Hari', 'Indhu', 'Jeeva', 'Kavya', 'Lokesh', 'Madhu', 'Naveen', 'Oviya', 'Pranav', 'Revathi', 'Sanjay', 'Tharani', 'Vignesh'];
const LAST_NAMES = ['Anand', 'Balaji', 'Chandran', 'Devi', 'Ganesan', 'Kannan', 'Murugan', 'Natarajan', 'Raja', 'Subramanian'];

/** The roster username of a printed name, or null for an account outside the roster. */
export function rosterUsername(name: string): string | null {
  const [first, last] = name.split(' ');
  const f = FIRST_NAMES.indexOf(first ?? '');
  const l = LAST_NAMES.indexOf(last ?? '');
  if (f < 0 || l < 0) return null;
  return `sunrise.s${String(l * 20 + f + 1).padStart(3, '0')}`;
}
