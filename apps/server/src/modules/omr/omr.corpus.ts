/**
 * A seeded generator of filled answer sheets for the recogniser's accuracy tests and benchmark:
 * the same layout as the printed PDF, filled by a program with marks of different darkness and
 * size, partial fills, erasures, faint marks and stray strokes, then scanned or photographed
 * badly on purpose (resolution, rotation, skew, blur, noise, perspective, uneven light).
 * Not used by the running server.
 */
import sharp from 'sharp';
import { buildOmrLayout, encodeSheetCode, type Bubble, type OmrLayout } from './omr.layout.js';
import { applyHomography, homographyFromPoints, type GreyImage } from './omr.recognise.js';

/** What a bubble really holds: a mark, paper, or a mark no machine should decide alone. */
export type BubbleTruth = 'filled' | 'empty' | 'ambiguous';

export interface SheetTruth {
  testId: number;
  rollNumber: string;
  /** False when the roll grid was filled so that no reader can be sure (a missed or doubled column). */
  rollReadable: boolean;
  booklet: number;
  questions: BubbleTruth[][];
  roll: BubbleTruth[][];
}

export interface Degradation {
  dpi: number;
  rotateDeg: number;
  skewDeg: number;
  blurSigma: number;
  noise: number;
  /** Phone photo: corners pulled inwards by up to this share of the frame, uneven light, JPEG. */
  perspective: number;
}

export interface CorpusSheet {
  truth: SheetTruth;
  degradation: Degradation;
  /** The encoded file a person would upload (PNG for scans, JPEG for photos). */
  file: Buffer;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const between = (rand: Rand, a: number, b: number) => a + (b - a) * rand();
const grey = (darkness: number) => {
  const v = Math.round(255 * (1 - darkness));
  return `rgb(${v},${v},${Math.min(255, v + 12)})`;
};

/** SVG for one mark in a bubble, and what it means. */
function markSvg(rand: Rand, b: Bubble, kind: 'clear' | 'partial' | 'faint' | 'dot' | 'erased'): { svg: string; truth: BubbleTruth } {
  const angle = rand() * 2 * Math.PI;
  switch (kind) {
    case 'clear': {
      const r = b.r * between(rand, 0.88, 1.22);
      const off = b.r * between(rand, 0, 0.15);
      const rx = r * between(rand, 0.92, 1.08);
      return {
        svg: `<ellipse cx="${b.x + Math.cos(angle) * off}" cy="${b.y + Math.sin(angle) * off}" rx="${rx}" ry="${r}" fill="${grey(between(rand, 0.55, 0.95))}"/>`,
        truth: 'filled',
      };
    }
    case 'partial': {
      // Most of the bubble filled, the rim left white on one side.
      const r = b.r * between(rand, 0.78, 0.9);
      const off = b.r * between(rand, 0.05, 0.12);
      return { svg: `<circle cx="${b.x + Math.cos(angle) * off}" cy="${b.y + Math.sin(angle) * off}" r="${r}" fill="${grey(between(rand, 0.6, 0.95))}"/>`, truth: 'filled' };
    }
    case 'faint':
      return { svg: `<circle cx="${b.x}" cy="${b.y}" r="${b.r * 1.02}" fill="${grey(between(rand, 0.26, 0.3))}"/>`, truth: 'ambiguous' };
    case 'dot':
      return { svg: `<circle cx="${b.x}" cy="${b.y}" r="${b.r * between(rand, 0.42, 0.48)}" fill="${grey(between(rand, 0.7, 0.85))}"/>`, truth: 'ambiguous' };
    case 'erased':
      return { svg: `<circle cx="${b.x}" cy="${b.y}" r="${b.r * 1.05}" fill="${grey(between(rand, 0.02, 0.07))}"/>`, truth: 'empty' };
  }
}

/** A sheet filled exactly as planned (end-to-end fixtures): per question, an option and how it is marked, or blank. */
export type MarkPlan = ({ option: number; kind: 'clear' | 'faint' } | null)[];

function sheetSvg(layout: OmrLayout, testId: number, rand: Rand, rollNumber?: string, plan?: MarkPlan): { body: string; truth: SheetTruth } {
  const parts: string[] = [];
  const half = layout.marks.size / 2;
  for (const c of layout.marks.centres) parts.push(`<rect x="${c.x - half}" y="${c.y - half}" width="${layout.marks.size}" height="${layout.marks.size}" fill="#000"/>`);
  const bits = encodeSheetCode(testId, layout.version);
  const cell = layout.code.size / 2;
  layout.code.cells.forEach((c, i) => {
    if (bits[i]) parts.push(`<rect x="${c.x - cell}" y="${c.y - cell}" width="${layout.code.size}" height="${layout.code.size}" fill="#000"/>`);
  });
  parts.push(`<text x="62" y="74" font-family="sans-serif" font-size="12" font-weight="bold">NEET answer sheet — corpus ${testId}</text>`);
  const outline = (b: Bubble) => `<circle cx="${b.x}" cy="${b.y}" r="${b.r}" fill="none" stroke="#737373" stroke-width="0.6"/>`;
  layout.questionLabels.forEach((p, q) => parts.push(`<text x="${p.x}" y="${p.y + 2.3}" font-family="sans-serif" font-size="6.5" text-anchor="end" fill="#595959">${q + 1}</text>`));
  for (let d = 0; d < 10; d += 1) parts.push(`<text x="${layout.roll[0]![d]!.x - 14}" y="${layout.roll[0]![d]!.y + 2.3}" font-family="sans-serif" font-size="6.5" fill="#595959">${d}</text>`);

  const fills: string[] = [];
  const mark = (b: Bubble, kind: Parameters<typeof markSvg>[2]): BubbleTruth => {
    const m = markSvg(rand, b, kind);
    fills.push(m.svg);
    return m.truth;
  };

  // Roll number: usually clean; now and then a column missed or doubled, which must be flagged.
  // A given roll number is bubbled left-aligned, as the printed sheets do; the columns after it stay blank.
  const rollDigits: (number | null)[] = rollNumber
    ? Array.from({ length: 10 }, (_, c) => (c < rollNumber.length ? Number(rollNumber[c]) : null))
    : Array.from({ length: 10 }, () => Math.floor(rand() * 10));
  const defect = rand() < 0.25 && !rollNumber ? Math.floor(rand() * 10) : -1;
  const defectKind = rand() < 0.5 ? 'missing' : 'double';
  const roll: BubbleTruth[][] = layout.roll.map((column, c) =>
    column.map((b, d) => {
      if (c === defect && defectKind === 'missing') return 'empty';
      if (d === rollDigits[c]) return mark(b, rand() < 0.9 ? 'clear' : 'partial');
      if (c === defect && d === (rollDigits[c]! + 3) % 10) return mark(b, 'clear');
      return 'empty';
    }),
  );

  const booklet = Math.floor(rand() * 4);
  mark(layout.booklet[booklet]!, 'clear');

  const questions: BubbleTruth[][] = layout.questions.map((options, q) => {
    const truth: BubbleTruth[] = options.map(() => 'empty');
    if (plan) {
      const planned = plan[q];
      if (planned) truth[planned.option] = mark(options[planned.option]!, planned.kind);
      return truth;
    }
    const pick = () => Math.floor(rand() * options.length);
    const roll = rand();
    const chosen = pick();
    if (roll < 0.1) return truth; // left blank
    if (roll < 0.72) truth[chosen] = mark(options[chosen]!, 'clear');
    else if (roll < 0.8) truth[chosen] = mark(options[chosen]!, 'partial');
    else if (roll < 0.85) {
      truth[chosen] = mark(options[chosen]!, 'clear');
      const other = (chosen + 1 + Math.floor(rand() * 3)) % 4;
      truth[other] = mark(options[other]!, 'clear');
    } else if (roll < 0.92) {
      // Changed answer: one erased, another filled.
      truth[chosen] = mark(options[chosen]!, 'clear');
      const other = (chosen + 1 + Math.floor(rand() * 3)) % 4;
      truth[other] = mark(options[other]!, 'erased');
    } else if (roll < 0.96) truth[chosen] = mark(options[chosen]!, 'faint');
    else truth[chosen] = mark(options[chosen]!, 'dot');
    return truth;
  });

  // Stray strokes in the gutters between question columns and in the margins: they touch no bubble.
  const strays = 3 + Math.floor(rand() * 5);
  for (let i = 0; i < strays; i += 1) {
    const column = Math.floor(rand() * 4);
    const x = 62 + column * 128 + 70 + rand() * 30;
    const y = 330 + rand() * 440;
    fills.push(`<path d="M${x} ${y} q ${between(rand, -6, 6)} ${between(rand, -6, 6)} ${between(rand, -10, 10)} ${between(rand, -8, 8)}" stroke="#1a1a40" stroke-width="${between(rand, 0.4, 0.9)}" fill="none"/>`);
  }

  layout.roll.flat().forEach((b) => parts.push(outline(b)));
  layout.booklet.forEach((b) => parts.push(outline(b)));
  layout.questions.flat().forEach((b) => parts.push(outline(b)));
  return {
    body: [...parts, ...fills].join(''),
    truth: { testId, rollNumber: rollDigits.filter((d) => d !== null).join(''), rollReadable: defect < 0, booklet, questions, roll },
  };
}

function warpPerspective(img: GreyImage, rand: Rand, amount: number): GreyImage {
  const { width: w, height: h } = img;
  const corners = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
  const moved = corners.map((c) => ({ x: c.x + (c.x === 0 ? 1 : -1) * rand() * amount * w, y: c.y + (c.y === 0 ? 1 : -1) * rand() * amount * h }));
  const inverse = homographyFromPoints(moved, corners);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const p = applyHomography(inverse, x, y);
      const sx = Math.round(p.x);
      const sy = Math.round(p.y);
      // Outside the page: a dark wooden table.
      out[y * w + x] = sx >= 0 && sy >= 0 && sx < w && sy < h ? img.data[sy * w + sx]! : 70;
    }
  }
  return { data: out, width: w, height: h };
}

/** Renders one filled sheet with the given degradation. */
export async function generateCorpusSheet(
  seed: number,
  degradation: Degradation,
  questionCount = 180,
  testId = 4242,
  /** A clean roll number (1–10 digits) to bubble, instead of a random one that may be defective. */
  rollNumber?: string,
  /** The marks to make, instead of random ones. */
  plan?: MarkPlan,
): Promise<CorpusSheet> {
  const rand = mulberry32(seed);
  const layout = buildOmrLayout(questionCount);
  const { body, truth } = sheetSvg(layout, testId, rand, rollNumber, plan);
  const margin = 40;
  const scale = degradation.dpi / 72;
  const W = layout.page.width + margin * 2;
  const H = layout.page.height + margin * 2;
  const cx = layout.page.width / 2;
  const cy = layout.page.height / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(W * scale)}" height="${Math.round(H * scale)}" viewBox="${-margin} ${-margin} ${W} ${H}">` +
    `<rect x="${-margin}" y="${-margin}" width="${W}" height="${H}" fill="${degradation.perspective > 0 ? '#c8c4bc' : '#f4f4f2'}"/>` +
    `<g transform="rotate(${degradation.rotateDeg} ${cx} ${cy}) translate(${cx} ${cy}) skewX(${degradation.skewDeg}) translate(${-cx} ${-cy})">` +
    `<rect x="0" y="0" width="${layout.page.width}" height="${layout.page.height}" fill="#fbfbf8"/>${body}</g></svg>`;
  let pipeline = sharp(Buffer.from(svg)).greyscale();
  if (degradation.blurSigma >= 0.3) pipeline = pipeline.blur(degradation.blurSigma);
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  let img: GreyImage = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  if (degradation.perspective > 0) img = warpPerspective(img, rand, degradation.perspective);

  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y += 1) {
    // Phone photos are lit from one side: up to 30 % darker across the frame.
    const light = degradation.perspective > 0 ? 1 - 0.3 * (y / img.height) : 1;
    for (let x = 0; x < img.width; x += 1) {
      const i = y * img.width + x;
      const gauss = degradation.noise > 0 ? (rand() + rand() + rand() - 1.5) * 2 * degradation.noise : 0;
      out[i] = Math.max(0, Math.min(255, Math.round(img.data[i]! * light + gauss)));
    }
  }
  const raw = sharp(Buffer.from(out), { raw: { width: img.width, height: img.height, channels: 1 } });
  const file = degradation.perspective > 0 ? await raw.jpeg({ quality: 82 }).toBuffer() : await raw.png({ compressionLevel: 1 }).toBuffer();
  return { truth, degradation, file };
}

/** The corpus's spread of scans and photos, drawn from a seed. */
export function corpusDegradations(seed: number, count: number): Degradation[] {
  const rand = mulberry32(seed ^ 0x5eed);
  return Array.from({ length: count }, (_, i) => {
    const phone = i % 4 === 3;
    return {
      dpi: phone ? 200 : i % 2 === 0 ? 150 : 300,
      rotateDeg: between(rand, -5, 5),
      skewDeg: between(rand, -1.5, 1.5),
      blurSigma: i % 3 === 0 ? between(rand, 0.3, 1.4) : 0,
      noise: between(rand, 0, 10),
      perspective: phone ? between(rand, 0.03, 0.07) : 0,
    };
  });
}
