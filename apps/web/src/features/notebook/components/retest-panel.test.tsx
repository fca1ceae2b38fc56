import type { Retest, RetestStatus } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { RetestPanel } from './retest-panel';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const retest = (over: Partial<Retest> = {}): Retest => ({
  weekStart: '2026-11-23',
  taskId: 41,
  courseId: 2,
  questions: 12,
  minutes: 12,
  status: 'notStarted',
  attemptId: null,
  scored: null,
  total: 48,
  ...over,
});

const status = (over: Partial<RetestStatus> = {}): RetestStatus => ({
  weekStart: '2026-11-23',
  nextWeekStart: '2026-11-30',
  dueCards: 14,
  questions: 12,
  minutes: 12,
  blockedBy: null,
  current: null,
  past: [],
  ...over,
});

describe('RetestPanel', () => {
  it('offers the week’s re-test with its size, makes it on Start and opens its instructions', async () => {
    const api = stubApi((call) => {
      if (call.path === '/notebook/v1/retest') return { body: status() };
      if (call.path === '/notebook/v1/retest/start') return { message: 'Your re-test is ready', body: retest() };
      return undefined;
    });
    renderWithProviders(
      <>
        <RetestPanel />
        <Where />
      </>,
      { path: '/notebook' },
    );
    const region = await screen.findByRole('region', { name: 'This week’s re-test' });
    expect(await within(region).findByTestId('retest-size')).toHaveTextContent('12 questions · 12 minutes');
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Start re-test' }));
    expect(api.to('POST', '/notebook/v1/retest/start')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/instruction/test/2/41'));
  });

  it('is off, with the reason, when nothing is due', async () => {
    stubApi((call) => (call.path === '/notebook/v1/retest' ? { body: status({ blockedBy: 'noDueCards', dueCards: 0, questions: 0, minutes: 0 }) } : undefined));
    renderWithProviders(<RetestPanel />);
    const button = await screen.findByRole('button', { name: 'Start re-test' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('No cards are due now. The re-test is made from due cards.');
    expect(screen.queryByTestId('retest-size')).not.toBeInTheDocument();
  });

  it('is off once this week’s is taken, and opens that re-test’s report', async () => {
    const taken = retest({ status: 'submitted', attemptId: 'att-9', scored: 31, total: 48 });
    stubApi((call) => (call.path === '/notebook/v1/retest' ? { body: status({ blockedBy: 'takenThisWeek', current: taken, past: [retest({ weekStart: '2026-11-16', taskId: 40, status: 'submitted', attemptId: 'att-8', scored: 20 })] }) } : undefined));
    renderWithProviders(<RetestPanel />);
    const button = await screen.findByRole('button', { name: 'Start re-test' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You have taken this week’s re-test. The next one opens on 30 Nov 2026.');
    const link = screen.getByRole('link', { name: 'Open report (week of 23 Nov 2026)' });
    expect(link).toHaveAttribute('href', '/report?courseId=2&taskId=41&attemptId=att-9');
    expect(screen.getByText(/31 of 48/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open report (week of 16 Nov 2026)' })).toBeInTheDocument();
  });

  it('continues a re-test made but not yet submitted', async () => {
    stubApi((call) => (call.path === '/notebook/v1/retest' ? { body: status({ current: retest({ status: 'open', attemptId: 'att-10' }) }) } : undefined));
    renderWithProviders(<RetestPanel />);
    expect(await screen.findByRole('button', { name: 'Continue re-test' })).toBeEnabled();
  });
});
