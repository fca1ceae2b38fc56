import { describe, expect, it } from 'vitest';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { fitsTemplate, parseTemplateCsv } from './csv-template.js';
import type { FormatQuestion, ParsedItem } from './types.js';

const stages = (en: string[], tn: string[], ids: number[]) => ({
  en: { title: 'Mitosis', data: '<p>Put the stages of mitosis in order.</p>', hint: null, explanation: 'PMAT.', instructions: null, answerTitle: null, options: en.map((answerData, i) => ({ answerID: ids[i]!, answerData })) },
  tn: { title: 'இழையுருப்பிரிவு', data: '<p>இழையுருப்பிரிவின் நிலைகளை வரிசைப்படுத்துக.</p>', hint: null, explanation: 'PMAT.', instructions: null, answerTitle: null, options: tn.map((answerData, i) => ({ answerID: ids[i]!, answerData })) },
});
const question = (allowsPartialCredit: boolean): FormatQuestion => ({
  draft: {
    questionType: 'ordering',
    difficulty: 'medium',
    tags: ['cell cycle'],
    contentType: 'html',
    mediaUrl: null,
    defaultLanguage: 'en',
    marks: 4,
    negativeMarks: 1,
    allowsPartialCredit,
    numericTolerance: null,
    lineNumber: null,
    correctAnswerId: null,
    correctAnswerData: { order: [3, 1, 4, 2] },
    solution: null,
    texts: stages(['Prophase', 'Metaphase', 'Anaphase', 'Telophase'], ['முன்நிலை', 'இடைநிலை', 'பின்நிலை', 'இறுதிநிலை'], [3, 1, 4, 2]),
  },
  topics: ['Cell cycle'],
});
const questionsOf = (items: ParsedItem[]) => items.map((item) => item.question);

describe('ordering in Moodle XML', () => {
  it('round trips the items, their order and the grading in English and Tamil without loss', () => {
    const questions = [question(false), question(true)];
    const xml = writeMoodleXml(questions);
    expect(questionsOf(parseMoodleXml(xml))).toEqual(questions);
    expect(xml).toContain('<question type="ordering">');
    expect(xml).toContain('<gradingtype>ALL_OR_NOTHING</gradingtype>');
    expect(xml).toContain('<gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>');
    expect(xml).toContain('<selecttype>ALL</selecttype>');
    expect(xml).toContain('<layouttype>VERTICAL</layouttype>');
    // The first answer is the first item of the key, in both languages as mlang blocks.
    expect(xml.indexOf('Prophase')).toBeLessThan(xml.indexOf('Metaphase'));
    expect(xml).toMatch(/<answer fraction="1" id="3"[^>]*>\s*<text>\{mlang en\}Prophase\{mlang\}\{mlang ta\}முன்நிலை\{mlang\}<\/text>/);
  });

  const moodle = (settings: string, answers = ['Modular', 'Object', 'Oriented']) =>
    parseMoodleXml(
      `<?xml version="1.0"?><quiz><question type="ordering"><name><text>Moodle</text></name><questiontext format="html"><text>Put these words in order.</text></questiontext>${settings}` +
        answers.map((a, i) => `<answer fraction="${i + 1}.0000000" format="html"><text>${a}</text></answer>`).reverse().join('') +
        '</question></quiz>',
    )[0]!;

  it('reads a file from Moodle: the answers by position, scrambled ids, all or nothing', () => {
    const item = moodle('<layouttype>VERTICAL</layouttype><selecttype>ALL</selecttype><selectcount>0</selectcount><gradingtype>ALL_OR_NOTHING</gradingtype>');
    expect(item.issues).toEqual([]);
    const draft = item.question!.draft;
    expect(draft.questionType).toBe('ordering');
    expect(draft.allowsPartialCredit).toBe(false);
    const order = (draft.correctAnswerData as { order: number[] }).order;
    expect(order).not.toEqual([1, 2, 3]);
    expect(order.map((id) => draft.texts.en!.options!.find((o) => o.answerID === id)!.answerData)).toEqual(['Modular', 'Object', 'Oriented']);
  });

  it('warns of a grading, a subset or a layout it does not keep, in both languages', () => {
    const item = moodle('<layouttype>HORIZONTAL</layouttype><selecttype>RANDOM</selecttype><selectcount>2</selectcount><gradingtype>LONGEST_ORDERED_SUBSET</gradingtype>');
    expect(item.question!.draft.allowsPartialCredit).toBe(true);
    expect(item.issues.map((i) => [i.field, i.isWarning])).toEqual([
      ['allowsPartialCredit', true],
      ['texts.options', true],
      ['texts.options', true],
    ]);
    expect(item.issues[0]!.message.en).toContain('LONGEST_ORDERED_SUBSET');
    expect(item.issues[0]!.message.tn).toContain('LONGEST_ORDERED_SUBSET');
  });

  it('refuses an ordering question without answers', () => {
    expect(moodle('', []).question).toBeNull();
  });
});

describe('ordering in the spreadsheet template', () => {
  it('is not written (the export skips it) and a row of the kind is refused with the reason', () => {
    expect(fitsTemplate(question(false))).toBe(false);
    const [item] = parseTemplateCsv('kind,statement_en,option_a_en,option_b_en,option_c_en,correct\nordering,Order them,a,b,c,A\n');
    expect(item!.question).toBeNull();
    expect(item!.issues[0]!.field).toBe('questionType');
    expect(item!.issues[0]!.message.en).toContain('cannot carry');
    expect(item!.issues[0]!.message.tn).toContain('ordering');
  });
});
