import { describe, expect, it } from 'vitest';
import type { ScorableQuestion } from '../question-kinds.types.js';
import { multipleChoiceServerKind } from './multiple-choice.kind.js';

/** Four options, A and C right; +4 full marks, −2 when wrong (JEE Advanced's one or more correct). */
const question = (settings: Record<string, unknown> | undefined, allowsPartialCredit = false): ScorableQuestion => ({
  questionID: 1,
  questionType: 'multipleChoice',
  marks: 4,
  negativeMarks: 2,
  allowsPartialCredit,
  numericTolerance: null,
  correctAnswerId: [1, 3],
  correctAnswerData: null,
  settings,
});
const answer = (answerId: unknown) => ({ answerId, answerData: null, evaluatedFraction: null, teacherMarks: null });
const score = (q: ScorableQuestion, chosen: unknown) => multipleChoiceServerKind.score(q, answer(chosen));

describe('multiple choice marking', () => {
  const jee = question({ marking: 'jee-advanced' });
  it.each([
    ['every right option, no wrong one', [3, 1], { status: 'correct', marksAwarded: 4, negativeLost: 0 }],
    ['some right options, no wrong one: +1 each', [1], { status: 'partial', marksAwarded: 1, negativeLost: 0 }],
    ['a wrong option with a right one', [1, 2], { status: 'wrong', marksAwarded: -2, negativeLost: 2 }],
    ['only a wrong option', [4], { status: 'wrong', marksAwarded: -2, negativeLost: 2 }],
    ['every option', [1, 2, 3, 4], { status: 'wrong', marksAwarded: -2, negativeLost: 2 }],
    ['none (cleared)', null, { status: 'unanswered', marksAwarded: 0, negativeLost: 0 }],
    ['none (empty list)', [], { status: 'unanswered', marksAwarded: 0, negativeLost: 0 }],
  ])('JEE Advanced: %s', (_name, chosen, expected) => {
    expect(score(jee, chosen)).toEqual(expected);
  });

  it('JEE Advanced gives +1 per right option chosen: two of three right is +2', () => {
    const three = { ...jee, correctAnswerId: [1, 2, 3] };
    expect(score(three, [1, 3])).toEqual({ status: 'partial', marksAwarded: 2, negativeLost: 0 });
    expect(score(three, [2])).toEqual({ status: 'partial', marksAwarded: 1, negativeLost: 0 });
  });

  it('standard marking (the default, or named) is unchanged: a subset is wrong unless the test allows partial credit', () => {
    for (const settings of [undefined, {}, { marking: 'standard' }]) {
      expect(score(question(settings), [1, 3]).status).toBe('correct');
      expect(score(question(settings), [1])).toEqual({ status: 'wrong', marksAwarded: -2, negativeLost: 2 });
      expect(score(question(settings, true), [1])).toEqual({ status: 'partial', marksAwarded: 2, negativeLost: 0 });
      expect(score(question(settings), null).status).toBe('unanswered');
    }
  });

  it('names the JEE Advanced scheme for the instructions only when the question has it', () => {
    expect(multipleChoiceServerKind.scheme(jee)).toBe('jee-advanced');
    expect(multipleChoiceServerKind.scheme(question({ marking: 'standard' }))).toBeNull();
    expect(multipleChoiceServerKind.scheme(question(undefined))).toBeNull();
  });
});
