import { describe, expect, it } from 'vitest';
import { fitsGift, parseGift, writeGift } from './gift.js';
import type { FormatQuestion, QuestionDraft } from './types.js';

/** A question of one kind in English, as the exporter hands it over. */
const question = (draft: Partial<QuestionDraft> & Pick<QuestionDraft, 'questionType'>, data = 'Which one?', topic = 'Mechanics'): FormatQuestion => ({
  topics: [topic],
  draft: {
    contentType: 'text',
    tags: [],
    texts: { en: { title: 'Q', data, explanation: 'Because it is so.' } },
    ...draft,
  },
});
const withOptions = (q: FormatQuestion, options: string[], firstId = 1): FormatQuestion => {
  q.draft.texts.en!.options = options.map((answerData, i) => ({ answerID: firstId + i, answerData }));
  return q;
};

/** What GIFT carries of a question: kind, statement, options, key, partial credit, title, explanation, topic. */
const carried = (q: FormatQuestion) => ({
  questionType: q.draft.questionType,
  contentType: q.draft.contentType,
  title: q.draft.texts.en!.title,
  data: q.draft.texts.en!.data,
  explanation: q.draft.texts.en!.explanation,
  options: q.draft.texts.en!.options ?? [],
  correctAnswerId: q.draft.correctAnswerId ?? null,
  correctAnswerData: q.draft.correctAnswerData ?? null,
  allowsPartialCredit: q.draft.allowsPartialCredit ?? false,
  topics: q.topics,
});
const roundTrip = (questions: FormatQuestion[]) => {
  const items = parseGift(writeGift(questions));
  expect(items.flatMap((i) => i.issues)).toEqual([]);
  return items.map((i) => carried(i.question!));
};

describe('GIFT export through each kind’s mapping', () => {
  it('round trips numerical keys: a value with its tolerance, an exact value and a range', () => {
    const questions = [
      question({ questionType: 'numerical', correctAnswerData: { value: 3.14, tolerance: 0.01 } }, 'π to two places?'),
      question({ questionType: 'numerical', correctAnswerData: { value: -12, tolerance: 0 } }, 'Charge: 1 + 2 = ?'),
      question({ questionType: 'numerical', correctAnswerData: { min: 0.1, max: 0.3 } }, 'A value {in} [0.1, 0.3] = ~x#?', 'Optics'),
    ];
    const text = writeGift(questions);
    expect(text).toContain('{#3.14:0.01 ####Because it is so.}');
    expect(text).toContain('{#0.1..0.3 ####');
    expect(text).toContain('$CATEGORY: $course$/top/Optics');
    expect(roundTrip(questions)).toEqual(questions.map(carried));
  });

  it('round trips a matching question as GIFT pairs, a list II distractor as an empty left side', () => {
    const q = withOptions(question({ questionType: 'matching', allowsPartialCredit: true, correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 202 }, { left: 102, right: 201 }, { left: 103, right: 203 }] } }, 'Match list I with list II.'), [
      'Ribosome',
      'Lysosome',
      'Chloroplast',
    ], 101);
    q.draft.texts.en!.options!.push({ answerID: 201, answerData: 'digestion' }, { answerID: 202, answerData: 'protein synthesis' }, { answerID: 203, answerData: 'photosynthesis' }, { answerID: 204, answerData: 'respiration: ATP' });
    const text = writeGift([q]);
    expect(text).toContain('{=Ribosome -> protein synthesis =Lysosome -> digestion =Chloroplast -> photosynthesis = -> respiration\\: ATP ####');
    const [back] = roundTrip([q]);
    // List II comes back in the file's order (first appearance); the pairs name the same texts.
    const textOf = (c: ReturnType<typeof carried>, id: number) => c.options.find((o) => o.answerID === id)!.answerData;
    const pairsAsText = (c: ReturnType<typeof carried>) => (c.correctAnswerData as { pairs: { left: number; right: number }[] }).pairs.map((p) => [textOf(c, p.left), textOf(c, p.right)]);
    expect(back).toMatchObject({ questionType: 'matching', allowsPartialCredit: true, data: 'Match list I with list II.', correctAnswerData: { presentation: 'pairs' } });
    expect(pairsAsText(back!)).toEqual(pairsAsText(carried(q)));
    expect(back!.options.map((o) => o.answerData).sort()).toEqual(q.draft.texts.en!.options!.map((o) => o.answerData).sort());
  });

  it('round trips the choice, short-answer and essay kinds', () => {
    const questions = [
      withOptions(question({ questionType: 'singleChoice', correctAnswerId: 2 }), ['Newton', 'Joule', 'Watt = J/s']),
      withOptions(question({ questionType: 'multipleChoice', correctAnswerId: [1, 3], allowsPartialCredit: true }), ['a', 'b', 'c']),
      withOptions(question({ questionType: 'multipleChoice', correctAnswerId: [1, 2] }), ['a', 'b', 'c']),
      question({ questionType: 'text', correctAnswerData: [{ value: 'H2O', alternatives: ['water'] }] }, 'Its formula is {0} here.'),
      { ...question({ questionType: 'comprehensive' }, 'Explain osmosis.\nIn two lines.'), topics: ['Cell Biology'] },
    ];
    const back = roundTrip(questions);
    expect(back).toEqual(questions.map(carried));
  });

  it('leaves out, per question, what GIFT cannot carry', () => {
    const unit = question({ questionType: 'numerical', correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' } });
    const coded = withOptions(question({ questionType: 'matching', correctAnswerId: 1, correctAnswerData: { presentation: 'coded', pairs: [{ left: 101, right: 201 }, { left: 102, right: 202 }] } }), ['a', 'b'], 101);
    const twoBlanks = question({ questionType: 'text', correctAnswerData: [{ value: 'a' }, { value: 'b' }] }, '{0} and {0}');
    const tolerance = question({ questionType: 'text', correctAnswerData: [{ value: '100', tolerance: 0.5 }] }, 'Boils at {0} °C.');
    const ordering = withOptions(question({ questionType: 'ordering', correctAnswerData: { order: [1, 2] } }), ['a', 'b']);
    const tamil = question({ questionType: 'numerical', correctAnswerData: { value: 1, tolerance: 0 } });
    tamil.draft.texts.tn = { title: 'கே', data: 'எவ்வளவு?' };
    const picture = { ...question({ questionType: 'numerical', correctAnswerData: { value: 1, tolerance: 0 } }), draft: { ...question({ questionType: 'numerical', correctAnswerData: { value: 1, tolerance: 0 } }).draft, mediaUrl: 'data:image/png;base64,AAAA' } };
    const arrow = withOptions(question({ questionType: 'matching', correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 201 }, { left: 102, right: 202 }] } }), ['a -> b', 'c'], 101);
    arrow.draft.texts.en!.options!.push({ answerID: 201, answerData: 'x' }, { answerID: 202, answerData: 'y' });
    for (const q of [unit, coded, twoBlanks, tolerance, ordering, tamil, picture, arrow]) expect(fitsGift(q), q.draft.questionType).toBe(false);
    const fits = question({ questionType: 'numerical', correctAnswerData: { value: 9.8, tolerance: 0.1 } });
    expect(fitsGift(fits)).toBe(true);
  });
});
