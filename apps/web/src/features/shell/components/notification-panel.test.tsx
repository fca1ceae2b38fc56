import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RESUME_RELOAD_FLAG } from '../../../lib/reload-guard';
import { NotificationPanel } from './notification-panel';

const activeTest = {
  endsAt: Date.now() + 3_725_000,
  details: { TestSessionID: 'ts-1', TaskID: 7, CourseID: 3, TaskName: 'Physics mock 1', RemainingTime: 3725, TotalDuration: 7200, CurrentDate: new Date().toISOString() },
};

describe('NotificationPanel', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the task, the time left and resumes the test after 1 s with the reload flag set', { timeout: 20_000 }, () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter initialEntries={['/academy/courses']}>
        <Routes>
          <Route path="/academy/courses" element={<NotificationPanel isOpen onClose={() => undefined} activeTest={activeTest} secondsLeft={3725} />} />
          <Route path="/test/test/:courseID/:taskID" element={<p>player</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Physics mock 1')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('01 : 02 : 05');
    fireEvent.click(screen.getByRole('button', { name: 'Resume Test' }));
    expect(sessionStorage.getItem(RESUME_RELOAD_FLAG)).toBe('true');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('player')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('player')).toBeInTheDocument();
  });

  it('says so when no test is running', { timeout: 20_000 }, () => {
    render(
      <MemoryRouter>
        <NotificationPanel isOpen onClose={() => undefined} activeTest={null} secondsLeft={0} />
      </MemoryRouter>,
    );
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    // The drawer is a dialog: it is named, as every dialog must be.
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });
});
