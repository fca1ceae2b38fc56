import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down to the end and calls onComplete once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const onComplete = vi.fn();
    const endsAt = Date.now() + 3_000;
    const { result } = renderHook(() => useCountdown(endsAt, onComplete));
    expect(result.current.secondsLeft).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.isRunning).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('starts a resend countdown of 100 s on demand', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.isRunning).toBe(false);
    act(() => result.current.start(100_000));
    expect(result.current.secondsLeft).toBe(100);
    act(() => vi.advanceTimersByTime(40_000));
    expect(result.current.secondsLeft).toBe(60);
    expect(result.current.isRunning).toBe(true);
  });
});
