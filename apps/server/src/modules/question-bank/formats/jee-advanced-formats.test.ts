import { describe, expect, it } from 'vitest';
import { checkNewQuestion } from '../question-bank.service.js';
import { parseTemplateCsv, parseTemplateXlsx, writeTemplateCsv, writeTemplateXlsx } from './csv-template.js';
import { fitsGift } from './gift.js';
import { JEE_ADVANCED_QUESTION } from '../../../../test/fixtures/jee-advanced.js';
import type { FormatQuestion } from './types.js';

const QUESTION = JEE_ADVANCED_QUESTION;
const standard: FormatQuestion = { ...QUESTION, draft: { ...QUESTION.draft, marking: undefined } };
const englishOnly = (question: FormatQuestion): FormatQuestion => ({ ...question, draft: { ...question.draft, texts: { en: question.draft.texts.en } } });

describe('JEE Advanced marking in the spreadsheet template', () => {
  it('is carried by the marking column in CSV and XLSX and read back the same, both languages', async () => {
    const csv = writeTemplateCsv([QUESTION, standard]);
    const [header, jee, plain] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    const at = header!.split(',').indexOf('marking');
    expect(at).toBeGreaterThan(-1);
    expect(jee!.split(',')[at]).toBe('jee-advanced');
    // Standard marking is the blank cell.
    expect(plain!.split(',')[at]).toBe('');
    for (const items of [parseTemplateCsv(csv), await parseTemplateXlsx(await writeTemplateXlsx([QUESTION, standard]))]) {
      expect(items.map((item) => item.issues)).toEqual([[], []]);
      expect(items[0]!.question!.draft).toEqual(QUESTION.draft);
      expect(items[1]!.question!.draft.marking).toBeUndefined();
      expect(checkNewQuestion(items[0]!.question!.draft).issues).toEqual({});
    }
  });

  it('refuses, as the row’s own field, a marking that is none or one on a kind without the setting', () => {
    const csv = writeTemplateCsv([QUESTION]);
    const bogus = parseTemplateCsv(csv.replace('jee-advanced', 'generous'))[0]!.question!.draft;
    expect(checkNewQuestion(bogus).issues).toMatchObject({ marking: 'questionSettingsInvalid' });
    const single = parseTemplateCsv(csv.replace('multipleChoice', 'singleChoice').replace(/A\|C/, 'A'))[0]!;
    expect(single.issues).toEqual([]);
    expect(single.question!.draft).toMatchObject({ questionType: 'singleChoice', marking: 'jee-advanced' });
    expect(checkNewQuestion(single.question!.draft).issues).toMatchObject({ marking: 'questionSettingsInvalid' });
  });
});

describe('JEE Advanced marking in GIFT', () => {
  it('is a marking GIFT cannot carry: the question is left out of a GIFT export, the standard one is not', () => {
    expect(fitsGift(englishOnly(standard))).toBe(true);
    expect(fitsGift(englishOnly(QUESTION))).toBe(false);
  });
});
