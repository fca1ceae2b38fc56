import { describe, expect, it } from 'vitest';
import { EXAMPLE_QUESTIONS } from './examples.js';
import { parseGift } from './gift.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { parseTemplateCsv, writeTemplateCsv } from './csv-template.js';
import type { FormatQuestion, ParsedItem } from './types.js';

const example = EXAMPLE_QUESTIONS.find((q) => q.draft.questionType === 'numerical')!;
const withKey = (correctAnswerData: FormatQuestion['draft']['correctAnswerData'], questionType: FormatQuestion['draft']['questionType'] = 'numerical'): FormatQuestion => ({
  ...example,
  draft: { ...example.draft, questionType, correctAnswerData },
});
const questionsOf = (items: ParsedItem[]) => items.map((item) => item.question);

describe('numerical value in Moodle XML', () => {
  it('round trips a tolerance, a range and a unit without loss, and keeps a one-blank text question a blank', () => {
    const questions = [
      withKey({ value: 3.14, tolerance: 0.01, unit: 'cm' }),
      withKey({ min: 0.1, max: 0.3 }),
      withKey({ value: -12, tolerance: 0 }),
      {
        ...example,
        draft: {
          ...example.draft,
          questionType: 'text' as const,
          correctAnswerData: [{ value: '100', tolerance: 0.5 }],
          texts: { en: { ...example.draft.texts.en!, data: 'Water boils at {0} °C.' } },
        },
      },
    ];
    const xml = writeMoodleXml(questions);
    expect(questionsOf(parseMoodleXml(xml))).toEqual(questions);
    // Moodle reads the range as its middle ± half, which accepts the same numbers.
    expect(xml).toContain('<text>0.2</text>');
    expect(xml).toContain('<tolerance>0.1</tolerance>');
    expect(xml).toContain('<unit_name>cm</unit_name>');
  });

  const moodle = (body: string) =>
    parseMoodleXml(`<?xml version="1.0"?><quiz><question type="numerical"><name><text>g</text></name><questiontext format="plain_text"><text>g?</text></questiontext>${body}</question></quiz>`)[0]!;

  it('reads Moodle’s units: the one of multiplier 1, with a warning for the others', () => {
    const item = moodle(
      '<answer fraction="100"><text>9.8</text><tolerance>0.2</tolerance></answer><answer fraction="0"><text>*</text></answer>' +
        '<units><unit><multiplier>1</multiplier><unit_name>m/s²</unit_name></unit><unit><multiplier>100</multiplier><unit_name>cm/s²</unit_name></unit></units>',
    );
    expect(item.question?.draft).toMatchObject({ questionType: 'numerical', correctAnswerData: { value: 9.8, tolerance: 0.2, unit: 'm/s²' } });
    expect(item.issues).toEqual([expect.objectContaining({ field: 'correctAnswerData', isWarning: true })]);
    expect(item.issues[0]!.message.en).toContain('cm/s²');
    expect(item.issues[0]!.message.tn).toContain('cm/s²');
  });

  it('reports per question what it cannot carry: partial credit, two right values, a value that is no number', () => {
    const partial = moodle('<answer fraction="100"><text>9.8</text></answer><answer fraction="50"><text>10</text></answer>');
    const twoRight = moodle('<answer fraction="100"><text>9.8</text></answer><answer fraction="100"><text>9.81</text></answer>');
    const notNumber = moodle('<answer fraction="100"><text>nine</text></answer>');
    for (const item of [partial, twoRight, notNumber]) {
      expect(item.question).toBeNull();
      expect(item.issues[0]).toMatchObject({ field: 'correctAnswerData' });
    }
    expect(partial.issues[0]!.message.tn).toMatch(/எண் மதிப்புக் கேள்விக்கு/);
    expect(notNumber.issues[0]!.message.en).toContain('"nine"');
  });
});

describe('numerical value in GIFT', () => {
  it('reads {#3.14:0.01} and {#1..2} as the numerical kind, and an embedded number as a blank as before', () => {
    const items = parseGift('::Pi:: Give pi. {#3.14:0.01}\n\n::Range:: A number from 1 to 2. {#1..2}\n\nWater boils at {#100:0.5} °C.\n');
    expect(items.map((i) => i.question?.draft.questionType)).toEqual(['numerical', 'numerical', 'text']);
    expect(items[0]!.question!.draft.correctAnswerData).toEqual({ value: 3.14, tolerance: 0.01 });
    expect(items[1]!.question!.draft.correctAnswerData).toEqual({ min: 1, max: 2 });
    expect(items[0]!.question!.draft.texts.en!.data).toBe('Give pi.');
  });

  it('refuses several right values per question, and keeps the right value of one with partial credit, warning of the rest', () => {
    const items = parseGift('::Two:: Either. {#\n=3.14:0.01\n=3:0\n}\n\n::Fine:: Exact. {#42}\n\n::Partial:: Near. {#\n=3.14:0.01\n=%50%3:0\n}\n');
    expect(items[0]).toMatchObject({ question: null, issues: [{ field: 'correctAnswerData' }] });
    expect(items[0]!.issues[0]!.isWarning).toBeUndefined();
    expect(items[1]!.question!.draft.correctAnswerData).toEqual({ value: 42, tolerance: 0 });
    expect(items[2]!.question!.draft.correctAnswerData).toEqual({ value: 3.14, tolerance: 0.01 });
    expect(items[2]!.issues).toEqual([expect.objectContaining({ field: 'correctAnswerData', isWarning: true })]);
  });
});

describe('numerical value in the spreadsheet template', () => {
  it('round trips the key cell and names a cell that is no key', () => {
    const questions = [withKey({ min: -1.5, max: 2, unit: 'mol' })];
    expect(questionsOf(parseTemplateCsv(writeTemplateCsv(questions)))).toEqual(questions);
    const bad = writeTemplateCsv(questions).replace('-1.5..2 mol', 'lots');
    const [item] = parseTemplateCsv(bad);
    expect(item).toMatchObject({ question: null, issues: [{ field: 'correctAnswerData' }] });
  });
});
