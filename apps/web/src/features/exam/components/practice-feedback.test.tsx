import type { PracticeAnswer } from '@app/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sanitizerReady } from '../../../components/safe-html';
import { makeQuestion, makeSection, makeSession } from '../../../test/exam-factories';
import { createPlayerState } from '../model/player-machine';
import { PracticeFeedback } from './practice-feedback';

const key = (isCorrect: boolean | null): PracticeAnswer => ({
  questionTaskMapID: 1,
  questionID: 1,
  questionType: 'singleChoice',
  correctAnswerID: 2,
  correctAnswerData: null,
  explanation: null,
  solution: null,
  isCorrect,
  marksAwarded: null,
});

function questionWith(overrides: Parameters<typeof makeQuestion>[1]) {
  const state = createPlayerState(makeSession({ section: [makeSection(0, [1], { isActiveSection: true, question: [makeQuestion(1, overrides)] })] }), 0);
  return state.sections[0]!.questions[0]!;
}

describe('PracticeFeedback', () => {
  it('says a skipped question was not answered, rather than that it is evaluated separately', async () => {
    await sanitizerReady;
    render(<PracticeFeedback question={{ ...questionWith({}), isShowAnswer: true }} practiceKey={key(null)} />);
    expect(screen.getByTestId('practice-answer')).toHaveTextContent('Not answered. The correct answer is shown.');
  });

  it('says right or wrong for an answered question', async () => {
    await sanitizerReady;
    const { rerender } = render(<PracticeFeedback question={{ ...questionWith({ answerID: 2, seq: 1 }), isShowAnswer: true }} practiceKey={key(true)} />);
    expect(screen.getByTestId('practice-answer')).toHaveTextContent('Correct');
    rerender(<PracticeFeedback question={{ ...questionWith({ answerID: 3, seq: 1 }), isShowAnswer: true }} practiceKey={key(false)} />);
    expect(screen.getByTestId('practice-answer')).toHaveTextContent('Not correct');
  });
});
