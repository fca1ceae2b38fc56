import { describe, expect, it } from 'vitest';
import { generatedCodes } from '@app/contracts';
import { parseGift } from './gift.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { fitsTemplate, parseTemplateCsv } from './csv-template.js';
import type { FormatQuestion, ParsedItem } from './types.js';

const PAIRS = [
  { left: 101, right: 203 },
  { left: 102, right: 201 },
  { left: 103, right: 204 },
  { left: 104, right: 202 },
];
const LIST = {
  en: ['Mitochondria', 'Ribosome', 'Lysosome', 'Golgi body', 'Protein synthesis', 'Packaging', 'Respiration', 'Digestion', 'Photosynthesis'],
  tn: ['இழைமணி', 'ரைபோசோம்', 'லைசோசோம்', 'கோல்கை உறுப்பு', 'புரதச் சேர்க்கை', 'பொதியாக்கம்', 'சுவாசம்', 'செரித்தல்', 'ஒளிச்சேர்க்கை'],
};
const ids = [101, 102, 103, 104, 201, 202, 203, 204, 205];
const codes = generatedCodes(PAIRS, [201, 202, 203, 204, 205])!;
const optionsOf = (language: 'en' | 'tn', coded: boolean) => [
  ...ids.map((answerID, i) => ({ answerID, answerData: LIST[language][i]! })),
  ...(coded ? codes.codes.map((answerData, i) => ({ answerID: i + 1, answerData })) : []),
];
const matching = (coded: boolean): FormatQuestion => ({
  topics: ['Cell biology'],
  draft: {
    questionType: 'matching',
    difficulty: 'medium',
    tags: ['neet'],
    contentType: 'text',
    mediaUrl: null,
    defaultLanguage: 'en',
    marks: 4,
    negativeMarks: 1,
    allowsPartialCredit: !coded,
    numericTolerance: null,
    lineNumber: null,
    correctAnswerId: coded ? codes.correct : null,
    correctAnswerData: { presentation: coded ? 'coded' : 'pairs', pairs: PAIRS },
    solution: null,
    texts: {
      en: { title: 'Organelles', data: 'Match list I with list II.', hint: null, explanation: 'Each organelle has its work.', instructions: null, answerTitle: null, options: optionsOf('en', coded) },
      tn: { title: 'நுண்ணுறுப்புகள்', data: 'பட்டியல் I-ஐ பட்டியல் II-உடன் பொருத்துக.', hint: null, explanation: 'ஒவ்வொரு நுண்ணுறுப்புக்கும் ஒரு பணி உண்டு.', instructions: null, answerTitle: null, options: optionsOf('tn', coded) },
    },
  },
});
const questionsOf = (items: ParsedItem[]) => items.map((item) => item.question);

describe('matching in Moodle XML', () => {
  it('round trips both presentations in both languages without loss, a list II distractor included', () => {
    const questions = [matching(false), matching(true)];
    const xml = writeMoodleXml(questions);
    expect(questionsOf(parseMoodleXml(xml))).toEqual(questions);
    expect(xml).toContain('<question type="matching">');
    expect(xml).toContain('{mlang en}Mitochondria{mlang}{mlang ta}இழைமணி{mlang}');
    // The distractor is a subquestion without text, as Moodle writes it.
    expect(xml).toMatch(/<subquestion format="plain_text">\s*<text><\/text>\s*<answer id="205">\s*<text>\{mlang en\}Photosynthesis/);
    expect(xml).toContain('<matchingpresentation>coded</matchingpresentation>');
  });

  const moodle = (subquestions: string) =>
    parseMoodleXml(`<?xml version="1.0"?><quiz><question type="matching"><name><text>Capitals</text></name><questiontext format="html"><text>Match.</text></questiontext>${subquestions}</question></quiz>`)[0]!;
  const sub = (q: string, a: string) => `<subquestion format="html"><text>${q}</text><answer><text>${a}</text></answer></subquestion>`;

  it('reads a file from Moodle: one answer shared by two items is one list II item; partial credit as Moodle gives it', () => {
    const item = moodle(sub('Cat', 'Mammal') + sub('Dog', 'Mammal') + sub('Crow', 'Bird') + sub('', 'Fish'));
    expect(item.issues).toEqual([]);
    expect(item.question!.draft).toMatchObject({
      questionType: 'matching',
      allowsPartialCredit: true,
      correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 201 }, { left: 102, right: 201 }, { left: 103, right: 202 }] },
    });
    expect(item.question!.draft.texts.en!.options!.map((o) => o.answerData)).toEqual(['Cat', 'Dog', 'Crow', 'Mammal', 'Bird', 'Fish']);
  });

  it('refuses a question whose lists do not fit, per question, in both languages', () => {
    const item = moodle(sub('Cat', 'Mammal'));
    expect(item).toMatchObject({ question: null, issues: [{ field: 'texts.options' }] });
    expect(item.issues[0]!.message.tn).toMatch(/பொருத்துக் கேள்விக்கு/);
    const tooMany = moodle(Array.from({ length: 9 }, (_, i) => sub(`L${i}`, `R${i}`)).join(''));
    expect(tooMany).toMatchObject({ question: null, issues: [{ field: 'texts.options' }] });
  });
});

describe('matching in GIFT', () => {
  it('reads { =a -> 1 =b -> 2 } as matching in pairs, an empty left side as a distractor', () => {
    const [item, bad] = parseGift('::Capitals:: Match the country with its capital. {\n=India -> New Delhi\n=Japan -> Tokyo\n=France -> Paris\n= -> Rome\n}\n\n::One:: Only one. {\n=a -> 1\n}\n');
    expect(item!.issues).toEqual([]);
    expect(item!.question!.draft).toMatchObject({
      questionType: 'matching',
      correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 201 }, { left: 102, right: 202 }, { left: 103, right: 203 }] },
    });
    expect(item!.question!.draft.texts.en!.options).toEqual([
      { answerID: 101, answerData: 'India' },
      { answerID: 102, answerData: 'Japan' },
      { answerID: 103, answerData: 'France' },
      { answerID: 201, answerData: 'New Delhi' },
      { answerID: 202, answerData: 'Tokyo' },
      { answerID: 203, answerData: 'Paris' },
      { answerID: 204, answerData: 'Rome' },
    ]);
    expect(bad).toMatchObject({ question: null, issues: [{ field: 'texts.options' }] });
  });
});

describe('matching in the spreadsheet template', () => {
  it('is not written, and a row of the kind is that row’s error in both languages', () => {
    expect(fitsTemplate(matching(false))).toBe(false);
    const [item] = parseTemplateCsv('kind,statement_en,correct\nmatching,Match.,A-I\n');
    expect(item).toMatchObject({ question: null, issues: [{ field: 'questionType' }] });
    expect(item!.issues[0]!.message.en).toContain('matching');
    expect(item!.issues[0]!.message.tn).toContain('Moodle XML');
  });
});
