import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeSession } from '../../../test/exam-factories';
import { examApi } from '../api/exam-api';
import { useExamPlayer } from './use-exam-player';

vi.mock('../api/exam-api', () => ({
  examApi: {
    isAnyActiveTestSession: vi.fn(),
    practise: vi.fn(async () => makeSession({ type: 'practice' })),
    saveSessionDetails: vi.fn(async () => ({ TestSessionID: 'attempt-1', tabChangeWarnings: 0, testResult: null })),
    saveAnswer: vi.fn(async (body: { data: Array<{ questionTaskMapID: number; seq: number }> }) => ({
      TestSessionID: 'attempt-1',
      RemainingTime: 3000,
      saved: body.data.map((item) => ({ questionTaskMapID: item.questionTaskMapID, seq: item.seq, applied: true })),
    })),
  },
}));

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

it('shows the controller’s attempt, renders once a tick while idle, and stops with the screen', async () => {
  let renders = 0;
  const { result, unmount } = renderHook(() => {
    renders += 1;
    return useExamPlayer({ type: 'practice', courseID: 3, taskID: 7, analyticsID: null });
  });
  expect(result.current.phase).toBe('loading');
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(result.current).toMatchObject({ phase: 'ready', isOnline: true, unconfirmed: 0 });
  expect(result.current.activeQuestion?.questionTaskMapID).toBe(1001);
  const actions = result.current.actions;

  const before = renders;
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(renders - before).toBe(10);
  expect(result.current.actions).toBe(actions);

  act(() => result.current.actions.answer(11, null));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(examApi.saveAnswer).toHaveBeenCalledTimes(1);
  expect(result.current.activeQuestion).toMatchObject({ answerID: 11, confirmedSeq: 1 });

  expect(localStorage.getItem('exam:7:3')).not.toBeNull();
  unmount();
  // Its clocks stopped: the state is no longer written every 1.5 s.
  localStorage.removeItem('exam:7:3');
  await vi.advanceTimersByTimeAsync(5_000);
  expect(localStorage.getItem('exam:7:3')).toBeNull();
});
