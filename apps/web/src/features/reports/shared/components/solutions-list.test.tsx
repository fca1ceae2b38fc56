import type { FeedbackReport } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { SolutionsList } from './solutions-list';

type Item = FeedbackReport['QuestionsWithAnswer'][number];

/** 45 questions: every third one wrong, every fifth (not wrong) unanswered, the rest correct. */
const items: Item[] = Array.from({ length: 45 }, (_, index) => {
  const number = index + 1;
  const status = number % 3 === 0 ? 'wrong' : number % 5 === 0 ? 'unanswered' : 'correct';
  return {
    questionNumber: number,
    questionTaskMapID: 1000 + number,
    questionID: 2000 + number,
    questionType: 'singleChoice',
    questionTitle: `Question title ${number}`,
    questionData: `<p>Statement ${number}</p>`,
    mediaUrl: null,
    answer: [1, 2].map((id) => ({ answerID: id, answerData: `Option ${id}` })),
    answerID: status === 'unanswered' ? null : status === 'wrong' ? 1 : 2,
    answerData: null,
    correctAnswerID: 2,
    correctAnswerData: null,
    explanation: null,
    solution: null,
    status,
    marksAwarded: status === 'correct' ? 4 : status === 'wrong' ? -1 : 0,
  };
});
const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('SolutionsList', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows twenty questions a page, and the next page by keyboard, focus at the top of the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SolutionsList items={items} />);
    expect(await screen.findByTestId('solutions-range')).toHaveTextContent('Questions 1–20 of 45');
    expect(titles()).toHaveLength(20);
    expect(titles()[0]).toContain('Question title 1');
    const pages = screen.getByRole('navigation', { name: 'Pages of questions' });
    expect(within(pages).getByRole('button', { name: 'Page 1, shown' })).toHaveAttribute('aria-current', 'page');
    within(pages).getByRole('button', { name: 'Go to page 3' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('solutions-range')).toHaveTextContent('Questions 41–45 of 45');
    expect(titles()).toEqual([41, 42, 43, 44, 45].map((n) => `Q${n}. Question title ${n}`));
    expect(screen.getByTestId('solutions-range')).toHaveFocus();
  });

  it('filters by what happened to each question, with counts, and starts the filtered list at its first page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SolutionsList items={items} />);
    const filter = await screen.findByRole('group', { name: 'Show questions' });
    expect(within(filter).getAllByRole('button').map((button) => button.textContent)).toEqual(['All (45)', 'Wrong (15)', 'Not answered (6)', 'Correct (24)']);
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of questions' })).getByRole('button', { name: 'Go to page 2' }));
    await user.click(within(filter).getByRole('button', { name: 'Not answered (6)' }));
    expect(screen.getByTestId('solutions-range')).toHaveTextContent('Questions 1–6 of 6');
    expect(titles()).toEqual([5, 10, 20, 25, 35, 40].map((n) => `Q${n}. Question title ${n}`));
    expect(screen.queryByRole('navigation', { name: 'Pages of questions' })).not.toBeInTheDocument();
    expect(within(filter).getByRole('button', { name: 'Not answered (6)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads in Tamil', async () => {
    await i18n.changeLanguage('tn');
    renderWithProviders(<SolutionsList items={items} />);
    expect(await screen.findByTestId('solutions-range')).toHaveTextContent('45 இல் 1–20 கேள்விகள்');
    expect(screen.getByRole('group', { name: 'காட்ட வேண்டிய கேள்விகள்' })).toHaveTextContent('அனைத்தும் (45)');
    expect(screen.getByRole('navigation', { name: 'கேள்விகளின் பக்கங்கள்' })).toBeInTheDocument();
  });
});
