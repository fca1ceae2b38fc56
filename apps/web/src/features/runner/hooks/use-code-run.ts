import type { ProgrammingLanguage, RunDetails, RunType } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { runnerApi } from '../api/runner-api';
import { toProgramAnswer, type ProgramAnswer } from '../model/program-answer';
import { pollRun } from '../model/run-poller';

export type RunPhase = 'idle' | 'starting' | 'polling';

export interface CodeRunState {
  phase: RunPhase;
  /** The kind of the run under way or last finished. */
  type: RunType | null;
  details: RunDetails | null;
  /** The poll cap was reached while the run was still pending. */
  isCapped: boolean;
  /** The server's message for a failed start or poll. */
  error: string | null;
}

export type RunOutcome =
  | { kind: 'done'; answer: ProgramAnswer; details: RunDetails; isCapped: boolean }
  | { kind: 'startFailed'; message: string }
  | { kind: 'pollFailed'; message: string }
  | { kind: 'cancelled' };

export interface CodeRunRequest {
  sourceCode: string;
  language: ProgrammingLanguage;
  type: RunType;
  /** Run only: the program reads this instead of the sample cases. */
  customInput?: string | null;
}

export interface CodeRunApi {
  startRun: typeof runnerApi.startRun;
  getRunDetails: typeof runnerApi.getRunDetails;
}

const IDLE: CodeRunState = { phase: 'idle', type: null, details: null, isCapped: false, error: null };

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isNetwork ? error.message : fallback;
}

/**
 * Starts a run and polls it (spec 001 §4): the finished answer (or the pending one at the poll
 * cap) goes to `onStored`. A failed start leaves the last result as it was; a failed poll only
 * stops the loading (spec 001 §8). Leaving the question cancels the polling.
 */
export function useCodeRun({
  taskID,
  questionID,
  TestSessionID,
  networkMessage,
  onStored,
  api = runnerApi,
}: {
  taskID: number;
  questionID: number;
  TestSessionID: string;
  /** Shown when the server could not be reached. */
  networkMessage: string;
  onStored: (answer: ProgramAnswer) => void;
  api?: CodeRunApi;
}) {
  const [state, setState] = useState<CodeRunState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);
  const onStoredRef = useRef(onStored);
  onStoredRef.current = onStored;

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (request: CodeRunRequest): Promise<RunOutcome> => {
      if (controllerRef.current && !controllerRef.current.signal.aborted) return { kind: 'cancelled' };
      const controller = new AbortController();
      controllerRef.current = controller;
      setState((current) => ({ ...current, phase: 'starting', error: null }));
      let runID: string;
      try {
        const started = await api.startRun({
          taskID,
          questionID,
          languageID: request.language,
          sourceCode: request.sourceCode,
          type: request.type,
          ...(request.type === 'submit' ? { TestSessionID } : {}),
          ...(request.type === 'run' && typeof request.customInput === 'string' ? { customInput: request.customInput } : {}),
        });
        runID = started.runID;
      } catch (error) {
        controllerRef.current = null;
        if (controller.signal.aborted) return { kind: 'cancelled' };
        const message = messageOf(error, networkMessage);
        setState((current) => ({ ...current, phase: 'idle', error: message }));
        return { kind: 'startFailed', message };
      }
      setState({ phase: 'polling', type: request.type, details: null, isCapped: false, error: null });
      try {
        const outcome = await pollRun({ runID, fetchDetails: api.getRunDetails, signal: controller.signal });
        const answer = toProgramAnswer({ questionID, sourceCode: request.sourceCode, language: request.language, type: request.type, details: outcome.details });
        setState({ phase: 'idle', type: request.type, details: outcome.details, isCapped: outcome.isCapped, error: null });
        onStoredRef.current(answer);
        return { kind: 'done', answer, details: outcome.details, isCapped: outcome.isCapped };
      } catch (error) {
        if (controller.signal.aborted) return { kind: 'cancelled' };
        const message = messageOf(error, networkMessage);
        setState((current) => ({ ...current, phase: 'idle', error: message }));
        return { kind: 'pollFailed', message };
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [api, networkMessage, questionID, taskID, TestSessionID],
  );

  return { state, start, isBusy: state.phase !== 'idle' };
}
