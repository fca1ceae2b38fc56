import type { OfficeRunDetails } from '@app/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LOOK_DELAY_MS } from '../model/office-poller';
import { useOfficeEvaluation, type EvaluationApi } from './use-office-evaluation';

function details(statusCode: OfficeRunDetails['statusCode'], extra: Partial<OfficeRunDetails> = {}): OfficeRunDetails {
  return {
    runID: 'run-1',
    statusCode,
    questionID: 7,
    taskID: 3,
    resultDesc: statusCode === 'EV' ? JSON.stringify({ percentage: 66.67, unmatched: ['Total in A7'] }) : null,
    message: null,
    recorded: statusCode === 'EV',
    ...extra,
  };
}

function setup({ kind = 'xlsx' as const, activeQuestionID = 7, api }: { kind?: 'xlsx' | 'docx'; activeQuestionID?: number; api: EvaluationApi }) {
  const onStored = vi.fn();
  const prepare = vi.fn(async () => ({ path: 'file-1', contentType: 'application/xlsx' }));
  const hook = renderHook(() =>
    useOfficeEvaluation({ kind, taskID: 3, questionID: 7, TestSessionID: 'attempt-1', userName: 'priya', userId: null, getActiveQuestionID: () => activeQuestionID, prepare, onStored, api }),
  );
  return { hook, onStored, prepare };
}

async function flush(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useOfficeEvaluation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves first, starts an eval run with the spec’s fields, looks every 3 s while PE, then shows and stores the result', async () => {
    const answers = [details('PE'), details('PE'), details('EV')];
    const api: EvaluationApi = { runOffice: vi.fn(async () => ({ runID: 'run-1' })), getRunDetailsOffice: vi.fn(async () => answers.shift()!) };
    const { hook, onStored, prepare } = setup({ api });

    act(() => void hook.result.current.start());
    expect(hook.result.current.state.isRunning).toBe(true);
    await flush(0);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(api.runOffice).toHaveBeenCalledWith({
      officeTypeID: 1,
      questionID: 7,
      path: 'file-1',
      contentType: 'application/xlsx',
      username: 'priya',
      taskID: 3,
      type: 'eval',
      userId: null,
      TestSessionID: 'attempt-1',
    });
    await flush(FIRST_LOOK_DELAY_MS);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(1);
    await flush(2_999);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(2);
    await flush(3_000);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(3);
    expect(hook.result.current.state).toEqual({ isRunning: false, isCapped: false, popup: { kind: 'result', percentage: 66.67, unmatched: ['Total in A7'] } });
    expect(onStored).toHaveBeenCalledWith({ percentage: 66.67, unmatched: ['Total in A7'], runID: 'run-1', path: 'file-1' });

    act(() => hook.result.current.closePopup());
    expect(hook.result.current.state.popup).toBeNull();
  });

  it('stops after 20 looks when the run stays pending, shows no popup and stores nothing', async () => {
    const api: EvaluationApi = { runOffice: vi.fn(async () => ({ runID: 'run-1' })), getRunDetailsOffice: vi.fn(async () => details('PE')) };
    const { hook, onStored } = setup({ api });
    act(() => void hook.result.current.start());
    await flush(FIRST_LOOK_DELAY_MS + 19 * 3_000);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(20);
    expect(hook.result.current.state).toEqual({ isRunning: false, isCapped: true, popup: null });
    await flush(60_000);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(20);
    expect(onStored).not.toHaveBeenCalled();
  });

  it('closes silently when the start fails', async () => {
    const api: EvaluationApi = { runOffice: vi.fn(async () => Promise.reject(new Error('429'))), getRunDetailsOffice: vi.fn() };
    const { hook, onStored } = setup({ api });
    act(() => void hook.result.current.start());
    await flush(10_000);
    expect(hook.result.current.state).toEqual({ isRunning: false, isCapped: false, popup: null });
    expect(api.getRunDetailsOffice).not.toHaveBeenCalled();
    expect(onStored).not.toHaveBeenCalled();
  });

  it('closes silently when a look fails, and asks no more', async () => {
    const api: EvaluationApi = {
      runOffice: vi.fn(async () => ({ runID: 'run-1' })),
      getRunDetailsOffice: vi.fn().mockResolvedValueOnce(details('PE')).mockRejectedValueOnce(new Error('offline')),
    };
    const { hook, onStored } = setup({ api });
    act(() => void hook.result.current.start());
    await flush(FIRST_LOOK_DELAY_MS + 3_000);
    expect(hook.result.current.state).toEqual({ isRunning: false, isCapped: false, popup: null });
    await flush(30_000);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(2);
    expect(onStored).not.toHaveBeenCalled();
  });

  it('ignores a spreadsheet result for another question than the one on screen', async () => {
    const api: EvaluationApi = { runOffice: vi.fn(async () => ({ runID: 'run-1' })), getRunDetailsOffice: vi.fn(async () => details('EV')) };
    const { hook, onStored } = setup({ api, activeQuestionID: 8 });
    act(() => void hook.result.current.start());
    await flush(FIRST_LOOK_DELAY_MS);
    expect(hook.result.current.state.popup).toBeNull();
    expect(onStored).not.toHaveBeenCalled();
  });

  it('a document’s result applies without the question check; a failed evaluation shows its reason', async () => {
    const api: EvaluationApi = {
      runOffice: vi.fn(async () => ({ runID: 'run-1' })),
      getRunDetailsOffice: vi.fn(async () => details('FE', { message: 'This file belongs to another question.' })),
    };
    const { hook, onStored } = setup({ kind: 'docx', activeQuestionID: 8, api });
    act(() => void hook.result.current.start());
    await flush(FIRST_LOOK_DELAY_MS);
    expect(api.runOffice).toHaveBeenCalledWith(expect.objectContaining({ officeTypeID: 2 }));
    expect(hook.result.current.state.popup).toEqual({ kind: 'failed', statusCode: 'FE', message: 'This file belongs to another question.' });
    expect(onStored).not.toHaveBeenCalled();
  });

  it('stops looking when the question is left', async () => {
    const api: EvaluationApi = { runOffice: vi.fn(async () => ({ runID: 'run-1' })), getRunDetailsOffice: vi.fn(async () => details('PE')) };
    const { hook } = setup({ api });
    act(() => void hook.result.current.start());
    await flush(FIRST_LOOK_DELAY_MS);
    hook.unmount();
    await flush(30_000);
    expect(api.getRunDetailsOffice).toHaveBeenCalledTimes(1);
  });
});
