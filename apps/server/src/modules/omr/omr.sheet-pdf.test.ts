import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { generateSheetPdf } from './omr.sheet-pdf.js';

/** The text a PDF reader finds on each page (what a search or a screen reader sees). */
/** Each page's text items, in the order the text layer gives them. */
async function pageItems(pdf: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')));
  }
  await doc.destroy();
  return pages;
}

async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  return (await pageItems(pdf)).map((items) => items.join(''));
}

describe('answer sheet PDF', () => {
  it('prints Tamil names in Tamil (embedded Noto Sans Tamil), beside Latin ones', async () => {
    const pdf = await generateSheetPdf({
      testId: 12,
      testName: 'இயற்பியல் மாதிரித் தேர்வு',
      questionCount: 45,
      students: [
        { name: 'அனு கிருஷ்ணன்', rollNumber: '2026000123' },
        { name: 'Bala Murugan', rollNumber: '42' },
      ],
    });
    const [first, second] = await pageTexts(pdf);
    expect(first).toContain('Name: அனு கிருஷ்ணன்');
    expect(first).toContain('இயற்பியல்');
    expect(first).not.toContain('?');
    expect(second).toContain('Name: Bala Murugan');
    expect(second).toContain('Roll number: 42');
  });

  it('embeds no Tamil font when no name needs one', async () => {
    const pdf = await generateSheetPdf({ testId: 12, testName: 'Physics mock', questionCount: 10, students: [{ name: 'Bala', rollNumber: '1' }] });
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/NotoSansTamil/);
    expect((await pageTexts(pdf))[0]).toContain('Name: Bala');
  });

  it('prints bubbles only for questions answerable on paper; the others say to answer online', async () => {
    const pdf = await generateSheetPdf({ testId: 12, testName: 'Mixed test', questionCount: 4, onlineQuestions: [1, 3], students: [{ name: 'Bala', rollNumber: '1' }] });
    // The question number printed just before each "answer online" note (text items, blanks skipped).
    const items = (await pageItems(pdf))[0]!.map((item) => item.trim()).filter(Boolean);
    const noted = items.flatMap((item, i) => (item === 'answer online' ? [items[i - 1]] : []));
    expect(noted).toEqual(['2', '4']);
    // 4 corner marks aside, every circle is a bubble: 100 roll, 4 booklet, 2 questions × 4 options.
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const ops = await (await doc.getPage(1)).getOperatorList();
    await doc.destroy();
    const all = await generateSheetPdf({ testId: 12, testName: 'Mixed test', questionCount: 4, students: [{ name: 'Bala', rollNumber: '1' }] });
    const allDoc = await getDocument({ data: new Uint8Array(all), verbosity: 0 }).promise;
    const allOps = await (await allDoc.getPage(1)).getOperatorList();
    await allDoc.destroy();
    expect(allOps.fnArray.length - ops.fnArray.length).toBeGreaterThan(0);
  });
});
