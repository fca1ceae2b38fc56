import type { NotebookCard, NotebookPage as NotebookPageData } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { stubApi } from '../../test/stub-api';
import { NotebookPage } from './notebook-page';

afterEach(() => vi.unstubAllGlobals());

const question = (
  over: Partial<NonNullable<NotebookCard['question']>> = {},
): NonNullable<NotebookCard['question']> => ({
  questionNumber: 1,
  questionTaskMapID: 11,
  questionID: 5,
  questionType: 'singleChoice',
  questionTitle: 'Refraction',
  questionData: '<p>Which law gives the angle of refraction?</p>',
  mediaUrl: null,
  answer: [
    { answerID: 1, answerData: '<p>Hooke</p>' },
    { answerID: 2, answerData: '<p>Snell</p>' },
  ],
  answerID: 1,
  answerData: null,
  correctAnswerID: 2,
  correctAnswerData: null,
  explanation: '<p>Snell relates the sines.</p>',
  solution: null,
  status: 'wrong',
  marksAwarded: -1,
  ...over,
});

const card = (over: Partial<NotebookCard> = {}): NotebookCard => ({
  id: 7,
  attemptId: 'a1',
  courseId: 2,
  taskId: 3,
  testName: 'Mock 1',
  subject: 'Physics',
  topics: ['Optics'],
  questionTaskMapID: 11,
  reasons: ['wrong', 'guessed'],
  suggestedErrorType: 'guessed',
  errorType: 'guessed',
  note: '',
  timeSpent: 12,
  classMedianTime: 60,
  answerChanges: 1,
  question: question(),
  keyReleased: true,
  createdAt: '2026-03-01T10:00:00Z',
  ...over,
});

const pageOf = (cards: NotebookCard[], total = cards.length): NotebookPageData => ({
  cards,
  total,
  page: 1,
  pageSize: 10,
  filters: { subjects: ['Biology', 'Physics'], topics: ['Genetics', 'Optics'], tests: [{ taskId: 3, name: 'Mock 1' }] },
});

describe('NotebookPage', () => {
  it('shows each card with the question, the answers, the error type and the facts behind it', async () => {
    stubApi((call) => (call.path === '/notebook/v1/cards' ? { body: pageOf([card()]) } : undefined));
    renderWithProviders(<NotebookPage />, { path: '/notebook' });
    const article = await screen.findByRole('article', { name: 'Mock 1 · Physics' });
    expect(within(article).getByText('Which law gives the angle of refraction?')).toBeInTheDocument();
    expect(article).toHaveTextContent('Your answer: Hooke');
    expect(article).toHaveTextContent('Correct answer: Snell');
    expect(article).toHaveTextContent('Snell relates the sines.');
    expect(within(article).getByRole('combobox', { name: 'Error type' })).toHaveValue('guessed');
    expect(article).toHaveTextContent('Your time: 12 s · Class median: 60 s · Answer changed once');
    expect(screen.getByTestId('notebook-count')).toHaveTextContent('1 card');
  });

  it('says the key comes later while the test holds its answers back', async () => {
    const held = card({ keyReleased: false, question: question({ correctAnswerID: null, explanation: null }) });
    stubApi((call) => (call.path === '/notebook/v1/cards' ? { body: pageOf([held]) } : undefined));
    renderWithProviders(<NotebookPage />, { path: '/notebook' });
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent('The answer key and explanation are shown once the test releases its answers.');
    expect(article).not.toHaveTextContent('Correct answer');
  });

  it('asks the server for the chosen filters and page, starting a changed filter at the first page', async () => {
    const api = stubApi((call) => (call.path === '/notebook/v1/cards' ? { body: pageOf([card()], 25) } : undefined));
    renderWithProviders(<NotebookPage />, { path: '/notebook?page=2' });
    await screen.findByRole('article');
    expect(api.to('GET', '/notebook/v1/cards')[0]!.query.get('page')).toBe('2');
    const user = userEvent.setup();
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Subject' }), 'Biology');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Error type' }), 'concept');
    const last = api.to('GET', '/notebook/v1/cards').at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({ subject: 'Biology', errorType: 'concept', page: '1', pageSize: '10' });
    expect(screen.getByRole('navigation', { name: 'Pages of the notebook' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(Object.fromEntries(api.to('GET', '/notebook/v1/cards').at(-1)!.query)).toEqual({
      page: '1',
      pageSize: '10',
    });
  }, 30_000);

  it('saves a new error type at once and a note when asked', async () => {
    const api = stubApi((call) => {
      if (call.path === '/notebook/v1/cards') return { body: pageOf([card()]) };
      // Each save answers with a message of its own, so the test can tell whose confirmation shows.
      if (call.path === '/notebook/v1/updateCard')
        return {
          message: 'note' in (call.body as object) ? 'Note saved' : 'Card updated',
          body: { ...card(), ...(call.body as object) },
        };
      return undefined;
    });
    renderWithProviders(<NotebookPage />, { path: '/notebook' });
    const article = await screen.findByRole('article');
    const user = userEvent.setup();
    await user.selectOptions(within(article).getByRole('combobox', { name: 'Error type' }), 'calculation');
    expect(api.to('POST', '/notebook/v1/updateCard')[0]!.body).toEqual({ id: 7, errorType: 'calculation' });
    expect(await screen.findByText('Card updated')).toBeInTheDocument();
    const save = within(article).getByRole('button', { name: 'Save note' });
    expect(save).toBeDisabled();
    await user.click(within(article).getByRole('textbox', { name: 'Your note' }));
    await user.paste('Sines, not cosines');
    await user.click(save);
    expect(api.to('POST', '/notebook/v1/updateCard')[1]!.body).toEqual({ id: 7, note: 'Sines, not cosines' });
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
  }, 30_000);

  it('says what to expect when there are no cards', async () => {
    stubApi((call) => (call.path === '/notebook/v1/cards' ? { body: pageOf([]) } : undefined));
    renderWithProviders(<NotebookPage />, { path: '/notebook' });
    expect(await screen.findByText(/Questions you get wrong, guess or mark for review/)).toBeInTheDocument();
  });
});
