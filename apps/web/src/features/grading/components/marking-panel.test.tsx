import type { PendingEvaluation } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MarkingPanel } from './marking-panel';

const item: PendingEvaluation = {
  attemptId: 'att-1',
  candidate: 'C-1A2B3C',
  classId: 1,
  className: '12',
  taskId: 3,
  questionTaskMapID: 9,
  questionID: 4,
  TaskName: 'Written answers',
  questionTitle: 'Osmosis',
  questionData: '<p>Explain osmosis.</p>',
  modelAnswer: '<p>Water moves across a membrane.</p>',
  answerData: 'Water goes through the membrane.',
  lineNumber: 5,
  marks: 5,
  submittedAt: null,
  teacherMarks: null,
  teacherComment: null,
};

describe('MarkingPanel', { timeout: 30_000 }, () => {
  it('shows the candidate code, not a name; the mark field has the focus; Ctrl+Enter saves and moves on', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<MarkingPanel item={item} isSaving={false} onSave={onSave} />);
    expect(screen.getByRole('heading', { name: /Candidate C-1A2B3C/ })).toBeInTheDocument();
    expect(screen.getByText('Water moves across a membrane.')).toBeInTheDocument();
    const mark = screen.getByRole('textbox', { name: /Mark \(0 to 5\)/ });
    await waitFor(() => expect(mark).toHaveFocus());
    await user.type(mark, '3.5');
    await user.type(screen.getByRole('textbox', { name: 'Comment for the student' }), 'Name the membrane.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledWith({ marksAwarded: 3.5, comment: 'Name the membrane.', goNext: true });
  });

  it('refuses a mark off the quarter steps or above the maximum, and says why', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<MarkingPanel item={item} isSaving={false} onSave={onSave} />);
    const mark = screen.getByRole('textbox', { name: /Mark \(0 to 5\)/ });
    await user.type(mark, '5.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a mark from 0 to 5 in steps of 0.25.')).toBeInTheDocument();
    await user.clear(mark);
    await user.type(mark, '4.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ marksAwarded: 4.25, comment: '', goNext: false });
  });

  it('shows a written answer as typed: its line breaks kept and markup shown as text', () => {
    renderWithProviders(<MarkingPanel item={{ ...item, answerData: 'First line\nSecond <b>line</b>' }} isSaving={false} onSave={vi.fn()} />);
    const answer = screen.getByTestId('student-answer');
    expect(answer.textContent).toBe('First line\nSecond <b>line</b>');
    expect(answer.querySelector('b')).toBeNull();
    expect(getComputedStyle(answer).whiteSpace).toBe('pre-wrap');
  });
});
