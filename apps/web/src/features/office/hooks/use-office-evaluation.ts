import { OFFICE_POLL_INTERVAL_MS, OFFICE_POLL_RETRY_CAP, OFFICE_RUN_PENDING, OFFICE_TYPE_IDS, type OfficeKind, type OfficeRunDetails } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OfficeApi } from '../api/office-api';
import { parseResultDesc, type FailedStatus, type OfficeAnswer } from '../model/office-result';
import { pollOfficeRun } from '../model/office-poller';

/** What the RESULT popup shows: a score, or why the file could not be scored. */
export type EvaluationPopup =
  | { kind: 'result'; percentage: number; unmatched: string[] }
  | { kind: 'failed'; statusCode: FailedStatus; message: string | null };

export interface OfficeEvaluationState {
  isRunning: boolean;
  popup: EvaluationPopup | null;
  /** The last look was still pending at the poll cap. */
  isCapped: boolean;
}

export type EvaluationApi = Pick<OfficeApi, 'runOffice' | 'getRunDetailsOffice'>;

const IDLE: OfficeEvaluationState = { isRunning: false, popup: null, isCapped: false };

/**
 * Office evaluation (spec 001 §4): save the file, start a run of type eval, then look at it every
 * 3 s while it is PE, at most 20 times. A result goes to the popup and to `onStored`; a failed
 * start or look closes the popup silently (spec 001 §8). For a spreadsheet, the result applies only
 * when its questionID is the question on screen. Leaving the question stops the looks.
 */
export function useOfficeEvaluation({
  kind,
  taskID,
  questionID,
  TestSessionID,
  userName,
  userId,
  getActiveQuestionID,
  prepare,
  onStored,
  api,
  intervalMs = OFFICE_POLL_INTERVAL_MS,
  maxPolls = OFFICE_POLL_RETRY_CAP,
}: {
  kind: OfficeKind;
  taskID: number;
  questionID: number;
  TestSessionID: string;
  /** The editor user name derived from the e-mail (spec 001 §6). */
  userName: string;
  userId: number | string | null;
  /** The question the player shows now. */
  getActiveQuestionID: () => number;
  /** Saves pending edits and answers with the working copy's file id and content type. */
  prepare: () => Promise<{ path: string; contentType: string }>;
  onStored: (answer: OfficeAnswer) => void;
  api: EvaluationApi;
  intervalMs?: number;
  maxPolls?: number;
}) {
  const [state, setState] = useState<OfficeEvaluationState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);
  const onStoredRef = useRef(onStored);
  onStoredRef.current = onStored;

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(async () => {
    if (controllerRef.current) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ isRunning: true, popup: null, isCapped: false });
    const finish = (next: OfficeEvaluationState) => {
      if (controllerRef.current === controller) controllerRef.current = null;
      if (!controller.signal.aborted) setState(next);
    };
    let details: OfficeRunDetails;
    let isCapped: boolean;
    let path: string;
    try {
      const file = await prepare();
      path = file.path;
      const { runID } = await api.runOffice({
        officeTypeID: OFFICE_TYPE_IDS[kind],
        questionID,
        path: file.path,
        contentType: file.contentType,
        username: userName,
        taskID,
        type: 'eval',
        userId,
        TestSessionID,
      });
      const outcome = await pollOfficeRun({
        runID,
        fetchDetails: api.getRunDetailsOffice,
        isPending: (value) => value.statusCode === OFFICE_RUN_PENDING,
        signal: controller.signal,
        intervalMs,
        maxPolls,
      });
      details = outcome.details;
      isCapped = outcome.isCapped;
    } catch {
      // A failed start or look closes the popup without a word (spec 001 §8).
      finish(IDLE);
      return;
    }
    // A spreadsheet's result applies only to the question it was run for (spec 001 §4).
    if (kind === 'xlsx' && details.questionID !== getActiveQuestionID()) {
      finish(IDLE);
      return;
    }
    if (isCapped) {
      finish({ isRunning: false, popup: null, isCapped: true });
      return;
    }
    if (details.statusCode !== 'EV') {
      finish({ isRunning: false, popup: { kind: 'failed', statusCode: details.statusCode as FailedStatus, message: details.message }, isCapped: false });
      return;
    }
    const result = parseResultDesc(details.resultDesc);
    if (!result) {
      finish({ isRunning: false, popup: { kind: 'failed', statusCode: 'IE', message: null }, isCapped: false });
      return;
    }
    if (!controller.signal.aborted) onStoredRef.current({ ...result, runID: details.runID, path });
    finish({ isRunning: false, popup: { kind: 'result', ...result }, isCapped: false });
  }, [api, getActiveQuestionID, intervalMs, kind, maxPolls, prepare, questionID, taskID, TestSessionID, userId, userName]);

  const closePopup = useCallback(() => setState((current) => ({ ...current, popup: null })), []);

  return { state, start, closePopup };
}
