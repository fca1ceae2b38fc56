import { assertionReasonOptions, assertionReasonStatement } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { SERVER_QUESTION_KINDS, recogniseAssertionReason, type KindQuestion, type ScorableQuestion } from '../index.js';

const kind = SERVER_QUESTION_KINDS.assertionReason;
const question: ScorableQuestion = {
  questionID: 1,
  questionType: 'assertionReason',
  marks: 4,
  negativeMarks: 1,
  allowsPartialCredit: false,
  numericTolerance: null,
  correctAnswerId: 3,
  correctAnswerData: null,
};
const answer = (answerId: unknown) => ({ answerId, answerData: null, evaluatedFraction: null, teacherMarks: null });

describe('assertion and reason on the server', () => {
  it.each([
    ['the correct option', 3, { status: 'correct', marksAwarded: 4, negativeLost: 0 }],
    ['another option (negative marks)', 1, { status: 'wrong', marksAwarded: -1, negativeLost: 1 }],
    ['no option', null, { status: 'unanswered', marksAwarded: 0, negativeLost: 0 }],
    ['two options (a wrong shape that reached scoring)', [3, 4], { status: 'wrong', marksAwarded: -1, negativeLost: 1 }],
  ])('scores %s', (_, chosen, expected) => {
    expect(kind.score(question, answer(chosen))).toEqual(expected);
  });

  it('scores a wrong option as zero when the test has no negative marks', () => {
    expect(kind.score({ ...question, negativeMarks: 0 }, answer(2))).toEqual({ status: 'wrong', marksAwarded: 0, negativeLost: 0 });
  });

  const content: KindQuestion = {
    data: assertionReasonStatement('en', { assertion: 'A fact.', reason: 'A cause.' }),
    options: assertionReasonOptions('en'),
    lineNumber: null,
    programming: null,
    sampleCases: [],
    startFileUrl: null,
    correctAnswerId: 3,
    correctAnswerData: null,
  };

  it('gives the player the four options and not the key; the reveal gives the key', () => {
    const part = kind.playerPart(content);
    expect(part.answer).toEqual(assertionReasonOptions('en'));
    expect(JSON.stringify(part)).not.toMatch(/correctAnswer/i);
    expect(Object.keys(part)).not.toContain('correctAnswerId');
    expect(kind.reveal(content)).toEqual({ correctAnswerID: 3, correctAnswerData: null });
    expect(kind.itemStatistics).toBe('options');
    expect(kind.paperAnswer!(2)).toBe(2);
    expect(kind.exchange.moodleXml).toMatchObject({ form: 'multichoice', single: true, questionKind: 'assertionReason' });
  });

  it('recognises typed standard options in any order and maps the key onto the generated ids', () => {
    const typed = ['A is false but R is true', 'A is true but R is false', 'Both A and R are true but R is NOT the correct explanation of A', 'Both A and R are true and R is the correct explanation of A'];
    const draft = { correctAnswerId: 11, texts: { en: { data: content.data, options: typed.map((answerData, i) => ({ answerID: 10 + i, answerData })) } } };
    // Option 11 is "A is true but R is false": the third generated option.
    expect(recogniseAssertionReason(draft)).toEqual({ correctAnswerId: 3 });
    expect(recogniseAssertionReason({ ...draft, texts: { en: { ...draft.texts.en, data: '<p>No labels here.</p>' } } })).toBeNull();
    expect(recogniseAssertionReason({ ...draft, texts: { en: { ...draft.texts.en, options: draft.texts.en.options.slice(0, 3) } } })).toBeNull();
    const other = draft.texts.en.options.map((o, i) => (i === 0 ? { ...o, answerData: 'Neither is true' } : o));
    expect(recogniseAssertionReason({ ...draft, texts: { en: { ...draft.texts.en, options: other } } })).toBeNull();
  });
});
