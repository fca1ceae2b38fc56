import { assertionReasonOptions, assertionReasonStatement } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkNewQuestion } from '../question-bank.service.js';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.js';
import type { FormatQuestion } from './types.js';

const QUESTION: FormatQuestion = {
  topics: ['Cell Biology'],
  draft: {
    questionType: 'assertionReason',
    difficulty: 'medium',
    tags: [],
    contentType: 'html',
    mediaUrl: null,
    defaultLanguage: 'en',
    marks: 4,
    negativeMarks: 1,
    allowsPartialCredit: false,
    numericTolerance: null,
    lineNumber: null,
    correctAnswerId: 3,
    correctAnswerData: null,
    solution: null,
    texts: {
      en: { title: '', data: assertionReasonStatement('en', { assertion: 'Ribosomes occur in all cells.', reason: 'Ribosomes have a double membrane.' }), hint: null, explanation: 'No membrane.', instructions: null, answerTitle: null, options: assertionReasonOptions('en') },
      tn: { title: '', data: assertionReasonStatement('tn', { assertion: 'ரைபோசோம்கள் எல்லாச் செல்களிலும் உள்ளன.', reason: 'ரைபோசோம்களுக்கு இரட்டைச் சவ்வு உண்டு.' }), hint: null, explanation: 'சவ்வு இல்லை.', instructions: null, answerTitle: null, options: assertionReasonOptions('tn') },
    },
  },
};

const multichoice = (questionText: string, answers: Array<[string, number]>) =>
  `<?xml version="1.0" encoding="UTF-8"?><quiz><question type="multichoice"><name><text>AR</text></name>
  <questiontext format="html"><text><![CDATA[${questionText}]]></text></questiontext><defaultgrade>4</defaultgrade><single>true</single>
  ${answers.map(([text, fraction]) => `<answer fraction="${fraction}"><text>${text}</text></answer>`).join('')}</question></quiz>`;

describe('assertion and reason in Moodle XML', () => {
  it('is written as a single-answer multichoice with the generated options and read back the same, both languages', () => {
    const xml = writeMoodleXml([QUESTION]);
    expect(xml).toContain('<question type="multichoice">');
    expect(xml).toContain('<single>true</single>');
    expect(xml).toContain('A is true but R is false.');
    expect(xml).toContain('<questionkind>assertionReason</questionkind>');
    const [item] = parseMoodleXml(xml);
    expect(item!.issues).toEqual([]);
    expect(item!.question).toEqual(QUESTION);
  });

  it('recognises a file from elsewhere that types the standard options, and gives it the generated ones', () => {
    const statement = '<p><strong>Assertion (A):</strong> Plant cells burst in pure water.</p><p><strong>Reason (R):</strong> Water enters by osmosis.</p>';
    const [item] = parseMoodleXml(multichoice(statement, [['Both A and R are true and R is the correct explanation of A', 0], ['Both A and R are true but R is not the correct explanation of A', 0], ['A is true but R is false', 0], ['A is false but R is true', 100]]));
    expect(item!.question!.draft).toMatchObject({ questionType: 'assertionReason', correctAnswerId: 4, contentType: 'html' });
    expect(item!.question!.draft.texts.en!.options).toEqual(assertionReasonOptions('en'));
    expect(checkNewQuestion({ ...item!.question!.draft, topicIds: [] }).issues).toEqual({});
  });

  it('keeps an ordinary single-choice question as it is', () => {
    const [item] = parseMoodleXml(multichoice('<p>Which is a vector?</p>', [['Speed', 0], ['Velocity', 100]]));
    expect(item!.question!.draft.questionType).toBe('singleChoice');
  });

  it('reports, per question, a file that names the kind but lacks the assertion and reason', () => {
    const xml = writeMoodleXml([QUESTION]).replace(/Assertion \(A\):/g, 'Statement:');
    const [item] = parseMoodleXml(xml);
    expect(item!.question!.draft.questionType).toBe('assertionReason');
    expect(checkNewQuestion({ ...item!.question!.draft, topicIds: [] }).issues).toEqual({ 'texts.en.data': 'questionAssertionReasonRequired' });
  });
});
