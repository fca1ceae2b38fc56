import { describe, expect, it } from 'vitest';
import { QUESTION_KINDS, QUESTION_TYPES } from '../question-kinds/index.js';
import { mergeSessionContent } from './exam.content.js';
import { ContentQuestionSchema, SessionQuestionSchema, type StudentSession } from './exam.schemas.js';

const common = {
  questionID: 7,
  questionTaskMapID: 70,
  contentType: 'text',
  questionTitle: 'Q',
  questionData: 'Which?',
  mediaUrl: null,
  answerTitle: null,
  marks: 4,
  negativeMarks: 1,
  answer: [1, 2, 3].map((answerID) => ({ answerID, answerData: `item ${answerID}` })),
  hint: null,
  instructions: null,
  allowsPartialCredit: false,
  answerID: null,
  answerData: null,
  timeSpent: 0,
  isMarked: false,
  isShowAnswer: false,
  seq: 0,
  language: 'en',
  languages: [{ language: 'tn', questionTitle: 'Q', questionData: 'எது?', answerTitle: null, answer: [3, 2, 1].map((answerID) => ({ answerID, answerData: `${answerID}` })), hint: null, instructions: null }],
} as const;
/** Every kind's own fields at once, as a server of any kind might build them. */
const everyKindsFields = {
  blankCount: 2,
  lineNumber: 12,
  questionDetails: { codeStubs: {}, allowedLanguages: ['*'], inputFormat: '', outputFormat: '', constraints: '', timeLimitMs: 1000, memoryLimitMb: 64 },
  sampleInputOutputs: [{ inputData: '1', outputData: '1' }],
  startFileUrl: 'start.xlsx',
};

describe('the session question: a union on the kind, built from the registry', () => {
  it('keeps each kind’s own fields (its playerSchema) and drops every other kind’s', () => {
    for (const type of QUESTION_TYPES) {
      const parsed = SessionQuestionSchema.parse({ ...common, ...everyKindsFields, questionType: type });
      const own = Object.keys(QUESTION_KINDS[type].playerSchema.shape);
      const kindFields = Object.keys(parsed).filter((key) => key in everyKindsFields);
      expect(kindFields.sort(), type).toEqual(own.sort());
      // The content (every student's) is the same union without the student's state.
      const content = ContentQuestionSchema.parse({ ...common, ...everyKindsFields, questionType: type });
      expect(content, type).not.toHaveProperty('answerID');
      expect(Object.keys(content).filter((key) => key in everyKindsFields).sort(), type).toEqual(own.sort());
    }
    expect(Object.keys(QUESTION_KINDS.text.playerSchema.shape)).toEqual(['blankCount']);
    expect(Object.keys(QUESTION_KINDS.programming.playerSchema.shape)).toEqual(['questionDetails', 'sampleInputOutputs']);
  });

  it('refuses a question without its kind’s own fields, or of no kind', () => {
    expect(SessionQuestionSchema.safeParse({ ...common, questionType: 'comprehensive' }).success).toBe(false);
    expect(SessionQuestionSchema.safeParse({ ...common, questionType: 'comprehensive', lineNumber: 12 }).success).toBe(true);
    expect(SessionQuestionSchema.safeParse({ ...common, questionType: 'essay', lineNumber: 12 }).success).toBe(false);
  });
});

describe('mergeSessionContent and the attempt’s own order', () => {
  const session = (question: object): StudentSession =>
    ({ contentKey: null, section: [{ question: [question] }] }) as unknown as StudentSession;

  it('lists the options in every language in the attempt’s order, and leaves a question without one as it came', () => {
    const ordered = mergeSessionContent(session({ ...common, questionType: 'ordering', itemOrder: [2, 3, 1] }), null).section[0]!.question[0]!;
    expect(ordered.answer.map((o) => o.answerID)).toEqual([2, 3, 1]);
    expect(ordered.languages[0]!.answer.map((o) => o.answerID)).toEqual([2, 3, 1]);
    const plain = mergeSessionContent(session({ ...common, questionType: 'ordering' }), null).section[0]!.question[0]!;
    expect(plain.answer.map((o) => o.answerID)).toEqual([1, 2, 3]);
    expect(plain.languages[0]!.answer.map((o) => o.answerID)).toEqual([3, 2, 1]);
  });
});
