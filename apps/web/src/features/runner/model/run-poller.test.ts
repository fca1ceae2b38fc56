import type { RunDetails, RunStatusCode } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_POLL_DELAY_MS, pollRun } from './run-poller';

function details(statusCode: RunStatusCode): RunDetails {
  return {
    runID: 'run-1',
    statusCode,
    type: 'run',
    languageID: 'Python',
    questionID: 7,
    sourceCode: 'print(5)',
    resultDesc: statusCode === 'PE' ? null : { verdict: 'AC', passed: 1, total: 1, cases: [{ index: 0, verdict: 'AC', passed: true, timeMs: 12, memoryKb: 900 }] },
  };
}

describe('pollRun', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls while PE, 3 s apart, and returns the verdict', async () => {
    const answers: RunStatusCode[] = ['PE', 'PE', 'AC'];
    const fetchDetails = vi.fn(async () => details(answers.shift()!));
    const done = pollRun({ runID: 'run-1', fetchDetails, signal: new AbortController().signal });
    let settled = false;
    void done.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS);
    expect(fetchDetails).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchDetails).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchDetails).toHaveBeenCalledTimes(2);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);

    const outcome = await done;
    expect(fetchDetails).toHaveBeenCalledTimes(3);
    expect(fetchDetails).toHaveBeenCalledWith('run-1', expect.any(AbortSignal));
    expect(outcome).toMatchObject({ isCapped: false, polls: 3, details: { statusCode: 'AC' } });
  });

  it('stops at the cap of 20 polls and hands back the pending details', async () => {
    const fetchDetails = vi.fn(async () => details('PE'));
    const done = pollRun({ runID: 'run-1', fetchDetails, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS + 19 * 3_000);
    const outcome = await done;
    expect(fetchDetails).toHaveBeenCalledTimes(20);
    expect(outcome.isCapped).toBe(true);
    expect(outcome.details.statusCode).toBe('PE');
    // Nothing more is asked after the cap.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchDetails).toHaveBeenCalledTimes(20);
  });

  it('rejects when a poll fails, without polling again', async () => {
    const fetchDetails = vi.fn().mockResolvedValueOnce(details('PE')).mockRejectedValueOnce(new Error('offline'));
    const done = pollRun({ runID: 'run-1', fetchDetails, signal: new AbortController().signal });
    const caught = done.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS + 3_000);
    expect(await caught).toBe('offline');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchDetails).toHaveBeenCalledTimes(2);
  });

  it('stops when cancelled (the student left the question)', async () => {
    const controller = new AbortController();
    const fetchDetails = vi.fn(async () => details('PE'));
    const done = pollRun({ runID: 'run-1', fetchDetails, signal: controller.signal });
    const caught = done.then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(FIRST_POLL_DELAY_MS);
    controller.abort();
    expect(await caught).toBe('rejected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchDetails).toHaveBeenCalledTimes(1);
  });
});
