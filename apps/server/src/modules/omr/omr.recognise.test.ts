import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corpusDegradations, generateCorpusSheet } from './omr.corpus.js';
import { loadGreyImage, recogniseSheet, RecogniseError } from './omr.recognise.js';

// Each sheet: 720 answer bubbles + 100 roll bubbles. 8 sheets: 150 and 300 dpi scans, rotated,
// skewed, blurred, noisy, and phone photos in perspective under uneven light.
const SHEETS = Number(process.env.OMR_CORPUS_SHEETS ?? 8);
const SEED = 20_261_124;

describe('omr recognition on the generated corpus', () => {
  it('reads ≥ 99.9 % of bubbles right, flags every doubtful one and never accepts a wrong roll number', async () => {
    let bubbles = 0;
    let right = 0;
    let wrongUnflagged = 0;
    let ambiguousUnflagged = 0;
    let wrongRollAccepted = 0;
    const degradations = corpusDegradations(SEED, SHEETS);
    for (const [i, degradation] of degradations.entries()) {
      const sheet = await generateCorpusSheet(SEED + i, degradation);
      const read = recogniseSheet(await loadGreyImage(sheet.file), { questionCountFor: (id) => (id === sheet.truth.testId ? 180 : null) });
      expect(read.testId).toBe(sheet.truth.testId);
      expect(read.bookletCode).toBe(sheet.truth.booklet);
      read.questions.forEach((question, q) =>
        question.bubbles.forEach((bubble, o) => {
          const truth = sheet.truth.questions[q]![o]!;
          bubbles += 1;
          if (truth === 'ambiguous') {
            if (bubble.state === 'uncertain') right += 1;
            else ambiguousUnflagged += 1;
          } else if (bubble.state === truth) right += 1;
          else if (bubble.state !== 'uncertain') wrongUnflagged += 1;
          // A flagged question is never scored without a person.
          if (bubble.state === 'uncertain') expect(question.flagged).toBe(true);
        }),
      );
      if (read.rollNumber !== null && !read.rollFlagged && read.rollNumber !== sheet.truth.rollNumber) wrongRollAccepted += 1;
      if (sheet.truth.rollReadable) expect(read.rollNumber).toBe(sheet.truth.rollNumber);
      else expect(read.rollFlagged).toBe(true);
    }
    expect(wrongUnflagged).toBe(0);
    expect(ambiguousUnflagged).toBe(0);
    expect(wrongRollAccepted).toBe(0);
    expect(right / bubbles).toBeGreaterThanOrEqual(0.999);
  }, 120_000);

  it('says an empty page has no registration marks', async () => {
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#fafafa' } }).png().toBuffer();
    const img = await loadGreyImage(blank);
    expect(() => recogniseSheet(img, { questionCountFor: () => 180 })).toThrow(RecogniseError);
  });

  it('refuses a sheet of a test the caller does not know', async () => {
    const sheet = await generateCorpusSheet(1, { dpi: 150, rotateDeg: 0, skewDeg: 0, blurSigma: 0, noise: 0, perspective: 0 });
    const img = await loadGreyImage(sheet.file);
    expect(() => recogniseSheet(img, { questionCountFor: () => null })).toThrow(expect.objectContaining({ code: 'OMR_TEST_UNKNOWN' }));
  });
});
