import { checkQuestionContent, generatedCodes } from '@app/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyQuestionForm, type QuestionFormValues } from '../shared/form-values';
import type { PlayerQuestion } from '../shared/player-question';
import { MatchingAnswer } from './matching-answer';
import { checkMatching, matchingAnswerLine, matchingContent, matchingFormValues, matchingKeyLine, matchingOptions } from './matching-values';

const PAIRS = [
  { left: 101, right: 203 },
  { left: 102, right: 201 },
  { left: 103, right: 202 },
];
const LISTS = [
  { answerID: 101, answerData: 'Kidney' },
  { answerID: 102, answerData: 'Lung' },
  { answerID: 103, answerData: 'Heart' },
  { answerID: 201, answerData: 'Gas exchange' },
  { answerID: 202, answerData: 'Pumping' },
  { answerID: 203, answerData: 'Filtration' },
  { answerID: 204, answerData: 'Digestion' },
];

const form = (presentation: 'pairs' | 'coded'): QuestionFormValues => ({
  ...emptyQuestionForm('matching'),
  texts: { ...emptyQuestionForm('matching').texts, tn: { ...emptyQuestionForm('matching').texts.tn, isEnabled: true, data: 'பொருத்துக' } },
  matching: {
    presentation,
    left: [
      { en: 'Kidney', tn: 'சிறுநீரகம்' },
      { en: 'Lung', tn: 'நுரையீரல்' },
      { en: 'Heart', tn: 'இதயம்' },
    ],
    right: [
      { en: 'Gas exchange', tn: 'வாயுப் பரிமாற்றம்' },
      { en: 'Pumping', tn: 'உந்துதல்' },
      { en: 'Filtration', tn: 'வடிகட்டுதல்' },
      { en: 'Digestion', tn: 'செரித்தல்' },
    ],
    key: [3, 1, 2],
  },
});

describe('the matching editor model', () => {
  it('sends the lists as options and the pairs as the key, which the shared rules accept', () => {
    const values = form('pairs');
    const content = matchingContent(values);
    expect(content.correctAnswerData).toEqual({ presentation: 'pairs', pairs: PAIRS });
    expect(content.correctAnswerId).toBeNull();
    expect(matchingOptions(values, 'tn').map((o) => o.answerID)).toEqual([101, 102, 103, 201, 202, 203, 204]);
    const texts = { en: { data: 'Match', options: matchingOptions(values, 'en') }, tn: { data: 'பொருத்துக', options: matchingOptions(values, 'tn') } };
    const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [] };
    expect(checkQuestionContent('matching', { ...base, texts, correctAnswerId: null, correctAnswerData: content.correctAnswerData })).toEqual({});
  });

  it('makes the four codes from the key when coded, with the right one as the key', () => {
    const values = form('coded');
    const content = matchingContent(values);
    const codes = generatedCodes(PAIRS, [201, 202, 203, 204])!;
    expect(content.correctAnswerId).toBe(codes.correct);
    expect(matchingOptions(values, 'en').slice(-4)).toEqual(codes.codes.map((answerData, i) => ({ answerID: i + 1, answerData })));
    const texts = { en: { data: 'Match', options: matchingOptions(values, 'en') } };
    const base = { defaultLanguage: 'en' as const, mediaUrl: null, lineNumber: null, programming: null, hiddenCases: [] };
    expect(checkQuestionContent('matching', { ...base, texts, correctAnswerId: content.correctAnswerId, correctAnswerData: content.correctAnswerData })).toEqual({});
  });

  it('names an empty item in a language that is on and an item not matched', () => {
    const values = form('pairs');
    values.matching.left[1] = { en: 'Lung', tn: '' };
    values.matching.key[2] = 0;
    expect(checkMatching(values, ['en', 'tn'])).toEqual({ 'matching.left.1.tn': 'questionOptionsInvalid', 'matching.key.2': 'questionMatchingKeyInvalid' });
    expect(checkMatching(values, ['en'])).toEqual({ 'matching.key.2': 'questionMatchingKeyInvalid' });
  });

  it('reads a saved version back into the same values', () => {
    const values = form('pairs');
    const version = {
      defaultLanguage: 'en',
      allowsPartialCredit: true,
      correctAnswerData: { presentation: 'pairs', pairs: PAIRS },
      texts: { en: { options: matchingOptions(values, 'en') }, tn: { options: matchingOptions(values, 'tn') } },
    };
    expect(matchingFormValues({ version } as never)).toEqual({ allowsPartialCredit: true, matching: values.matching });
  });

  it('shows the key and an answer as content', () => {
    expect(matchingKeyLine({ presentation: 'pairs', pairs: PAIRS }, LISTS)).toBe('A. Kidney → III. Filtration; B. Lung → I. Gas exchange; C. Heart → II. Pumping');
    expect(matchingAnswerLine([{ id: '101', value: '204' }], LISTS)).toBe('A. Kidney → IV. Digestion');
    expect(matchingAnswerLine(null, LISTS)).toBeNull();
  });
});

const question = (answer = LISTS) => ({ questionID: 9, answerID: null, answerData: null, answer, contentType: 'text' }) as unknown as PlayerQuestion;

function Player({ onAnswer, start }: { onAnswer: (id: unknown, data: unknown) => void; start: PlayerQuestion }) {
  const [current, setCurrent] = useState(start);
  return (
    <>
      <p id="question-text-9">Match the organs.</p>
      <MatchingAnswer
        question={current}
        practiceKey={undefined}
        isLocked={false}
        onAnswer={(answerID, answerData) => {
          onAnswer(answerID, answerData);
          setCurrent({ ...current, answerID, answerData });
        }}
      />
    </>
  );
}

describe('the matching answer area', () => {
  it('matches each list I item by keyboard and saves the pairs; unmatching all saves a clear', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(<Player onAnswer={onAnswer} start={question()} />);
    const kidney = screen.getByRole('combobox', { name: /A\. Kidney/ });
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    await user.tab();
    expect(kidney).toHaveFocus();
    await user.selectOptions(kidney, 'III. Filtration');
    expect(onAnswer).toHaveBeenLastCalledWith('pairs', [{ id: '101', value: '203' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: /B\. Lung/ }), 'I. Gas exchange');
    expect(onAnswer).toHaveBeenLastCalledWith('pairs', [{ id: '101', value: '203' }, { id: '102', value: '201' }]);
    await user.selectOptions(kidney, '');
    await user.selectOptions(screen.getByRole('combobox', { name: /B\. Lung/ }), '');
    expect(onAnswer).toHaveBeenLastCalledWith(null, null);
    // Both lists are shown as tables, list II with its distractor.
    expect(within(screen.getAllByRole('table')[1]!).getByText('Digestion')).toBeInTheDocument();
  });

  it('shows the four codes as one choice when coded, chosen by keyboard', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    const codes = generatedCodes(PAIRS, [201, 202, 203, 204])!;
    render(<Player onAnswer={onAnswer} start={question([...LISTS, ...codes.codes.map((answerData, i) => ({ answerID: i + 1, answerData }))])} />);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    await user.tab();
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(1, null);
    await user.keyboard('{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith(2, null);
  });
});
