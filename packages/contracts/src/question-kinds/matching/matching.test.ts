import { describe, expect, it } from 'vitest';
import { checkQuestionContent } from '../../question-bank/question-bank.rules.js';
import { CreateQuestionBodySchema } from '../../question-bank/question-bank.schemas.js';
import { QUESTION_KINDS } from '../index.js';
import { asMatchingKey, codeText, generatedCodes, keyLines, matchingAnswerOf, matchingSaveOf, pairsOfCode, type MatchingPair } from './matching.pairs.js';

const kind = QUESTION_KINDS.matching;

const PAIRS: MatchingPair[] = [
  { left: 101, right: 203 },
  { left: 102, right: 201 },
  { left: 103, right: 204 },
  { left: 104, right: 202 },
];
const LISTS = [
  { answerID: 101, answerData: 'Mitochondria' },
  { answerID: 102, answerData: 'Ribosome' },
  { answerID: 103, answerData: 'Lysosome' },
  { answerID: 104, answerData: 'Golgi body' },
  { answerID: 201, answerData: 'Protein synthesis' },
  { answerID: 202, answerData: 'Packaging' },
  { answerID: 203, answerData: 'Respiration' },
  { answerID: 204, answerData: 'Digestion' },
];

describe('the matching codes', () => {
  it('writes and reads a code in list order', () => {
    expect(codeText(PAIRS)).toBe('A-III, B-I, C-IV, D-II');
    expect(pairsOfCode('A-III, B-I, C-IV, D-II')).toEqual(PAIRS);
    expect(pairsOfCode('A-III; B-I')).toBeNull();
    expect(pairsOfCode('A-XL')).toBeNull();
  });

  it('generates four different codes from the key, the same every time, the key among them', () => {
    const generated = generatedCodes(PAIRS, [201, 202, 203, 204])!;
    expect(generated.codes).toHaveLength(4);
    expect(new Set(generated.codes).size).toBe(4);
    expect(generated.codes[generated.correct - 1]).toBe('A-III, B-I, C-IV, D-II');
    expect(generatedCodes([...PAIRS].reverse(), [201, 202, 203, 204])).toEqual(generated);
    for (const code of generated.codes) expect(pairsOfCode(code)!.map((p) => p.left)).toEqual([101, 102, 103, 104]);
  });

  it('cannot make four codes of two items without a spare list II item', () => {
    expect(generatedCodes([{ left: 101, right: 201 }, { left: 102, right: 202 }], [201, 202])).toBeNull();
    expect(generatedCodes([{ left: 101, right: 201 }, { left: 102, right: 202 }], [201, 202, 203])!.codes).toHaveLength(4);
  });

  it('shows the key as content', () => {
    expect(keyLines({ presentation: 'pairs', pairs: PAIRS }, LISTS)[0]).toBe('A. Mitochondria → III. Respiration');
  });
});

describe('the matching answer', () => {
  it('takes pairs, a code or a clear', () => {
    expect(kind.answerSchema.safeParse({ answerID: 'pairs', answerData: [{ id: '101', value: '203' }] }).success).toBe(true);
    expect(kind.answerSchema.safeParse({ answerID: 2, answerData: null }).success).toBe(true);
    expect(kind.answerSchema.safeParse({ answerID: null, answerData: null }).success).toBe(true);
  });

  it.each([
    { answerID: 'pairs', answerData: null },
    { answerID: 'pairs', answerData: [] },
    { answerID: 'pairs', answerData: [{ id: 'A', value: 'III' }] },
    { answerID: 'pairs', answerData: 'A-III' },
    { answerID: 5, answerData: null },
    { answerID: [1, 2], answerData: null },
    { answerID: 'number', answerData: [{ id: 'number', value: '3' }] },
  ])('refuses %j', (answer) => {
    expect(kind.answerSchema.safeParse(answer).success).toBe(false);
  });

  it('reads and writes a pairing', () => {
    const chosen = matchingAnswerOf([{ id: '101', value: '203' }, { id: '102', value: 'x' }]);
    expect([...chosen]).toEqual([[101, 203]]);
    expect(matchingSaveOf(chosen)).toEqual({ answerID: 'pairs', answerData: [{ id: '101', value: '203' }] });
    expect(matchingSaveOf(new Map())).toEqual({ answerID: null, answerData: null });
  });
});

describe('the matching content rules', () => {
  const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [] };
  const codes = generatedCodes(PAIRS, [201, 202, 203, 204])!;
  const codeOptions = codes.codes.map((answerData, i) => ({ answerID: i + 1, answerData }));
  const issuesOf = (over: { options?: typeof LISTS; tn?: typeof LISTS; key?: unknown; correctAnswerId?: number | null }) =>
    checkQuestionContent('matching', {
      ...base,
      correctAnswerId: over.correctAnswerId ?? null,
      correctAnswerData: (over.key === undefined ? { presentation: 'pairs', pairs: PAIRS } : over.key) as never,
      texts: { en: { data: 'Match list I with list II', options: over.options ?? LISTS }, ...(over.tn ? { tn: { data: 'பொருத்துக', options: over.tn } } : {}) },
    });

  it('takes a pairs question and a coded one', () => {
    expect(issuesOf({})).toEqual({});
    expect(issuesOf({ options: [...LISTS, ...codeOptions], key: { presentation: 'coded', pairs: PAIRS }, correctAnswerId: codes.correct })).toEqual({});
  });

  it('names the options when a list is too short, out of order or differs between languages', () => {
    expect(issuesOf({ options: LISTS.filter((o) => o.answerID !== 102 && o.answerID !== 103 && o.answerID !== 104) })).toMatchObject({ 'texts.en.options': 'questionMatchingListsInvalid' });
    expect(issuesOf({ options: LISTS.map((o) => (o.answerID === 102 ? { ...o, answerID: 106 } : o)) })['texts.en.options']).toBe('questionMatchingListsInvalid');
    expect(issuesOf({ tn: LISTS.filter((o) => o.answerID !== 204) })['texts.tn.options']).toBe('questionOptionIdsDiffer');
  });

  it('names the key when a pair does not fit', () => {
    expect(issuesOf({ key: null })).toEqual({ correctAnswerData: 'questionMatchingKeyInvalid' });
    expect(issuesOf({ key: { presentation: 'pairs', pairs: PAIRS.slice(0, 3) } })).toEqual({ correctAnswerData: 'questionMatchingKeyInvalid' });
    expect(issuesOf({ key: { presentation: 'pairs', pairs: [...PAIRS.slice(0, 3), { left: 104, right: 209 }] } })).toEqual({ correctAnswerData: 'questionMatchingKeyInvalid' });
    expect(issuesOf({ key: { presentation: 'pairs', pairs: [...PAIRS.slice(0, 3), { left: 103, right: 202 }] } })).toEqual({ correctAnswerData: 'questionMatchingKeyInvalid' });
    expect(issuesOf({ key: { presentation: 'sideways', pairs: PAIRS } })).toEqual({ correctAnswerData: 'questionMatchingKeyInvalid' });
  });

  it('names the codes and the right code when they do not fit the key', () => {
    const coded = { key: { presentation: 'coded', pairs: PAIRS } };
    expect(issuesOf({ ...coded, correctAnswerId: 1 })['texts.en.options']).toBe('questionMatchingCodesInvalid');
    const wrongRight = codes.correct === 1 ? 2 : 1;
    expect(issuesOf({ ...coded, options: [...LISTS, ...codeOptions], correctAnswerId: wrongRight })).toEqual({ correctAnswerId: 'questionMatchingCodeKey' });
    const twice = codeOptions.map((o) => ({ ...o, answerData: codeOptions[0]!.answerData }));
    expect(issuesOf({ ...coded, options: [...LISTS, ...twice], correctAnswerId: 1 })['texts.en.options']).toBe('questionMatchingCodesInvalid');
    expect(issuesOf({ options: [...LISTS, ...codeOptions] })['texts.en.options']).toBe('questionMatchingCodesInvalid');
  });

  it('travels in the create body and is read back as a key', () => {
    const body = { questionType: 'matching', texts: { en: { data: 'Match', options: [...LISTS, ...codeOptions] } }, correctAnswerId: codes.correct, correctAnswerData: { presentation: 'coded', pairs: PAIRS } };
    expect(CreateQuestionBodySchema.safeParse(body).success).toBe(true);
    expect(CreateQuestionBodySchema.safeParse({ ...body, correctAnswerData: { presentation: 'coded', pairs: [{ left: 'A' }] } }).success).toBe(false);
    expect(asMatchingKey(body.correctAnswerData)).toEqual({ presentation: 'coded', pairs: PAIRS });
    expect(asMatchingKey({ value: 3, tolerance: 0 })).toBeNull();
  });
});
