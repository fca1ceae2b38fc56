import { describe, expect, it } from 'vitest';
import { checkNewQuestion } from '../question-bank.service.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import { JEE_ADVANCED_QUESTION } from '../../../../test/fixtures/jee-advanced.js';

const QUESTION = JEE_ADVANCED_QUESTION;

describe('JEE Advanced marking in Moodle XML', () => {
  it('is written as a multiple-answer multichoice with our marking element and read back the same, both languages', () => {
    const xml = writeMoodleXml([QUESTION]);
    expect(xml).toContain('<question type="multichoice">');
    expect(xml).toContain('<single>false</single>');
    expect(xml).toContain('<marking>jee-advanced</marking>');
    // Moodle itself reads the fractions: half for each right option, the negative mark's share for a wrong one.
    expect(xml).toContain('fraction="50"');
    expect(xml).toContain('fraction="-50"');
    const [item] = parseMoodleXml(xml);
    expect(item!.issues).toEqual([]);
    expect(item!.question!.draft).toMatchObject({ questionType: 'multipleChoice', marking: 'jee-advanced', correctAnswerId: [1, 3], marks: 4, negativeMarks: 2 });
    expect(item!.question!.draft.texts.tn!.options).toEqual(QUESTION.draft.texts.tn!.options);
    expect(checkNewQuestion(item!.question!.draft).issues).toEqual({});
  });

  it('writes no marking element for standard marking, and a file without one reads as standard', () => {
    const xml = writeMoodleXml([{ ...QUESTION, draft: { ...QUESTION.draft, marking: 'standard' } }]);
    expect(xml).not.toContain('<marking>');
    const [item] = parseMoodleXml(xml);
    expect(item!.question!.draft.questionType).toBe('multipleChoice');
    expect(item!.question!.draft.marking).toBeUndefined();
  });

  it('refuses a marking that is no marking, or one on a single-answer question, when the import is checked', () => {
    const bogus = writeMoodleXml([QUESTION]).replace('<marking>jee-advanced</marking>', '<marking>generous</marking>');
    expect(Object.keys(checkNewQuestion(parseMoodleXml(bogus)[0]!.question!.draft).issues)).toContain('marking');
    const single = writeMoodleXml([QUESTION]).replace('<single>false</single>', '<single>true</single>');
    const draft = parseMoodleXml(single)[0]!.question!.draft;
    expect(draft.questionType).toBe('singleChoice');
    expect(checkNewQuestion(draft).issues).toMatchObject({ marking: 'questionSettingsInvalid' });
  });
});
