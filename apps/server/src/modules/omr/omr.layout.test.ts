import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildOmrLayout, decodeSheetCode, encodeSheetCode, OMR_CODE_BITS, OMR_LAYOUT_VERSION } from './omr.layout.js';
import { generateSheetPdf } from './omr.sheet-pdf.js';

describe('omr layout', () => {
  it('lays 180 questions out in columns of 50 inside the registration marks, with no bubbles overlapping', () => {
    const layout = buildOmrLayout(180);
    expect(layout.questions).toHaveLength(180);
    expect(layout.questions[49]![0]!.x).toBe(layout.questions[0]![0]!.x);
    expect(layout.questions[50]![0]!.x).toBeGreaterThan(layout.questions[49]![3]!.x);
    const [tl, , br] = layout.marks.centres;
    const bubbles = [...layout.questions.flat(), ...layout.roll.flat(), ...layout.booklet];
    for (const b of bubbles) {
      expect(b.x).toBeGreaterThan(tl.x + layout.marks.size);
      expect(b.x).toBeLessThan(br.x - layout.marks.size);
      expect(b.y).toBeGreaterThan(tl.y + layout.marks.size);
      expect(b.y).toBeLessThan(br.y - layout.marks.size);
    }
    const sorted = [...bubbles].sort((a, b) => a.y - b.y || a.x - b.x);
    for (let i = 0; i < sorted.length; i += 1) {
      for (let j = i + 1; j < sorted.length && sorted[j]!.y - sorted[i]!.y < 10; j += 1) {
        expect(Math.hypot(sorted[j]!.x - sorted[i]!.x, sorted[j]!.y - sorted[i]!.y)).toBeGreaterThan(sorted[i]!.r * 2.2);
      }
    }
  });

  it('refuses question counts it cannot print', () => {
    expect(() => buildOmrLayout(0)).toThrow(RangeError);
    expect(() => buildOmrLayout(201)).toThrow(RangeError);
    expect(() => buildOmrLayout(2.5)).toThrow(RangeError);
  });

  it('encodes test id and layout version in a checksummed strip', () => {
    const bits = encodeSheetCode(123_456);
    expect(bits).toHaveLength(OMR_CODE_BITS);
    expect(decodeSheetCode(bits)).toEqual({ version: OMR_LAYOUT_VERSION, testId: 123_456 });
    for (let i = 0; i < OMR_CODE_BITS; i += 1) {
      const flipped = [...bits];
      flipped[i] = !flipped[i];
      expect(decodeSheetCode(flipped)).toBeNull();
    }
    expect(() => encodeSheetCode(2 ** 24)).toThrow(RangeError);
  });
});

describe('omr sheet pdf', () => {
  it('prints one A4 page per student and carries the test id in its metadata', async () => {
    const bytes = await generateSheetPdf({
      testId: 77,
      testName: 'Mock 1',
      questionCount: 180,
      students: [
        { name: 'Anu Priya', rollNumber: '2026000123' },
        { name: 'கவின் குமார்', rollNumber: '42' },
      ],
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    expect(doc.getSubject()).toMatch(new RegExp(`^omr:test=77;layout=${OMR_LAYOUT_VERSION};questions=\\d+$`));
  });

  it('prints a single blank sheet when no students are given', async () => {
    const doc = await PDFDocument.load(await generateSheetPdf({ testId: 5, testName: 'Practice', questionCount: 45 }));
    expect(doc.getPageCount()).toBe(1);
  });

  it('refuses a roll number that is not 1–10 digits', async () => {
    await expect(generateSheetPdf({ testId: 5, testName: 'x', questionCount: 10, students: [{ name: 'a', rollNumber: '12ab' }] })).rejects.toThrow(RangeError);
  });
});
