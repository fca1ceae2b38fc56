import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGift } from './gift.js';
import { parseMoodleXml } from './moodle-xml.js';
import { categoryPath } from './shared.js';

const source = fs.readFileSync(new URL('./fixtures/moodle-export.gift', import.meta.url), 'utf8');

describe('a GIFT file exported by Moodle', () => {
  const items = parseGift(source);

  it('reads all nine questions: eight valid, the matching one refused on its own', () => {
    expect(items.map((i) => [i.title, i.question?.draft.questionType ?? null])).toEqual([
      ['Powerhouse', 'singleChoice'],
      ['Two membranes', 'multipleChoice'],
      ['DNA strands', 'singleChoice'],
      ['Energy currency', 'text'],
      ['Match organelles', null],
      ['Explain osmosis', 'comprehensive'],
      ['Lens power', 'numerical'],
      ['Free fall', 'numerical'],
      ['SI unit of force', 'singleChoice'],
    ]);
    const matching = items[4]!;
    expect(matching.issues).toEqual([expect.objectContaining({ field: 'questionType' })]);
    expect(matching.issues[0]!.message.en).toContain('kind "matching" is not supported');
    expect(matching.issues[0]!.message.tn).toContain('பொருத்துதல்');
    expect(items.filter((i) => i !== matching).every((i) => i.issues.every((issue) => issue.isWarning))).toBe(true);
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

  it('gives Moodle XML questions their category path and refuses matching on its own', () => {
    const q = (type: string, name: string, body = '') =>
      `<question type="${type}"><name><text>${name}</text></name><questiontext format="plain_text"><text>${name}?</text></questiontext>${body}</question>`;
    const items = parseMoodleXml(
      `<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/top/Default for X/Physics/Optics</text></category></question>` +
        q('matching', 'Pairs', '<subquestion><text>a</text><answer><text>b</text></answer></subquestion>') +
        q('truefalse', 'Light', '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>') +
        `</quiz>`,
    );
    expect(items[0]!.issues[0]!.message.en).toContain('kind "matching" is not supported');
    expect(items[1]!.question).toMatchObject({ topics: ['Optics'], category: ['Physics', 'Optics'] });
  });
});
