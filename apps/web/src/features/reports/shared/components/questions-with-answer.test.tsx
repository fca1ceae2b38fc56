import type { FeedbackReport } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
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

  it('renders authored answers and keys instead of showing their markup', async () => {
    const authored: Item = {
      ...base,
      answer: [
        { answerID: 1, answerData: '<p>98</p>' },
        { answerID: 2, answerData: '<p><strong>half</strong></p>' },
      ],
      answerID: 1,
      correctAnswerID: 2,
      status: 'wrong',
      marksAwarded: -1,
    };
    const { container } = renderWithProviders(<QuestionsWithAnswer items={[authored]} />);
    expect(await screen.findByText('98')).toBeInTheDocument();
    expect(screen.getByText('half').tagName).toBe('STRONG');
    expect(container.textContent).not.toMatch(/<p>|<\/p>|<strong>/);
  });

  it('shows a fill-in statement with numbered blanks, not its {0} markers, and typed answers as text', async () => {
    const blanks: Item = {
      ...base,
      questionType: 'text',
      questionData: '<p>Water is {0} and ice is {0}.</p>',
      answer: [],
      answerID: 'text' as Item['answerID'],
      answerData: [{ id: '101-0', value: '<b>liquid</b>' }, { id: '101-1', value: 'solid' }],
      correctAnswerID: null,
      correctAnswerData: [{ id: '101-0', value: 'liquid' }, { id: '101-1', value: 'solid' }],
    };
    const { container } = renderWithProviders(<QuestionsWithAnswer items={[blanks]} />);
    await screen.findByText(/Water is/);
    expect(container.textContent).not.toContain('{0}');
    expect(container.textContent).toContain('(1)');
    expect(container.textContent).toContain('(2)');
    // What a student typed is shown as typed, never as markup.
    expect(container.textContent).toContain('<b>liquid</b> | solid');
    expect(container.querySelector('b')).toBeNull();
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

  it('shows a matching question’s pairs and key as the lists’ texts', async () => {
    const matching: Item = {
      ...base,
      questionType: 'matching',
      answer: [
        { answerID: 101, answerData: '<p>Kidney</p>' },
        { answerID: 102, answerData: 'Lung' },
        { answerID: 201, answerData: 'Gas exchange' },
        { answerID: 202, answerData: 'Filtration' },
      ],
      answerID: 'pairs',
      answerData: [
        { id: '101', value: '201' },
        { id: '102', value: '202' },
      ],
      correctAnswerID: null,
      correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 202 }, { left: 102, right: 201 }] },
      status: 'wrong',
      marksAwarded: -1,
    };
    renderWithProviders(<QuestionsWithAnswer items={[matching]} />);
    expect(await screen.findByText('A. Kidney → I. Gas exchange; B. Lung → II. Filtration')).toBeInTheDocument();
    expect(screen.getByText('A. Kidney → II. Filtration; B. Lung → I. Gas exchange')).toBeInTheDocument();
  });

  it('shows an ordering question’s answer and its key as the items in order', async () => {
    const ordering: Item = {
      ...base,
      questionType: 'ordering',
      answer: [
        { answerID: 3, answerData: '<p>Anaphase</p>' },
        { answerID: 1, answerData: '<p>Prophase</p>' },
        { answerID: 2, answerData: '<p>Metaphase</p>' },
      ],
      answerID: [2, 1, 3],
      answerData: null,
      correctAnswerID: null,
      correctAnswerData: { order: [1, 2, 3] },
    };
    renderWithProviders(<QuestionsWithAnswer items={[ordering]} />);
    const given = await screen.findByText(/Your answer/);
    expect(given.closest('div')!.textContent).toMatch(/Metaphase.*Prophase.*Anaphase/);
    expect(screen.getByText(/Correct answer/).closest('div')!.textContent).toMatch(/Prophase.*Metaphase.*Anaphase/);
  });
});
