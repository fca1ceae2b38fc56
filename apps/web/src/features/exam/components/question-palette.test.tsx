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
      'Question 1',
      'Question 2',
      'Question 3',
    ]);
    expect(entries.map((entry) => entry.getAttribute('aria-current'))).toEqual([null, 'step', null]);
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
    expect(screen.queryByTestId('palette-3')).toBeNull();
    expect(screen.getByRole('heading', { name: chemistry!.sectionName })).toBeInTheDocument();
  });
});
