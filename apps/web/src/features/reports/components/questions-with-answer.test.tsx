import type { FeedbackReport } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { QuestionsWithAnswer } from './questions-with-answer';

type Item = FeedbackReport['QuestionsWithAnswer'][number];
const options = [1, 2, 3, 4].map((id) => ({ answerID: id, answerData: `Option ${id}` }));
const base: Item = {
  questionNumber: 1,
  questionTaskMapID: 11,
  questionID: 101,
  questionType: 'singleChoice',
  questionTitle: 'Which organelle makes ATP?',
  questionData: '<p>Which organelle makes ATP?</p>',
  mediaUrl: null,
  answer: options,
  answerID: 2,
  answerData: null,
  correctAnswerID: 2,
  correctAnswerData: null,
  explanation: null,
  solution: null,
  status: 'correct',
  marksAwarded: 4,
};

describe('QuestionsWithAnswer', () => {
  it('shows a paper sheet’s several marks as invalid, not as options chosen', async () => {
    const invalid: Item = { ...base, questionNumber: 2, questionTaskMapID: 12, answerID: null, status: 'unanswered', marksAwarded: 0, paperInvalid: true };
    renderWithProviders(<QuestionsWithAnswer items={[base, invalid]} />);
    expect(await screen.findByText('Invalid (several marks)')).toBeInTheDocument();
    expect(screen.queryByText(/Option 1, Option 2/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Option 2').length).toBeGreaterThan(0);
  });

  it('shows a numerical value’s answer as typed and its key with the tolerance and unit', async () => {
    const numerical: Item = {
      ...base,
      questionType: 'numerical',
      answer: [],
      answerID: 'number',
      answerData: [{ id: 'number', value: '9.85' }],
      correctAnswerID: null,
      correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' },
    };
    renderWithProviders(<QuestionsWithAnswer items={[numerical]} />);
    expect(await screen.findByText('9.85')).toBeInTheDocument();
    expect(screen.getByText('9.8 ± 0.1 m/s²')).toBeInTheDocument();
  });
});
