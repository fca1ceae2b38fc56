/**
 * The one description of an answer sheet. The PDF generator draws it, the recogniser reads it,
 * and the test corpus fills it; all three use these coordinates, so they cannot drift apart.
 *
 * Units are PDF points on an A4 page with the origin at the top left and y growing downwards
 * (the PDF writer flips y itself).
 */

export const OMR_LAYOUT_VERSION = 1;
export const OMR_MAX_QUESTIONS = 200;
export const OMR_OPTIONS = 4;
export const OMR_ROLL_DIGITS = 10;
export const OMR_BOOKLET_CODES = ['A', 'B', 'C', 'D'] as const;

/** The code strip: 8 bits of layout version, 24 bits of test id, 8 bits of checksum. */
export const OMR_CODE_BITS = 40;
export const OMR_MAX_TEST_ID = 2 ** 24 - 1;

export interface Point {
  x: number;
  y: number;
}

export interface Bubble extends Point {
  r: number;
}

export interface OmrLayout {
  version: number;
  page: { width: number; height: number };
  /** Solid squares whose centres anchor the perspective transform: top-left, top-right, bottom-right, bottom-left. */
  marks: { centres: [Point, Point, Point, Point]; size: number };
  /** Printed cells: black = 1. */
  code: { cells: Point[]; size: number };
  /** roll[column][digit]. */
  roll: Bubble[][];
  booklet: Bubble[];
  /** questions[question][option]. */
  questions: Bubble[][];
  /** Where each question's number is printed (right edge, baseline centre). */
  questionLabels: Point[];
  header: { title: Point; details: Point; rollBoxes: Point[] };
}

const A4 = { width: 595.28, height: 841.89 };
const MARK_SIZE = 18;
const MARK_INSET = 24;
const BUBBLE_R = 3.6;
const ROWS_PER_COLUMN = 50;
const ROW_PITCH = 9.4;
const OPTION_PITCH = 17;
const QUESTION_COLUMN_WIDTH = 128;
const QUESTIONS_LEFT = 62;
const QUESTIONS_TOP = 318;
const ROLL_LEFT = 70;
const ROLL_TOP = 166;
const ROLL_COLUMN_PITCH = 16;
const ROLL_ROW_PITCH = 13;
const CODE_LEFT = 150;
const CODE_TOP = 36;
const CODE_PITCH = 7.4;
const CODE_CELL = 5.6;

/** Builds the layout for a sheet with `questionCount` questions (1–200), in columns of 50 as on NEET's sheet. */
export function buildOmrLayout(questionCount: number): OmrLayout {
  if (!Number.isInteger(questionCount) || questionCount < 1 || questionCount > OMR_MAX_QUESTIONS) {
    throw new RangeError(`questionCount must be 1–${OMR_MAX_QUESTIONS}`);
  }
  const half = MARK_SIZE / 2;
  const left = MARK_INSET + half;
  const right = A4.width - MARK_INSET - half;
  const top = MARK_INSET + half;
  const bottom = A4.height - MARK_INSET - half;

  const questions: Bubble[][] = [];
  const questionLabels: Point[] = [];
  for (let q = 0; q < questionCount; q += 1) {
    const column = Math.floor(q / ROWS_PER_COLUMN);
    const row = q % ROWS_PER_COLUMN;
    const x0 = QUESTIONS_LEFT + column * QUESTION_COLUMN_WIDTH;
    const y = QUESTIONS_TOP + row * ROW_PITCH;
    questionLabels.push({ x: x0 - 8, y });
    questions.push(Array.from({ length: OMR_OPTIONS }, (_, o) => ({ x: x0 + o * OPTION_PITCH, y, r: BUBBLE_R })));
  }

  const roll = Array.from({ length: OMR_ROLL_DIGITS }, (_, c) =>
    Array.from({ length: 10 }, (_, d) => ({ x: ROLL_LEFT + c * ROLL_COLUMN_PITCH, y: ROLL_TOP + d * ROLL_ROW_PITCH, r: BUBBLE_R })),
  );
  const bookletX = ROLL_LEFT + OMR_ROLL_DIGITS * ROLL_COLUMN_PITCH + 60;
  const booklet = OMR_BOOKLET_CODES.map((_, i) => ({ x: bookletX, y: ROLL_TOP + i * ROLL_ROW_PITCH, r: BUBBLE_R }));

  const code = Array.from({ length: OMR_CODE_BITS }, (_, i) => ({ x: CODE_LEFT + i * CODE_PITCH, y: CODE_TOP }));

  return {
    version: OMR_LAYOUT_VERSION,
    page: { ...A4 },
    marks: {
      centres: [
        { x: left, y: top },
        { x: right, y: top },
        { x: right, y: bottom },
        { x: left, y: bottom },
      ],
      size: MARK_SIZE,
    },
    code: { cells: code, size: CODE_CELL },
    roll,
    booklet,
    questions,
    questionLabels,
    header: {
      title: { x: 62, y: 70 },
      details: { x: 62, y: 88 },
      rollBoxes: roll.map((column) => ({ x: column[0]!.x, y: ROLL_TOP - 16 })),
    },
  };
}

/** CRC-8 (polynomial 0x07) over the strip's 32 payload bits, so a misread strip is refused, not misfiled. */
function crc8(bytes: number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function payloadBytes(version: number, testId: number): number[] {
  return [version & 0xff, (testId >> 16) & 0xff, (testId >> 8) & 0xff, testId & 0xff];
}

/** The strip's bits, most significant first: version, test id, checksum. */
export function encodeSheetCode(testId: number, version = OMR_LAYOUT_VERSION): boolean[] {
  if (!Number.isInteger(testId) || testId < 0 || testId > OMR_MAX_TEST_ID) throw new RangeError('testId out of range');
  const bytes = payloadBytes(version, testId);
  bytes.push(crc8(bytes));
  return bytes.flatMap((byte) => Array.from({ length: 8 }, (_, i) => ((byte >> (7 - i)) & 1) === 1));
}

/** Reads the strip's bits back; null when the checksum does not match. */
export function decodeSheetCode(bits: boolean[]): { version: number; testId: number } | null {
  if (bits.length !== OMR_CODE_BITS) return null;
  const bytes = Array.from({ length: 5 }, (_, b) => bits.slice(b * 8, b * 8 + 8).reduce((acc, bit) => (acc << 1) | (bit ? 1 : 0), 0));
  const [version, hi, mid, lo, check] = bytes as [number, number, number, number, number];
  if (crc8([version, hi, mid, lo]) !== check) return null;
  return { version, testId: (hi << 16) | (mid << 8) | lo };
}
