import { describe, expect, it } from 'vitest';
import { localiseEvaluation, localiseOfficeText, officeText } from './office.labels.js';

describe('office evaluation texts', () => {
  it('turns drafted labels into Tamil, values kept and our own words translated', () => {
    const cases: Array<[Parameters<typeof officeText>[0], Parameters<typeof officeText>[1], string]> = [
      ['sheetName', { a: 'Sales' }, 'Sales என்ற பெயருள்ள தாள்'],
      ['cellValue', { a: "'My data'!B2:B6" }, "'My data'!B2:B6 மதிப்புகள்"],
      ['chart', { a: 'Sheet1', b: 1, c: 'bar' }, 'Sheet1 வரைபடம் 1 (bar)'],
      ['runFormat', { a: 'bold and italic', b: 'Total' }, 'தடித்த எழுத்து மற்றும் சாய்வெழுத்து “Total”'],
      ['heading', { a: 'Results' }, 'தலைப்பு “Results”'],
      ['image', { a: 2 }, '2 படம்(கள்)'],
      ['pageSetup', { a: 'A4', b: 'landscape' }, 'பக்கம் A4 அகல்வசம்'],
      ['slideTitle', { a: 3, b: 'Cells (overview)' }, 'படவில்லை 3 இன் தலைப்பு “Cells (overview)”'],
      ['notRecorded', { a: officeText('notRecordedReason').en }, 'மதிப்பெண் பதிவு செய்யப்படவில்லை: தேர்வு அதை ஏற்கவில்லை'],
      ['notKindButIs', { a: 'a Word document', b: 'an Excel workbook' }, 'இது Word ஆவணம் அல்ல (இது Excel பணிப்புத்தகம்).'],
      ['partTooLarge', { a: 'word/document.xml' }, 'விரித்த பின் word/document.xml பகுதி மிகப் பெரியது.'],
    ];
    for (const [key, values, tamil] of cases) {
      const text = officeText(key, values);
      expect(localiseOfficeText(text.en, 'tn'), key).toBe(tamil);
      expect(text.tn).toBe(tamil);
      expect(localiseOfficeText(text.en, 'en')).toBe(text.en);
    }
  });

  it('leaves an author’s own label, and a text that only looks alike, as written', () => {
    expect(localiseOfficeText('Total in A7', 'tn')).toBe('Total in A7');
    expect(localiseOfficeText('மொத்தம் A7 இல்', 'tn')).toBe('மொத்தம் A7 இல்');
    // "“…”" after a word that is not a format is not a drafted run-format label.
    expect(localiseOfficeText('Colour “Total”', 'tn')).toBe('Colour “Total”');
  });

  it('localises an evaluation’s unmatched items and check labels together', () => {
    const evaluation = {
      percentage: 50,
      unmatched: ['Uses SUM', 'Total in A7'],
      elapsedMs: 3,
      checks: [{ id: 'functionUsed-1', type: 'functionUsed' as const, label: 'Uses SUM', weight: 1, passed: false, score: 0, expected: null, actual: null }],
    };
    const tamil = localiseEvaluation(evaluation, 'tn');
    expect(tamil.unmatched).toEqual(['SUM பயன்படுத்தப்பட்டுள்ளது', 'Total in A7']);
    expect(tamil.checks[0]!.label).toBe('SUM பயன்படுத்தப்பட்டுள்ளது');
    expect(localiseEvaluation(evaluation, 'en')).toBe(evaluation);
  });
});
