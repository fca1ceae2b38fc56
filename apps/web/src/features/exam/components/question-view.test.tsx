import { within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadMath } from '../../../components/rich-text/math';
import { makeQuestion, makeSession } from '../../../test/exam-factories';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { PlayerQuestion } from '../model/player-state';
import { QuestionView } from './question-view';

async function showQuestion(overrides: Partial<PlayerQuestion>) {
  await loadMath();
  const question = { ...makeQuestion(1), isShowHint: false, confirmedSeq: 0, ...overrides } as PlayerQuestion;
  const view = renderWithProviders(
    <Suspense fallback={<span>loading</span>}>
      <QuestionView question={question} number={1} total={1} settings={makeSession()} TestSessionID="attempt-1" practiceKey={undefined} onAnswer={vi.fn()} onAdvance={vi.fn()} />
    </Suspense>,
  );
  await within(view.container).findByRole('radiogroup');
  return view.container;
}

/** The text a reader sees: KaTeX's MathML copy (with the TeX source as its annotation) left out. */
function visibleText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.katex-mathml').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

describe('QuestionView: plain-text questions (from imported files)', () => {
  it('typesets the formulas of the statement and the options, as the preview does', async () => {
    const container = await showQuestion({
      contentType: 'text',
      questionData: 'Which is the formula of water, $\\ce{H2O}$ or not?',
      answer: [
        { answerID: 11, answerData: '$\\frac{1}{2}mv^2$' },
        { answerID: 12, answerData: 'None' },
      ],
    });
    expect(visibleText(container)).not.toContain('$\\ce');
    expect(visibleText(container)).not.toContain('\\frac');
    const formulas = [...container.querySelectorAll('.katex annotation')].map((node) => node.textContent);
    expect(formulas).toEqual(['\\ce{H2O}', '\\frac{1}{2}mv^2']);
    // Each formula is named by its spoken text (Chromium's names are checked end to end).
    expect([...container.querySelectorAll('.katex-mathml > math')].map((math) => math.getAttribute('aria-label'))).toEqual(['H 2 O', '1 over 2 m v squared']);
  });

  it('keeps plain text as written: markup shown as text, line breaks kept, no formulas where there are none', async () => {
    const container = await showQuestion({ contentType: 'text', questionData: 'Is 2 < 3 and <b>bold</b>?\nSecond line $x$' });
    const statement = container.querySelector('#question-text-1');
    expect(statement?.querySelector('b')).toBeNull();
    expect(statement?.textContent).toContain('Is 2 < 3 and <b>bold</b>?');
    expect(statement?.querySelector('br')).not.toBeNull();
    expect(statement?.querySelector('.katex')).not.toBeNull();

    const plain = await showQuestion({ questionID: 2, contentType: 'text', questionData: 'No formula <i>here</i>' });
    expect(plain.querySelector('#question-text-2')?.textContent).toBe('No formula <i>here</i>');
    expect(plain.querySelector('.katex')).toBeNull();
  });
});

describe('QuestionView: the practice-actions slot', () => {
  const answered = { questionTaskMapID: 41, questionID: 1, questionType: 'singleChoice', correctAnswerID: 2, correctAnswerData: null, explanation: null, solution: null, isCorrect: false, marksAwarded: -1 } as const;

  function showWith(type: 'practice' | 'test', isShowAnswer: boolean) {
    const slot = vi.fn((props: { attemptId: string; mapId: number; number: number }) => <button type="button">Keep {props.number}</button>);
    const question = { ...makeQuestion(1), questionTaskMapID: 41, isShowHint: false, confirmedSeq: 0, isShowAnswer } as PlayerQuestion;
    const view = renderWithProviders(
      <Suspense>
        <QuestionView
          question={question}
          number={3}
          total={5}
          settings={makeSession({ type })}
          TestSessionID="attempt-1"
          practiceKey={isShowAnswer ? answered : undefined}
          onAnswer={vi.fn()}
          onAdvance={vi.fn()}
          renderPracticeActions={slot}
        />
      </Suspense>,
    );
    return { slot, view };
  }

  it('puts the page’s actions under a practice question’s feedback once its answer shows, naming the attempt and question', async () => {
    const { slot, view } = showWith('practice', true);
    expect(await view.findByTestId('practice-actions')).toHaveTextContent('Keep 3');
    expect(slot).toHaveBeenCalledWith({ attemptId: 'attempt-1', mapId: 41, number: 3 });
  });

  it('shows no actions before the answer shows, nor in a graded test', async () => {
    for (const [type, isShown] of [['practice', false], ['test', true]] as const) {
      const { view } = showWith(type, isShown);
      await view.findByTestId('question');
      expect(view.queryByTestId('practice-actions')).toBeNull();
      view.unmount();
    }
  });
});
