import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from '../../modules/question-bank/formats/index.js';
import { checkNewQuestion } from '../../modules/question-bank/question-bank.service.js';
import { NEET_MOCK_SUBJECTS, readMockFile } from './neet-mock.js';

/** The demo mock's files: read by the importer's own reader, every row a complete bilingual question. */
describe.each(NEET_MOCK_SUBJECTS.map((s) => [s.section, s] as const))('NEET mock: %s', (_name, subject) => {
  it('has 45 valid single-answer questions in English and Tamil, filed under known chapters', async () => {
    const buffer = await readMockFile(subject);
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const items = await parseQuestionFile(buffer, 'csv');
    expect(items).toHaveLength(45);
    const statements = { en: new Set<string>(), tn: new Set<string>() };
    const difficulties = new Set<string>();
    for (const item of items) {
      const where = `line ${item.line}`;
      expect(item.issues, where).toEqual([]);
      const q = item.question!;
      const { draft } = q;
      expect(draft.questionType, where).toBe('singleChoice');
      expect([draft.marks, draft.negativeMarks], where).toEqual([4, 1]);
      expect([1, 2, 3, 4], where).toContain(draft.correctAnswerId);
      difficulties.add(draft.difficulty ?? 'medium');
      for (const language of ['en', 'tn'] as const) {
        const text = draft.texts[language];
        expect(text?.data.trim(), `${where} ${language} statement`).toBeTruthy();
        expect(text?.explanation?.trim(), `${where} ${language} explanation`).toBeTruthy();
        expect(text?.options?.map((o) => o.answerID), `${where} ${language} options`).toEqual([1, 2, 3, 4]);
        expect(text!.options!.every((o) => o.answerData.trim()), `${where} ${language} options`).toBe(true);
        // TeX is written inside $…$: an odd number of dollars is an unclosed formula.
        for (const part of [text!.data, text!.explanation!, ...text!.options!.map((o) => o.answerData)]) {
          expect((part.match(/(?<!\\)\$/g) ?? []).length % 2, `${where} ${language}: ${part}`).toBe(0);
        }
        expect(statements[language].has(text!.data), `${where} duplicate ${language} statement`).toBe(false);
        statements[language].add(text!.data);
      }
      // Tamil text is written in Tamil, not copied from the English.
      expect(/[\u0B80-\u0BFF]/.test(draft.texts.tn!.data), `${where} Tamil statement`).toBe(true);
      expect(/[\u0B80-\u0BFF]/.test(draft.texts.tn!.explanation!), `${where} Tamil explanation`).toBe(true);
      expect(q.topics, where).toHaveLength(1);
      expect(subject.topics, where).toContain(q.topics[0]);
      expect(checkNewQuestion({ ...draft, topicIds: [1], owner: 'client' }).issues, where).toEqual({});
    }
    expect([...difficulties].sort()).toEqual(['easy', 'hard', 'medium']);
  });
});
