import type { TestResult } from '@app/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { ResultDialog } from './result-dialog';

const scored: TestResult = {
  ScoreVisible: true,
  TaskName: 'NEET mock 3',
  scored: 512,
  total: 720,
  courseID: 1,
  taskID: 2,
  analyticsID: null,
  attemptId: 'attempt-1',
  pendingEvaluation: false,
  submittedAt: '2026-11-28T10:00:00.000Z',
  submitReason: 'student',
};
const accepted: TestResult = { ...scored, scored: null, isBeingScored: true };

function dialog(result: TestResult) {
  return <ResultDialog isOpen result={result} type="test" onViewFeedback={vi.fn()} onClose={vi.fn()} />;
}

describe('the result dialog while a submit is being scored', () => {
  it('says in a live region that the answers are saved and the test is being scored, then shows the score in its place', async () => {
    const { rerender } = render(dialog(accepted));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Your answers are saved and your test is submitted. It is being scored');
    expect(screen.queryByTestId('result-score')).toBeNull();
    // No feedback to view before the score exists.
    expect(screen.getByRole('button', { name: 'View feedback' })).toBeDisabled();

    rerender(dialog(scored));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByTestId('result-score')).toHaveTextContent('Score: 512 / 720');
    expect(screen.getByRole('button', { name: 'View feedback' })).toBeEnabled();
  });

  it('says it in Tamil', async () => {
    await i18n.changeLanguage('tn');
    try {
      render(dialog(accepted));
      expect(screen.getByRole('status')).toHaveTextContent('மதிப்பெண் கணக்கிடப்படுகிறது');
      expect(screen.getByRole('button', { name: 'கருத்தைக் காண்க' })).toBeDisabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
