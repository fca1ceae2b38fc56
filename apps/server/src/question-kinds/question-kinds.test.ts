import { describe, expect, it } from 'vitest';
import { QUESTION_KINDS, QUESTION_TYPES } from '@app/contracts';
import { SERVER_QUESTION_KINDS, serverKindOf, type KindQuestion } from './index.js';

const question: KindQuestion = {
  data: 'Water boils at {0} °C and freezes at {0} °C.',
  options: [
    { answerID: 1, answerData: 'A' },
    { answerID: 2, answerData: 'B' },
  ],
  lineNumber: 12,
  programming: { codeStubs: {}, allowedLanguages: ['Python'], inputFormat: 'a', outputFormat: 'b', constraints: '', timeLimitMs: 1000, memoryLimitMb: 64 },
  sampleCases: [{ input: '1', output: '2' }],
  startFileUrl: '/files/start.xlsx',
  correctAnswerId: 2,
  correctAnswerData: [{ id: '1-0', value: 'SECRET' }],
};

describe('the server’s question-kind registry', () => {
  it('has every kind the contracts have', () => {
    expect(Object.keys(SERVER_QUESTION_KINDS).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(serverKindOf('essay')).toBeUndefined();
    expect(serverKindOf('constructor')).toBeUndefined();
  });

  it('gives the player each kind’s own part and never its key', () => {
    for (const type of QUESTION_TYPES) {
      const part = SERVER_QUESTION_KINDS[type].playerPart(question);
      expect(JSON.stringify(part), type).not.toContain('SECRET');
      // Ordering serves its items shuffled; every other kind in the stored order.
      const served = type === 'ordering' ? [...part.answer].sort((a, b) => a.answerID - b.answerID) : part.answer;
      expect(served, type).toEqual(question.options);
    }
    expect(SERVER_QUESTION_KINDS.text.playerPart(question).blankCount).toBe(2);
    expect(SERVER_QUESTION_KINDS.singleChoice.playerPart(question).blankCount).toBe(0);
    expect(SERVER_QUESTION_KINDS.comprehensive.playerPart(question).lineNumber).toBe(12);
    expect(SERVER_QUESTION_KINDS.programming.playerPart(question).sampleInputOutputs).toEqual([{ inputData: '1', outputData: '2' }]);
    expect(SERVER_QUESTION_KINDS.programming.playerPart(question).questionDetails?.allowedLanguages).toEqual(['Python']);
    expect(SERVER_QUESTION_KINDS.xlsx.playerPart(question).startFileUrl).toBe('/files/start.xlsx');
    expect(SERVER_QUESTION_KINDS.singleChoice.playerPart(question).startFileUrl).toBeNull();
  });

  it('agrees with the contracts’ traits on paper sheets, evaluations, item statistics and files', () => {
    for (const type of QUESTION_TYPES) {
      const server = SERVER_QUESTION_KINDS[type];
      const traits = QUESTION_KINDS[type].traits;
      expect(server.paperAnswer !== null, type).toBe(traits.paperAnswerable);
      expect(server.marking === 'runner' || server.marking === 'office', type).toBe(traits.evaluated);
      expect(server.marking === 'teacher', type).toBe(traits.written);
      expect(server.itemStatistics === 'options', type).toBe(traits.choice);
      expect(server.exchange.moodleXml !== null, type).toBe(traits.exchangeable);
      // The spreadsheet template carries every kind the files carry but matching and ordering (Moodle XML; GIFT for matching).
      expect(server.exchange.template !== null, type).toBe(traits.exchangeable && type !== 'matching' && type !== 'ordering');
    }
    // The spreadsheet template has no columns for matching's two lists or ordering's items: the exchangeable kinds it lacks.
    expect(QUESTION_TYPES.filter((type) => QUESTION_KINDS[type].traits.exchangeable && SERVER_QUESTION_KINDS[type].exchange.template === null)).toEqual(['matching', 'ordering']);
    expect(SERVER_QUESTION_KINDS.singleChoice.paperAnswer!(3)).toBe(3);
    expect(SERVER_QUESTION_KINDS.multipleChoice.paperAnswer!(3)).toEqual([3]);
  });

  it('decides an evaluated kind only once its evaluation is recorded', () => {
    const answer = { answerId: 'program', answerData: {}, evaluatedFraction: null, teacherMarks: null };
    expect(SERVER_QUESTION_KINDS.programming.isDecided(answer)).toBe(false);
    expect(SERVER_QUESTION_KINDS.programming.isDecided({ ...answer, evaluatedFraction: 0.5 })).toBe(true);
    expect(SERVER_QUESTION_KINDS.singleChoice.isDecided(answer)).toBe(true);
  });
});
