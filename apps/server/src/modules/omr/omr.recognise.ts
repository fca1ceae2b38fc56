import sharp from 'sharp';
import { buildOmrLayout, decodeSheetCode, OMR_LAYOUT_VERSION, type Bubble, type OmrLayout, type Point } from './omr.layout.js';

/** A greyscale page, one byte per pixel, 0 = black. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type BubbleState = 'filled' | 'empty' | 'uncertain';

export interface BubbleRead {
  state: BubbleState;
  /** Mean darkness inside the bubble against the local paper level, 0–1. */
  fill: number;
  /** 0–1: how far the fill lies from the undecided band. */
  confidence: number;
}

export interface QuestionRead {
  /** Chosen option (0-based), null for none; 'invalid' when several are filled, as NTA treats it. */
  answer: number | null | 'invalid';
  flagged: boolean;
  bubbles: BubbleRead[];
}

export interface SheetRead {
  testId: number;
  layoutVersion: number;
  /** Null when no digit could be read with certainty. */
  rollNumber: string | null;
  rollFlagged: boolean;
  bookletCode: number | null;
  bookletFlagged: boolean;
  questions: QuestionRead[];
  /** Page-to-image transform, kept so that a reviewer's crops come from the same geometry. */
  transform: Homography;
  flaggedCount: number;
}

export type RecogniseErrorCode = 'OMR_MARKS_NOT_FOUND' | 'OMR_CODE_UNREADABLE' | 'OMR_LAYOUT_UNKNOWN' | 'OMR_TEST_UNKNOWN';

export class RecogniseError extends Error {
  constructor(readonly code: RecogniseErrorCode) {
    super(code);
  }
}

/** Fill thresholds: at or above FILLED is a mark, at or below EMPTY is paper, between is flagged for a person. */
export const FILL_FILLED = 0.45;
export const FILL_EMPTY = 0.17;
const CODE_THRESHOLD = 0.45;
/** Long side of the working image: enough for 4 pt bubbles, small enough for well under a second a page. */
const WORKING_SIZE = 1800;

/** Decodes a photographed or scanned page (any format sharp reads), honouring EXIF rotation. */
export async function loadGreyImage(input: Buffer | Uint8Array): Promise<GreyImage> {
  const { data, info } = await sharp(input, { limitInputPixels: 60_000_000 })
    .rotate()
    .greyscale()
    .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

// ---------- geometry ----------

/** 3×3 projective transform, row-major, h[8] = 1. */
export type Homography = number[];

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const p = m[c]![c]!;
    if (Math.abs(p) < 1e-12) throw new RecogniseError('OMR_MARKS_NOT_FOUND');
    for (let r = 0; r < n; r += 1) {
      if (r === c) continue;
      const f = m[r]![c]! / p;
      for (let k = c; k <= n; k += 1) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The transform that takes the four `from` points onto the four `to` points. */
export function homographyFromPoints(from: Point[], to: Point[]): Homography {
  const a: number[][] = [];
  const b: number[] = [];
  from.forEach((p, i) => {
    const q = to[i]!;
    a.push([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x]);
    b.push(q.x);
    a.push([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y]);
    b.push(q.y);
  });
  return [...solve(a, b), 1];
}

export function applyHomography(h: Homography, x: number, y: number): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / w, y: (h[3]! * x + h[4]! * y + h[5]!) / w };
}

function sample(img: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= img.width - 1 || y0 >= img.height - 1) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * img.width + x0;
  const d = img.data;
  return (d[i]! * (1 - fx) + d[i + 1]! * fx) * (1 - fy) + (d[i + img.width]! * (1 - fx) + d[i + img.width + 1]! * fx) * fy;
}

// ---------- registration marks ----------

interface Blob {
  cx: number;
  cy: number;
  area: number;
}

/** Dark pixels against a local mean, so uneven light on a phone photo does not swallow the marks. */
function darkMask(img: GreyImage, window: number): Uint8Array {
  const { width: w, height: h, data } = img;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y += 1) {
    let row = 0;
    for (let x = 0; x < w; x += 1) {
      row += data[y * w + x]!;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const y0 = Math.max(0, y - window);
    const y1 = Math.min(h, y + window + 1);
    for (let x = 0; x < w; x += 1) {
      const x0 = Math.max(0, x - window);
      const x1 = Math.min(w, x + window + 1);
      const sum = integral[y1 * (w + 1) + x1]! - integral[y0 * (w + 1) + x1]! - integral[y1 * (w + 1) + x0]! + integral[y0 * (w + 1) + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = data[y * w + x]!;
      if (v < mean * 0.7 && v < 150) mask[y * w + x] = 1;
    }
  }
  return mask;
}

function squareBlobs(img: GreyImage, mask: Uint8Array): Blob[] {
  const { width: w, height: h } = img;
  const minSide = Math.min(w, h) * 0.012;
  const maxSide = Math.min(w, h) * 0.08;
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const blobs: Blob[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start += 1) {
    if (!mask[start] || labels[start]) continue;
    next += 1;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let minX = w;
    let maxX = 0;
    let minY = h;
    let maxY = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      area += 1;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const neighbours = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
      for (const n of neighbours) {
        if (n >= 0 && mask[n] && !labels[n]) {
          labels[n] = next;
          stack[top++] = n;
        }
      }
    }
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    const aspect = bw / bh;
    if (bw < minSide || bh < minSide || bw > maxSide || bh > maxSide) continue;
    if (aspect < 0.6 || aspect > 1.65) continue;
    if (area / (bw * bh) < 0.72) continue;
    blobs.push({ cx: sx / area + 0.5, cy: sy / area + 0.5, area });
  }
  return blobs;
}

/** Finds the four corner marks (top-left, top-right, bottom-right, bottom-left) in image pixels. */
export function findRegistrationMarks(img: GreyImage): [Point, Point, Point, Point] {
  const window = Math.max(8, Math.round(Math.min(img.width, img.height) * 0.04));
  const blobs = squareBlobs(img, darkMask(img, window));
  if (blobs.length < 4) throw new RecogniseError('OMR_MARKS_NOT_FOUND');
  const largest = Math.max(...blobs.map((b) => b.area));
  const big = blobs.filter((b) => b.area >= largest * 0.35);
  if (big.length < 4) throw new RecogniseError('OMR_MARKS_NOT_FOUND');
  const pick = (score: (b: Blob) => number) => big.reduce((best, b) => (score(b) > score(best) ? b : best));
  const tl = pick((b) => -(b.cx + b.cy));
  const tr = pick((b) => b.cx - b.cy);
  const br = pick((b) => b.cx + b.cy);
  const bl = pick((b) => b.cy - b.cx);
  const corners = [tl, tr, br, bl];
  if (new Set(corners).size !== 4) throw new RecogniseError('OMR_MARKS_NOT_FOUND');
  // The marks must span a page-shaped quadrilateral, not a cluster of dark specks.
  const top = Math.hypot(tr.cx - tl.cx, tr.cy - tl.cy);
  const left = Math.hypot(bl.cx - tl.cx, bl.cy - tl.cy);
  const bottom = Math.hypot(br.cx - bl.cx, br.cy - bl.cy);
  const right = Math.hypot(br.cx - tr.cx, br.cy - tr.cy);
  const ratio = (left + right) / (top + bottom);
  if (top < img.width * 0.3 || ratio < 1.05 || ratio > 2.2 || bottom / top < 0.6 || bottom / top > 1.67) {
    throw new RecogniseError('OMR_MARKS_NOT_FOUND');
  }
  return corners.map((b) => ({ x: b.cx, y: b.cy })) as [Point, Point, Point, Point];
}

// ---------- sampling ----------

const INNER = (() => {
  const points: Point[] = [];
  for (let i = -3; i <= 3; i += 1) for (let j = -3; j <= 3; j += 1) if (i * i + j * j <= 9) points.push({ x: i / 3, y: j / 3 });
  return points;
})();
const RING = Array.from({ length: 24 }, (_, i) => ({ x: Math.cos((i / 24) * 2 * Math.PI), y: Math.sin((i / 24) * 2 * Math.PI) }));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Mean darkness inside `radius` around a layout point, against the paper level on a ring around it. */
function darkness(img: GreyImage, h: Homography, centre: Point, radius: number, ringRadius: number): number {
  const ring = RING.map((d) => {
    const p = applyHomography(h, centre.x + d.x * ringRadius, centre.y + d.y * ringRadius);
    return sample(img, p.x, p.y);
  });
  const paper = Math.max(percentile(ring, 0.75), 40);
  let total = 0;
  for (const d of INNER) {
    const p = applyHomography(h, centre.x + d.x * radius, centre.y + d.y * radius);
    total += Math.min(1, Math.max(0, (paper - sample(img, p.x, p.y)) / paper));
  }
  return total / INNER.length;
}

export function readBubble(img: GreyImage, h: Homography, bubble: Bubble): BubbleRead {
  const fill = darkness(img, h, bubble, bubble.r * 0.68, bubble.r * 1.42);
  if (fill >= FILL_FILLED) return { state: 'filled', fill, confidence: Math.min(1, (fill - FILL_FILLED) / 0.2 + 0.5) };
  if (fill <= FILL_EMPTY) return { state: 'empty', fill, confidence: Math.min(1, (FILL_EMPTY - fill) / 0.1 + 0.5) };
  return { state: 'uncertain', fill, confidence: 0 };
}

function readQuestion(bubbles: BubbleRead[]): QuestionRead {
  const filled = bubbles.flatMap((b, i) => (b.state === 'filled' ? [i] : []));
  const flagged = bubbles.some((b) => b.state === 'uncertain');
  const answer = filled.length === 0 ? null : filled.length === 1 ? filled[0]! : 'invalid';
  return { answer, flagged, bubbles };
}

function readRoll(img: GreyImage, h: Homography, layout: OmrLayout): { rollNumber: string | null; rollFlagged: boolean } {
  const digits: (string | null)[] = [];
  let flagged = false;
  for (const column of layout.roll) {
    const q = readQuestion(column.map((b) => readBubble(img, h, b)));
    if (q.flagged || q.answer === 'invalid') {
      flagged = true;
      digits.push(null);
    } else digits.push(q.answer === null ? null : String(q.answer));
  }
  const firstBlank = digits.indexOf(null);
  const written = firstBlank < 0 ? digits : digits.slice(0, firstBlank);
  // A digit after a gap means a column was missed; the number is not trusted.
  if (firstBlank >= 0 && digits.slice(firstBlank).some((d) => d !== null)) flagged = true;
  if (written.length === 0) return { rollNumber: null, rollFlagged: true };
  return { rollNumber: flagged ? null : (written as string[]).join(''), rollFlagged: flagged };
}

/** The test id and layout version from the printed strip; throws when the checksum does not hold. */
export function readSheetCode(img: GreyImage, h: Homography, layout: OmrLayout): { testId: number; version: number } {
  const half = layout.code.size / 2;
  const bits = layout.code.cells.map((c) => darkness(img, h, c, half * 0.6, half * 1.25) >= CODE_THRESHOLD);
  const decoded = decodeSheetCode(bits);
  if (!decoded) throw new RecogniseError('OMR_CODE_UNREADABLE');
  return decoded;
}

export interface RecogniseOptions {
  /** The number of questions of the test the strip names; null for a test this caller does not know. */
  questionCountFor: (testId: number) => number | null;
}

/** Reads one page: marks → transform → code strip → roll number, booklet code and every answer bubble. */
export function recogniseSheet(img: GreyImage, options: RecogniseOptions): SheetRead {
  const probe = buildOmrLayout(1);
  const found = findRegistrationMarks(img);
  const transform = homographyFromPoints(probe.marks.centres, found);
  const code = readSheetCode(img, transform, probe);
  if (code.version !== OMR_LAYOUT_VERSION) throw new RecogniseError('OMR_LAYOUT_UNKNOWN');
  const count = options.questionCountFor(code.testId);
  if (count === null) throw new RecogniseError('OMR_TEST_UNKNOWN');
  const layout = buildOmrLayout(count);
  const { rollNumber, rollFlagged } = readRoll(img, transform, layout);
  const booklet = readQuestion(layout.booklet.map((b) => readBubble(img, transform, b)));
  const questions = layout.questions.map((options) => readQuestion(options.map((b) => readBubble(img, transform, b))));
  return {
    testId: code.testId,
    layoutVersion: code.version,
    rollNumber,
    rollFlagged,
    bookletCode: typeof booklet.answer === 'number' ? booklet.answer : null,
    bookletFlagged: booklet.flagged || booklet.answer === 'invalid',
    questions,
    transform,
    flaggedCount: questions.filter((q) => q.flagged).length + (rollFlagged ? 1 : 0),
  };
}

/** A PNG crop of a page region (layout points, top-left and bottom-right), cut from the same geometry the read used. */
export async function cropRegion(img: GreyImage, h: Homography, region: { x0: number; y0: number; x1: number; y1: number }): Promise<Buffer> {
  const corners = [
    applyHomography(h, region.x0, region.y0),
    applyHomography(h, region.x1, region.y0),
    applyHomography(h, region.x1, region.y1),
    applyHomography(h, region.x0, region.y1),
  ];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const right = Math.min(img.width, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const bottom = Math.min(img.height, Math.ceil(Math.max(...corners.map((c) => c.y))));
  const width = Math.max(1, Math.min(img.width - left, right - left));
  const height = Math.max(1, Math.min(img.height - top, bottom - top));
  return sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } })
    .extract({ left, top, width, height })
    .png()
    .toBuffer();
}

/** A PNG crop around one bubble for a person to confirm, cut from the same geometry the read used. */
export function cropBubble(img: GreyImage, h: Homography, bubble: Bubble, marginPt = 12): Promise<Buffer> {
  return cropRegion(img, h, { x0: bubble.x - marginPt, y0: bubble.y - marginPt * 0.6, x1: bubble.x + marginPt, y1: bubble.y + marginPt * 0.6 });
}

/** A question's row (its number and its four bubbles), as a reviewer sees it on paper. */
export function cropQuestion(img: GreyImage, h: Homography, layout: OmrLayout, question: number): Promise<Buffer> {
  const options = layout.questions[question]!;
  const first = options[0]!;
  const last = options[options.length - 1]!;
  return cropRegion(img, h, { x0: first.x - 22, y0: first.y - 6.5, x1: last.x + 8, y1: last.y + 6.5 });
}

/** The roll number: the printed boxes and the whole bubble grid. */
export function cropRoll(img: GreyImage, h: Homography, layout: OmrLayout): Promise<Buffer> {
  const first = layout.roll[0]![0]!;
  const last = layout.roll[layout.roll.length - 1]![9]!;
  return cropRegion(img, h, { x0: first.x - 18, y0: layout.header.rollBoxes[0]!.y - 10, x1: last.x + 8, y1: last.y + 8 });
}
