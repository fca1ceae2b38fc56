import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGift } from './gift.js';
import { parseMoodleXml } from './moodle-xml.js';
import { categoryPath } from './shared.js';

const source = fs.readFileSync(new URL('./fixtures/moodle-export.gift', import.meta.url), 'utf8');

describe('a GIFT file exported by Moodle', () => {
  const items = parseGift(source);

  it('reads all nine questions as valid, the matching one as the matching kind', () => {
    expect(items.map((i) => [i.title, i.question?.draft.questionType ?? null])).toEqual([
      ['Powerhouse', 'singleChoice'],
      ['Two membranes', 'multipleChoice'],
      ['DNA strands', 'singleChoice'],
      ['Energy currency', 'text'],
      ['Match organelles', 'matching'],
      ['Explain osmosis', 'comprehensive'],
      ['Lens power', 'numerical'],
      ['Free fall', 'numerical'],
      ['SI unit of force', 'singleChoice'],
    ]);
    const matching = items[4]!;
    expect(matching.issues).toEqual([]);
    const draft = matching.question!.draft;
    expect(draft.allowsPartialCredit).toBe(true);
    expect(draft.texts.en!.options!.map((o) => o.answerData)).toEqual(['<p>Ribosome</p>', '<p>Lysosome</p>', '<p>Chloroplast</p>', 'protein synthesis', 'digestion', 'photosynthesis']);
    expect(draft.correctAnswerData).toMatchObject({ presentation: 'pairs' });
    expect(matching.question).toMatchObject({ topics: ['Cell Biology'], category: ['Biology', 'Cell Biology'] });
    expect(items.every((i) => i.issues.every((issue) => issue.isWarning))).toBe(true);
  });

  it('takes the fully right value of a numerical question with alternatives and warns of the dropped partial one', () => {
    const lens = items[6]!;
    expect(lens.question!.draft.correctAnswerData).toEqual({ value: 1.5, tolerance: 0.1 });
    expect(lens.issues).toEqual([expect.objectContaining({ field: 'correctAnswerData', isWarning: true })]);
    expect(lens.issues[0]!.message.en).toContain('1.5:0.5 (50%)');
    expect(lens.issues[0]!.message.tn).toContain('1.5:0.5 (50%)');
    expect(items[7]!.question!.draft.correctAnswerData).toEqual({ value: 20, tolerance: 0 });
  });

  it('keeps the category path of each question, Moodle’s own “Default for” category left out', () => {
    expect(items[0]!.question).toMatchObject({ topics: ['Cell Biology'], category: ['Biology', 'Cell Biology'] });
    expect(items[8]!.question).toMatchObject({ topics: ['Mechanics'], category: ['Physics', 'Mechanics'] });
  });
});

describe('GIFT numerical answers', () => {
  it('reads wrong-answer text after ~ as Moodle does, on one line too', () => {
    const [item] = parseGift('::N:: What? {#=1.5:0.1 =%50%1.5:0.5 ~That is not it}\n');
    expect(item!.question!.draft.correctAnswerData).toEqual({ value: 1.5, tolerance: 0.1 });
  });

  it('still refuses two fully right values', () => {
    const [item] = parseGift('::Two:: Either. {#\n=3.14:0.01\n=3:0\n}\n');
    expect(item).toMatchObject({ question: null, issues: [{ field: 'correctAnswerData' }] });
  });

  it('labels a question it cannot read with its own title, not the comment or category above it', () => {
    const items = parseGift('// question: 7  name: Broken\n$CATEGORY: $course$/top/Optics\n::Broken one:: Never closes {=yes ~no\n\n::Fine:: Fine? {T}\n');
    expect(items[0]).toMatchObject({ title: 'Broken one', question: null });
    expect(items[1]!.question).toMatchObject({ topics: ['Optics'], category: ['Optics'] });
    const [untitled] = parseGift('// a comment\nNo title and no end {=a ~b\n');
    expect(untitled!.title).toBe('No title and no end {=a ~b');
  });
});

describe('categories', () => {
  it('keeps the whole path; // is a slash in a name', () => {
    expect(categoryPath('$course$/top/Physics/Heat//Thermodynamics')).toEqual(['Physics', 'Heat/Thermodynamics']);
    expect(categoryPath('$system$/top')).toEqual([]);
  });

  it('gives Moodle XML questions their category path, matching ones too, and refuses a matching question with one pair on its own', () => {
    const q = (type: string, name: string, body = '') =>
      `<question type="${type}"><name><text>${name}</text></name><questiontext format="plain_text"><text>${name}?</text></questiontext>${body}</question>`;
    const items = parseMoodleXml(
      `<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/top/Default for X/Physics/Optics</text></category></question>` +
        q('matching', 'Pairs', '<subquestion><text>a</text><answer><text>b</text></answer></subquestion>') +
        q('matching', 'Two pairs', '<subquestion><text>a</text><answer><text>b</text></answer></subquestion><subquestion><text>c</text><answer><text>d</text></answer></subquestion>') +
        q('truefalse', 'Light', '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>') +
        `</quiz>`,
    );
    expect(items[0]).toMatchObject({ title: 'Pairs', question: null, issues: [{ field: 'texts.options' }] });
    expect(items[0]!.issues[0]!.message.en).toContain('A matching question needs 2 to 8 items');
    expect(items[1]!.question).toMatchObject({ draft: { questionType: 'matching' }, topics: ['Optics'], category: ['Physics', 'Optics'] });
    expect(items[2]!.question).toMatchObject({ topics: ['Optics'], category: ['Physics', 'Optics'] });
  });
});
