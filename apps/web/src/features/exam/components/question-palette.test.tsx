import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeQuestion, makeSection, makeSession } from '../../../test/exam-factories';
import { createPlayerState } from '../model/player-machine';
import { QuestionPalette } from './question-palette';

const state = createPlayerState(
  makeSession({
    section: [
      makeSection(0, [1, 2, 3], { isActiveSection: true }),
      makeSection(1, [4, 5], {
        isActiveSection: false,
        question: [makeQuestion(4, { answerID: 41, seq: 1 }), makeQuestion(5, { isMarked: true })],
      }),
    ],
  }),
  1_700_000_000_000,
);
const [physics, chemistry] = state.sections;

describe('QuestionPalette', () => {
  it('names each entry, marks the current one and jumps on a click', () => {
    const onSelect = vi.fn();
    render(<QuestionPalette section={physics!} activeQuestion={1} onSelect={onSelect} />);
    const entries = screen.getAllByRole('button');
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'Question 1, not answered',
      'Question 2, not answered',
      // Never shown yet: NTA's "not visited".
      'Question 3, not visited',
    ]);
    expect(entries.map((entry) => entry.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    // One Tab stop: the current question's entry.
    expect(entries.map((entry) => entry.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.click(entries[2]!);
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(2);
  });

  it("updates the entries in place for another section, with that section's statuses and saved marks", () => {
    const { rerender } = render(<QuestionPalette section={physics!} activeQuestion={0} onSelect={vi.fn()} />);
    const first = screen.getByTestId('palette-1');
    expect(first).toHaveAttribute('data-status', 'not-answered');

    rerender(<QuestionPalette section={chemistry!} activeQuestion={0} onSelect={vi.fn()} />);
    expect(screen.getByTestId('palette-1')).toBe(first);
    expect(first).toHaveAttribute('data-status', 'answered');
    expect(first).toHaveAttribute('data-confirmed', 'true');
    expect(screen.getByTitle('Saved on the server')).toBeInTheDocument();
    expect(screen.getByTestId('palette-2')).toHaveAttribute('data-status', 'marked');
    expect(first).toHaveAttribute('aria-label', 'Question 1, answered');
    expect(screen.getByTestId('palette-2')).toHaveAttribute('aria-label', 'Question 2, not answered, marked for review');
    expect(screen.queryByTestId('palette-3')).toBeNull();
    expect(screen.getByRole('heading', { name: chemistry!.sectionName })).toBeInTheDocument();
  });

  it('moves between entries with the arrow keys, Home and End, and gives the Tab stop back on leaving', () => {
    render(<QuestionPalette section={physics!} activeQuestion={0} onSelect={vi.fn()} />);
    const [one, two, three] = screen.getAllByRole('button');
    one!.focus();
    fireEvent.keyDown(one!, { key: 'ArrowRight' });
    expect(two).toHaveFocus();
    expect(two!.tabIndex).toBe(0);
    expect(one!.tabIndex).toBe(-1);
    fireEvent.keyDown(two!, { key: 'End' });
    expect(three).toHaveFocus();
    fireEvent.keyDown(three!, { key: 'Home' });
    expect(one).toHaveFocus();
    fireEvent.keyDown(one!, { key: 'ArrowLeft' });
    expect(one).toHaveFocus();
    fireEvent.keyDown(one!, { key: 'ArrowRight' });
    fireEvent.blur(two!, { relatedTarget: document.body });
    expect([one!.tabIndex, two!.tabIndex, three!.tabIndex]).toEqual([0, -1, -1]);
  });

  it('shows NTA’s five states, each in words, and counts each question once in the legend', () => {
    const five = createPlayerState(
      makeSession({
        section: [
          makeSection(0, [1, 2, 3, 4, 5], {
            isActiveSection: true,
            question: [
              makeQuestion(1, { answerID: 11, seq: 1 }),
              makeQuestion(2, { timeSpent: 4 }),
              makeQuestion(3),
              makeQuestion(4, { isMarked: true }),
              makeQuestion(5, { answerID: 51, seq: 1, isMarked: true }),
            ],
          }),
        ],
      }),
      1_700_000_000_000,
    );
    render(<QuestionPalette section={five.sections[0]!} activeQuestion={0} onSelect={vi.fn()} />);
    expect([1, 2, 3, 4, 5].map((n) => screen.getByTestId(`palette-${n}`).getAttribute('data-status'))).toEqual(['answered', 'not-answered', 'not-visited', 'marked', 'answered-marked']);
    expect(screen.getByTestId('palette-5')).toHaveAttribute('aria-label', 'Question 5, answered, marked for review');
    expect(screen.getByTestId('palette-3')).toHaveAttribute('aria-label', 'Question 3, not visited');
    const legend = screen.getByTestId('palette-summary');
    for (const [label, count] of [['Answered', 1], ['Not answered', 1], ['Not visited', 1], ['Marked for review', 1], ['Answered and marked for review (will be evaluated)', 1], ['Total', 5]] as const) {
      const row = [...legend.querySelectorAll('.exam-palette-legend')].find((entry) => entry.querySelector('.exam-palette-label')?.textContent === label);
      expect(row?.querySelector('.exam-palette-count')?.textContent, label).toBe(String(count));
    }
  });
});
