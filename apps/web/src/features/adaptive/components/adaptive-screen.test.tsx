import type { AdaptiveSession } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AdaptiveScreen } from './adaptive-screen';

const OVERVIEW = {
  subjects: [{ id: 5, name: 'Physics', items: 20 }],
  items: 40,
  sessions: [{ sessionId: 3, subjectName: null, status: 'finished', answered: 22, startedAt: '2026-11-28T10:00:00Z', score: 512 }],
};
const item = (position: number, versionId: number) => ({
  questionVersionId: versionId,
  position,
  topicName: 'Kinematics',
  texts: [{ language: 'en', data: `<p>Question ${versionId}</p>`, options: [1, 2, 3, 4].map((id) => ({ answerID: id, answerData: `Option ${id}` })) }],
});
const ACTIVE: AdaptiveSession = { sessionId: 9, subjectName: 'Physics', status: 'active', answered: 0, maxItems: 30, usesPrior: true, lastCorrect: null, item: item(1, 101), result: null };
const NEXT: AdaptiveSession = { ...ACTIVE, answered: 1, lastCorrect: true, item: item(2, 102) };
const DONE: AdaptiveSession = {
  ...NEXT,
  status: 'finished',
  answered: 2,
  item: null,
  result: { low: 420, score: 480, high: 530, theta: 0.4, se: 0.29, topics: [{ topicId: 7, name: 'Optics', marks: 36 }] },
};

function stubServer(answers: AdaptiveSession[]) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ path: `${url.pathname}${url.search}`, body: init?.body ? JSON.parse(String(init.body)) : null });
      let body: unknown = null;
      if (url.pathname.endsWith('/adaptive/v1/overview')) body = OVERVIEW;
      if (url.pathname.endsWith('/adaptive/v1/start')) body = ACTIVE;
      if (url.pathname.endsWith('/adaptive/v1/session')) body = ACTIVE;
      if (url.pathname.endsWith('/adaptive/v1/answer')) body = answers.shift();
      return new Response(JSON.stringify({ status: true, message: 'Success', body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) => renderWithProviders(<AdaptiveScreen />, { path });

describe('AdaptiveScreen', { timeout: 60_000 }, () => {
  it('starts a subject test, answers with the keyboard, and shows the score band and topics', async () => {
    const calls = stubServer([NEXT, DONE]);
    const user = userEvent.setup();
    renderAt('/adaptive');
    expect(await screen.findByRole('link', { name: 'Whole syllabus' })).toHaveAttribute('href', '/adaptive?sessionId=3');
    await user.click(screen.getByRole('button', { name: 'Physics (20 questions)' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 (at most 30)' })).toBeInTheDocument();
    expect(screen.getByText(/estimate is rough/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit answer' });
    expect(submit).toBeDisabled();
    const options = screen.getByRole('radiogroup', { name: 'Your answer' });
    await user.click(within(options).getByRole('radio', { name: 'Option 2' }));
    await user.keyboard('{ArrowDown}');
    expect(within(options).getByRole('radio', { name: 'Option 3' })).toBeChecked();
    await user.click(submit);
    const heading = await screen.findByRole('heading', { name: 'Question 2 (at most 30)' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Your last answer was right.');
    expect(calls.find((c) => c.path.endsWith('/answer'))!.body).toEqual({ sessionId: 9, questionVersionId: 101, answerId: 3 });
    expect(within(screen.getByRole('radiogroup', { name: 'Your answer' })).getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Option 1' }));
    await user.click(screen.getByRole('button', { name: 'Submit answer' }));
    expect(await screen.findByText('Predicted NEET score: 480 / 720')).toBeInTheDocument();
    expect(screen.getByText('Likely between 420 and 530 (from 2 questions).')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Optics: up to 36 more marks');
    expect(calls.some((c) => c.path.endsWith('/start') && (c.body as { subjectId: number }).subjectId === 5)).toBe(true);
  });

  it('continues a session from its address (a reload or another device)', async () => {
    const calls = stubServer([]);
    renderAt('/adaptive?sessionId=9');
    expect(await screen.findByRole('heading', { name: 'Question 1 (at most 30)' })).toBeInTheDocument();
    expect(screen.getByText('Question 101')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/adaptive/v1/session?sessionId=9');
  });
});
