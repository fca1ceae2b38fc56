import { QUESTION_TYPES, type PendingEvaluation, type QuestionType } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { markingKindOf, preloadQuestionParts, QUESTION_KINDS, type WebQuestionKind } from './index';
import { lazyPart, type LazyPart } from './shared/lazy-part';
import { emptyQuestionForm } from './shared/form-values';
import { singleChoiceKind } from './single-choice/single-choice-kind';

// A registry that lacks a kind does not compile: the player can never show an unknown kind as a choice question.
// @ts-expect-error multipleChoice and the other kinds are missing
const _incomplete = { singleChoice: singleChoiceKind } satisfies Record<QuestionType, WebQuestionKind>;

describe('the web registry of question kinds', () => {
  it('has every kind of the contracts with an answer area, editor parts and a form model', () => {
    expect(Object.keys(QUESTION_KINDS).sort()).toEqual([...QUESTION_TYPES].sort());
    for (const type of QUESTION_TYPES) {
      const kind = QUESTION_KINDS[type];
      expect(kind.player.AnswerArea, type).toBeTruthy();
      expect(typeof kind.form.content, type).toBe('function');
      expect(typeof kind.practice.unscoredVerdict, type).toBe('function');
    }
  });

  it('sends a key only for the kinds that have one of that shape', () => {
    const keyed = (type: QuestionType) => {
      const values = { ...emptyQuestionForm(type), correct: [2], modelAnswer: 'Model', blanks: [{ value: '7', alternatives: '', tolerance: '' }] };
      const content = QUESTION_KINDS[type].form.content(values);
      return { id: content.correctAnswerId, data: content.correctAnswerData };
    };
    expect(keyed('singleChoice')).toEqual({ id: 2, data: null });
    expect(keyed('multipleChoice')).toEqual({ id: [2], data: null });
    expect(keyed('text')).toEqual({ id: null, data: [{ value: '7' }] });
    expect(keyed('comprehensive')).toEqual({ id: null, data: 'Model' });
    for (const type of ['programming', 'xlsx', 'docx', 'pptx'] as const) expect(keyed(type)).toEqual({ id: null, data: null });
  });

  it('marks by hand only what a person marks, and a pending answer finds its marking view', () => {
    const marked = QUESTION_TYPES.filter((type) => QUESTION_KINDS[type].marking !== null);
    expect(marked).toEqual(['comprehensive']);
    expect(markingKindOf({} as PendingEvaluation).marking).not.toBeNull();
  });

  it('waits for a teacher on a revealed written answer even when it was left empty; other kinds call that skipped', () => {
    const question = { answerID: null } as Parameters<WebQuestionKind['practice']['unscoredVerdict']>[0];
    expect(QUESTION_KINDS.comprehensive.practice.unscoredVerdict(question)).toBe('awaitingEvaluation');
    expect(QUESTION_KINDS.text.practice.unscoredVerdict(question)).toBe('skipped');
    expect(QUESTION_KINDS.text.practice.unscoredVerdict({ ...question, answerID: 'text' })).toBe('awaitingEvaluation');
  });
});

describe('preloading the parts a test or review shows', () => {
  it('fetches the lazy answer areas of the kinds present, and only those', () => {
    const matching = vi.spyOn(QUESTION_KINDS.matching.player.AnswerArea as LazyPart<object>, 'preload').mockResolvedValue();
    const numerical = vi.spyOn(QUESTION_KINDS.numerical.player.AnswerArea as LazyPart<object>, 'preload').mockResolvedValue();
    preloadQuestionParts([{ questionType: 'matching' }, { questionType: 'singleChoice' }, { questionType: 'matching' }]);
    expect(matching).toHaveBeenCalledTimes(1);
    expect(numerical).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('loads a part ahead once asked, and leaves a failure to its first showing', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ Part: () => null });
    const part = lazyPart<object, { Part: () => null }>(load, 'Part');
    await expect(part.preload()).resolves.toBeUndefined();
    await expect(part.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
