import type { ReviewAnswerResult, ReviewQueue } from '@app/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ReviewScreen, type ReviewAnswerAreaProps } from './review-screen';

const QUESTION = {
  questionID: 1,
  questionTaskMapID: 41,
  questionType: 'singleChoice',
  contentType: 'html',
  questionTitle: null,
  questionData: '<p>Which lens?</p>',
  mediaUrl: null,
  answerTitle: null,
  marks: 4,
  negativeMarks: 1,
  blankCount: 0,
  answer: [1, 2, 3].map((id) => ({ answerID: id, answerData: `Option ${id}` })),
  hint: null,
  instructions: null,
  lineNumber: null,
  questionDetails: null,
  sampleInputOutputs: [],
  startFileUrl: null,
  allowsPartialCredit: false,
  language: 'en',
  languages: [],
  answerID: null,
  answerData: null,
  timeSpent: 0,
  isMarked: false,
  isShowAnswer: false,
  seq: 0,
} as unknown as ReviewQueue['items'][number]['question'];

const QUEUE: ReviewQueue = {
  minutesPerDay: 15,
  averageReviewSeconds: 60,
  reviewedTodaySeconds: 120,
  dueToday: 1,
  dueLater: 4,
  items: [{ cardId: 7, testName: 'Mock 1', subject: 'Physics', topics: ['Optics'], errorType: 'concept', state: 'new', due: '2026-11-28T10:00:00Z', question: QUESTION }],
};
const EMPTY_QUEUE: ReviewQueue = { ...QUEUE, dueToday: 0, dueLater: 5, items: [] };

const result = (over: Partial<ReviewAnswerResult>): ReviewAnswerResult => ({
  reviewId: 90,
  cardId: 7,
  status: 'correct',
  isCorrect: true,
  keyReleased: true,
  question: { questionTaskMapID: 41, correctAnswerID: 2 } as unknown as ReviewAnswerResult['question'],
  choices: (['again', 'hard', 'good', 'easy'] as const).map((rating, i) => ({ rating, due: new Date(Date.UTC(2026, 10, 29 + i)).toISOString() })),
  ...over,
});

function stubServer(answerResult: ReviewAnswerResult | ((cardId: number) => ReviewAnswerResult), queues = [QUEUE, EMPTY_QUEUE]) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      let body: unknown = null;
      if (url.pathname.endsWith('/reviewQueue')) body = queues.length > 1 ? queues.shift() : queues[0];
      if (url.pathname.endsWith('/answerReview')) body = typeof answerResult === 'function' ? answerResult((JSON.parse(String(init?.body)) as { cardId: number }).cardId) : answerResult;
      if (url.pathname.endsWith('/gradeReview')) body = { cardId: 7, rating: 'good', state: 'learning', due: '2026-11-30T00:00:00Z', reps: 1, lapses: 0 };
      if (url.pathname.endsWith('/reviewSettings')) body = { minutesPerDay: 30 };
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The browser's online flag, as the review reads it, with the event the browser fires. */
function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

/** A stand-in for the exam's question view: the options as radio buttons. */
function AnswerArea({ question, answer, onAnswer }: ReviewAnswerAreaProps) {
  return (
    <fieldset>
      <legend>{question.questionData}</legend>
      {question.answer.map((o) => (
        <label key={o.answerID}>
          <input type="radio" name="review" checked={answer.answerID === o.answerID} onChange={() => onAnswer({ answerID: o.answerID, answerData: null })} />
          {o.answerData}
        </label>
      ))}
    </fieldset>
  );
}

const renderScreen = () =>
  renderWithProviders(
    <ReviewScreen
      renderAnswerArea={(props) => <AnswerArea {...props} />}
      renderKey={(question) => <p data-testid="key">Key: {String(question.correctAnswerID)}</p>}
    />,
    { path: '/notebook?view=review' },
  );

describe('ReviewScreen', { timeout: 60_000 }, () => {
  it('answers the first due card by keyboard, shows right and the key, and grades it', async () => {
    const calls = stubServer(result({}));
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByTestId('review-counts')).toHaveTextContent('Due today: 1 · due later: 4 · reviewed today: 2 of 15 min');
    expect(screen.getByRole('heading', { name: 'Mock 1 · Physics' })).toHaveFocus();
    expect(screen.queryByTestId('key')).toBeNull();
    await user.tab();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Option 2' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Check answer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Right.')).toBeInTheDocument();
    expect(screen.getByTestId('key')).toHaveTextContent('Key: 2');
    const answered = calls.find((c) => c.path.endsWith('/answerReview'))!;
    expect(answered.body).toMatchObject({ cardId: 7, answerID: 2 });
    expect((answered.body as { timeSpent: number }).timeSpent).toBeGreaterThanOrEqual(0);
    const good = screen.getByRole('button', { name: /^Good/ });
    good.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Nothing is due for review now.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/gradeReview'))!.body).toEqual({ reviewId: 90, rating: 'good' });
  });

  it('keeps the key and the verdict back while the test withholds its answers', async () => {
    stubServer(result({ status: null, isCorrect: null, keyReleased: false, question: null }));
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Option 1' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText(/shown once the test releases its answers/)).toBeInTheDocument();
    expect(screen.queryByText('Right.')).toBeNull();
    expect(screen.queryByTestId('key')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^(Again|Hard|Good|Easy)/ })).toHaveLength(4);
  });

  it('keeps answers on the device while offline, moves on, and has them checked and graded once back online', async () => {
    const second = { ...QUEUE.items[0]!, cardId: 8, testName: 'Mock 2' };
    const calls = stubServer((cardId) => result({ reviewId: cardId * 10, cardId, status: cardId === 7 ? 'correct' : 'wrong', isCorrect: cardId === 7 }), [
      { ...QUEUE, dueToday: 2, items: [QUEUE.items[0]!, second] },
      EMPTY_QUEUE,
    ]);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('heading', { name: 'Mock 1 · Physics' });
    setOnline(false);
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Option 2' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByRole('heading', { name: 'Mock 2 · Physics' })).toHaveFocus();
    expect(screen.getByTestId('review-offline')).toHaveTextContent('Answers waiting on this device to be checked: 1');
    await user.click(screen.getByRole('radio', { name: 'Option 3' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText(/Every card loaded is answered/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/answerReview'))).toHaveLength(0);
    const kept = JSON.parse(localStorage.getItem('notebook-review-outbox:signed-out')!) as { cardId: number; clientId: string; answeredAt: string }[];
    expect(kept.map((a) => a.cardId)).toEqual([7, 8]);

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Checked now that you are back online (2 to grade)' })).toBeInTheDocument();
    const sent = calls.filter((c) => c.path.endsWith('/answerReview')).map((c) => c.body);
    expect(sent).toEqual(kept.map((a) => expect.objectContaining({ cardId: a.cardId, clientId: a.clientId, answeredAt: a.answeredAt })));
    expect(localStorage.getItem('notebook-review-outbox:signed-out')).toBeNull();
    expect(screen.getByText('Right.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByRole('heading', { name: 'Checked now that you are back online (1 to grade)' })).toBeInTheDocument();
    expect(screen.getByText('Not right.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByText('Nothing is due for review now.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/gradeReview')).map((c) => c.body)).toEqual([
      { reviewId: 70, rating: 'good' },
      { reviewId: 80, rating: 'again' },
    ]);
  });

  it('keeps an answer whose check cannot reach the server, as if offline', async () => {
    stubServer(result({}));
    const fetchMock = vi.mocked(fetch);
    const served = fetchMock.getMockImplementation()!;
    let tries = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/answerReview')) return served(input, init);
      tries += 1;
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Option 2' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Answers waiting on this device to be checked: 1')).toBeInTheDocument();
    expect(tries).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves the minutes a day', async () => {
    const calls = stubServer(result({}));
    const user = userEvent.setup();
    renderScreen();
    const minutes = await screen.findByRole('spinbutton', { name: 'Minutes a day' });
    await user.clear(minutes);
    await user.type(minutes, '30{Enter}');
    await vi.waitFor(() => expect(calls.find((c) => c.path.endsWith('/reviewSettings'))?.body).toEqual({ minutesPerDay: 30 }));
  });
});
