import { EXAM_CLOCK_SYNC_MS, LOCAL_STATE_SAVE_MS, PRACTICE_PARTIAL_SUBMIT_MINUTES, QUESTION_TIMER_TICK_MS, type ExamSession, type Language, type TestResult, type TestType } from '@app/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../hooks/use-notify';
import { ApiError, classifyFailure } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { examApi } from '../api/exam-api';
import { AnswerQueue, answerQueueKey, type SendResult } from '../model/answer-queue';
import * as machine from '../model/player-machine';
import { activeQuestionOf, activeSectionOf, createStateSerializer, playerStateKey, type AnswerData, type AnswerId, type PlayerState } from '../model/player-state';
import { useOnlineStatus } from '../../../hooks/use-online-status';

export type PlayerDialog =
  | { kind: 'sectionEnd'; autoConfirm: boolean }
  | { kind: 'sectionTimeout'; sectionIndex: number }
  | { kind: 'sectionWarning'; secondsLeft: number }
  | { kind: 'submitConfirm' }
  | { kind: 'noInternet' }
  | { kind: 'result'; result: TestResult }
  | { kind: 'oops'; message: string | null };

export type PlayerPhase = 'loading' | 'ready' | 'submitting' | 'finished' | 'error';
export type SubmitReason = 'student' | 'auto' | 'silent';

const RETRY_MS = 3_000;
/** How often a submit accepted while the server scores others asks again for its score (a little jitter spreads the asks). */
const SCORE_POLL_MS = 3_000;
/** Asks for the score before the accepted notice stays as it is (the report has it once scored). */
const SCORE_POLL_LIMIT = 100;
/** How long the student stays on a question before the place in the attempt is saved for another device. */
const POSITION_SAVE_DELAY_MS = 3_000;

export interface ExamPlayerOptions {
  type: TestType;
  courseID: number;
  taskID: number;
  analyticsID: string | null;
}

/**
 * The player's controller: runs the session-start algorithm (spec 001 §4), owns the state and
 * applies the pure rules of `player-machine`, keeps every answer in the durable queue and replays
 * it, saves the state every 1.5 s, autosaves on the partial-submit interval, follows the server's
 * clock, and runs the submit flow.
 */
export function useExamPlayer({ type, courseID, taskID, analyticsID }: ExamPlayerOptions) {
  const { t } = useTranslation('messages');
  const notify = useNotify();
  const isBrowserOnline = useOnlineStatus();
  const [state, setState] = useState<PlayerState | null>(null);
  const stateRef = useRef<PlayerState | null>(null);
  const [phase, setPhase] = useState<PlayerPhase>('loading');
  const phaseRef = useRef<PlayerPhase>('loading');
  const [dialog, setDialog] = useState<PlayerDialog | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [pendingCount, setPendingCount] = useState(0);
  const [hasSaveFailed, setHasSaveFailed] = useState(false);
  const [isRevealing, setIsRevealing] = useState(false);
  const queueRef = useRef<AnswerQueue | null>(null);
  const inFlightRef = useRef(false);
  const handledTimeoutRef = useRef(new Set<number>());
  const submitAfterReconnectRef = useRef(false);
  const beforeSubmitRef = useRef<(() => void | Promise<void>) | null>(null);
  const stateKey = playerStateKey(taskID, courseID);

  const commit = useCallback((next: PlayerState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const setPhaseBoth = useCallback((next: PlayerPhase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  const isMountedRef = useRef(true);
  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      isMountedRef.current = false;
    };
  }, []);

  /**
   * A submit accepted while the server scores others: the answers are saved and the attempt is
   * closed in its turn. The same submit sent again answers with the score once it is ready, and
   * never closes the attempt twice.
   */
  const awaitScore = useCallback(
    async (accepted: TestResult) => {
      for (let ask = 0; ask < SCORE_POLL_LIMIT; ask++) {
        await new Promise((resolve) => window.setTimeout(resolve, SCORE_POLL_MS * (0.75 + Math.random() / 2)));
        if (!isMountedRef.current) return;
        try {
          const result = await examApi.submitTest({ TestSessionID: accepted.attemptId, TaskID: accepted.taskID, analyticsID, isPartialSubmit: false });
          if (!result.isBeingScored) {
            if (isMountedRef.current) setDialog({ kind: 'result', result });
            return;
          }
        } catch {
          // Offline or busy: the answers are on the server; ask again on the next turn.
        }
      }
    },
    [analyticsID],
  );

  const finish = useCallback(
    (result: TestResult) => {
      queueRef.current?.clear();
      localStorage.removeItem(stateKey);
      setPhaseBoth('finished');
      setDialog({ kind: 'result', result });
      if (result.isBeingScored) void awaitScore(result);
    },
    [awaitScore, setPhaseBoth, stateKey],
  );

  // ---------- session start (spec 001 §4) ----------
  useEffect(() => {
    let isCancelled = false;
    const start = async () => {
      const stored = storage.getJson<unknown>(stateKey);
      let next: PlayerState | null = null;
      if (type === 'test') {
        const active = await examApi.isAnyActiveTestSession();
        if (active.TestSessionID && active.TaskID === taskID) {
          const check = await examApi.checkSession({ TestSessionID: active.TestSessionID });
          if (!check.isValid) {
            if (check.testResult) {
              if (!isCancelled) finish(check.testResult);
              return;
            }
          } else if (machine.isReusableState(stored, active.TestSessionID)) {
            // The stored state is reused with the server's times; its answers are also checked
            // against the server's so that saves confirmed just before a reload show as confirmed.
            const details = await examApi.getSessionDetails({ TestSessionID: active.TestSessionID, taskID }).catch(() => null);
            next = details ? fromSession(details, stored, Date.now()) : machine.refreshTimes(stored, check, Date.now());
          } else {
            const details = await examApi.getSessionDetails({ TestSessionID: active.TestSessionID, taskID });
            if (details.section.length > 0) next = fromSession(details, stored, Date.now());
          }
        }
      }
      if (!next) {
        const session = await examApi.practise({ taskID, courseID, languageID: 1 });
        if (session.status === 'submitted' || session.section.length === 0) throw new ApiError(t('somethingWentWrong'), 'EXAM_NO_SECTIONS', 422);
        next = fromSession(session, stored, Date.now());
      }
      const queue = new AnswerQueue(localStorage, answerQueueKey(next.TestSessionID));
      next = machine.applyPending(next, queue.pending());
      if (isCancelled) return;
      queueRef.current = queue;
      setPendingCount(queue.size);
      queue.subscribe(() => setPendingCount(queue.size));
      commit(next);
      setNow(Date.now());
      setPhaseBoth('ready');
    };
    start().catch((error: unknown) => {
      if (isCancelled) return;
      setLoadError(error instanceof ApiError ? error.message : t('somethingWentWrong'));
      setPhaseBoth('error');
      setDialog({ kind: 'oops', message: error instanceof ApiError && !error.isNetwork ? error.message : null });
    });
    return () => {
      isCancelled = true;
    };
  }, [type, taskID, courseID, stateKey, commit, finish, setPhaseBoth, t]);

  // ---------- the durable queue ----------
  const flush = useCallback(async (): Promise<SendResult | null> => {
    const queue = queueRef.current;
    const current = stateRef.current;
    if (!queue || !current || inFlightRef.current || queue.size === 0 || phaseRef.current === 'finished') return null;
    inFlightRef.current = true;
    let remaining: number | null = null;
    try {
      const result = await queue.flush(async (items) => {
        try {
          const response = await examApi.saveAnswer({
            data: items,
            courseID,
            TestSessionID: current.TestSessionID,
            screenInactive: current.inActive.slice(-200),
          });
          remaining = response.RemainingTime;
          return { kind: 'sent', acks: response.saved.map((ack) => ({ mapId: ack.questionTaskMapID, seq: ack.seq })) };
        } catch (error) {
          return classifyFailure(error) === 'retry' ? { kind: 'retry', error } : { kind: 'rejected', error };
        }
      });
      if (result?.kind === 'sent') {
        setHasSaveFailed(false);
        let updated = stateRef.current!;
        for (const ack of result.acks) updated = machine.applyAck(updated, ack.mapId, ack.seq);
        if (remaining !== null && updated.settings.type === 'test') updated = machine.syncRemaining(updated, remaining, Date.now());
        commit(updated);
      } else if (result?.kind === 'retry') {
        setHasSaveFailed(true);
      } else if (result?.kind === 'rejected') {
        // Spec 001 §8: a failed save shows the server's message.
        const error = result.error;
        notify.error(error instanceof ApiError ? error.message : t('somethingWentWrong'));
        if (error instanceof ApiError && (error.code === 'EXAM_ALREADY_SUBMITTED' || error.code === 'EXAM_TIME_OVER')) {
          const check = await examApi.checkSession({ TestSessionID: current.TestSessionID }).catch(() => null);
          if (check?.testResult) finish(check.testResult);
        }
      }
      return result;
    } finally {
      inFlightRef.current = false;
    }
  }, [commit, courseID, finish, notify, t]);

  // Replay: on reconnection, after a failure every few seconds, and right after a save when more
  // changes arrived meanwhile.
  useEffect(() => {
    if (phase !== 'ready') return;
    const id = window.setInterval(() => {
      if ((queueRef.current?.size ?? 0) > 0) void flush();
    }, RETRY_MS);
    return () => window.clearInterval(id);
  }, [phase, flush]);

  useEffect(() => {
    if (isBrowserOnline && phase === 'ready') void flush();
  }, [isBrowserOnline, phase, flush]);

  const enqueue = useCallback(
    (change: machine.AnswerChange) => {
      commit(change.state);
      if (!change.item || !queueRef.current) return;
      queueRef.current.enqueue(change.item, Date.now());
      void flush();
    },
    [commit, flush],
  );

  // ---------- clocks ----------
  const submitRef = useRef<(reason: SubmitReason) => Promise<void>>(async () => undefined);

  useEffect(() => {
    if (phase !== 'ready') return;
    const id = window.setInterval(() => {
      const current = stateRef.current;
      if (!current) return;
      const time = Date.now();
      setNow(time);
      let next = machine.tick(current);
      for (const event of machine.timerEvents(next, time)) {
        if (event.kind === 'timeUp') {
          void submitRef.current('auto');
        } else if (event.kind === 'sectionTimeout' && !handledTimeoutRef.current.has(event.sectionIndex)) {
          handledTimeoutRef.current.add(event.sectionIndex);
          setDialog({ kind: 'sectionTimeout', sectionIndex: event.sectionIndex });
        } else if (event.kind === 'sectionWarning') {
          next = machine.markSectionWarned(next, event.sectionIndex);
          setDialog((open) => open ?? { kind: 'sectionWarning', secondsLeft: event.secondsLeft });
        }
      }
      commit(next);
    }, QUESTION_TIMER_TICK_MS);
    return () => window.clearInterval(id);
  }, [phase, commit]);

  // Spec 001 §7: the state is kept in browser storage every 1.5 s under the task/course key.
  useEffect(() => {
    if (phase !== 'ready') return;
    const serialize = createStateSerializer();
    const id = window.setInterval(() => {
      if (stateRef.current && phaseRef.current === 'ready') localStorage.setItem(stateKey, serialize(stateRef.current));
    }, LOCAL_STATE_SAVE_MS);
    return () => window.clearInterval(id);
  }, [phase, stateKey]);

  // Partial autosave (saveSessionDetails) on the task's partial-submit interval (minutes).
  const partialMinutes = state?.settings.partialSubmit || PRACTICE_PARTIAL_SUBMIT_MINUTES;
  const saveSessionDetails = useCallback(async () => {
    const current = stateRef.current;
    if (!current || phaseRef.current !== 'ready') return null;
    const response = await examApi.saveSessionDetails({
      TestSessionID: current.TestSessionID,
      localState: machine.compactState(current),
      tabChangeWarnings: current.tabChangeWarnings,
    });
    if (response.testResult) finish(response.testResult);
    return response;
  }, [finish]);
  const saveSessionDetailsRef = useRef(saveSessionDetails);
  saveSessionDetailsRef.current = saveSessionDetails;

  useEffect(() => {
    if (phase !== 'ready') return;
    const id = window.setInterval(() => {
      void flush();
      void saveSessionDetails().catch(() => undefined);
    }, Math.max(1, partialMinutes) * 60_000);
    return () => window.clearInterval(id);
  }, [phase, partialMinutes, flush, saveSessionDetails]);

  // ---------- submit (spec 001 §4) ----------
  const submit = useCallback(
    async (reason: SubmitReason) => {
      const current = stateRef.current;
      if (!current || phaseRef.current !== 'ready') return;
      setPhaseBoth('submitting');
      const settled = machine.settleQuestionTime(current);
      commit(settled);
      try {
        const check = await examApi.checkSession({ TestSessionID: settled.TestSessionID });
        if (!check.isValid && check.testResult) {
          finish(check.testResult);
          return;
        }
        // The local clock ran out but the server gave more time (a supervisor's extension): go on.
        if (reason === 'auto' && check.isValid && check.RemainingTime > 0 && settled.settings.type === 'test') {
          commit(machine.refreshTimes(stateRef.current ?? settled, check, Date.now()));
          setPhaseBoth('ready');
          return;
        }
        await beforeSubmitRef.current?.();
        await flush().catch(() => null);
        const result = await examApi.submitTest({
          TestSessionID: settled.TestSessionID,
          TaskID: taskID,
          analyticsID,
          isPartialSubmit: false,
          data: queueRef.current?.pending() ?? [],
        });
        submitAfterReconnectRef.current = false;
        finish(result);
      } catch (error) {
        setPhaseBoth('ready');
        if (error instanceof ApiError && error.isNetwork) {
          // The deadline still holds on the server (its sweeper submits); try again once online.
          if (reason !== 'student') submitAfterReconnectRef.current = true;
          setDialog({ kind: 'noInternet' });
        } else {
          setDialog({ kind: 'oops', message: error instanceof ApiError ? error.message : null });
        }
      }
    },
    [analyticsID, commit, finish, flush, setPhaseBoth, taskID],
  );
  submitRef.current = submit;

  useEffect(() => {
    if (isBrowserOnline && submitAfterReconnectRef.current && phase === 'ready') void submit('auto');
  }, [isBrowserOnline, phase, submit]);

  // ---------- actions ----------
  const showMessage = useCallback((key: machine.PlayerMessageKey) => notify.error(t(key)), [notify, t]);

  const reveal = useCallback(
    async (mapId: number) => {
      const current = stateRef.current;
      if (!current) return;
      setIsRevealing(true);
      try {
        // The answer must be on the server before the key locks it.
        await flush();
        const key = await examApi.revealAnswer({ TestSessionID: current.TestSessionID, questionTaskMapID: mapId });
        commit(machine.applyReveal(stateRef.current!, key));
      } catch (error) {
        notify.apiError(error, 'noInternet');
      } finally {
        setIsRevealing(false);
      }
    },
    [commit, flush, notify],
  );

  // A question revealed on another device, or before the browser's copy of the state was lost,
  // comes back locked without its key: fetch the key once when the student is on it.
  const refetchedKeysRef = useRef(new Set<number>());
  const missingKey =
    state && phase === 'ready' && state.settings.type === 'practice'
      ? (() => {
          const question = activeQuestionOf(state);
          return question.isShowAnswer && !state.revealed[question.questionTaskMapID] ? question.questionTaskMapID : null;
        })()
      : null;
  useEffect(() => {
    if (missingKey === null || refetchedKeysRef.current.has(missingKey)) return;
    refetchedKeysRef.current.add(missingKey);
    const current = stateRef.current;
    if (!current) return;
    examApi
      .revealAnswer({ TestSessionID: current.TestSessionID, questionTaskMapID: missingKey })
      .then((key) => stateRef.current && commit(machine.applyReveal(stateRef.current, key)))
      .catch(() => undefined);
  }, [missingKey, commit]);

  // The place in the attempt follows the student to another device: a move is saved once it has
  // settled for a few seconds (the partial autosave below saves it again on its own interval).
  const position = state && phase === 'ready' ? `${state.TestSessionID}:${state.activeSection}:${state.activeQuestion}` : null;
  useEffect(() => {
    if (position === null) return;
    const id = window.setTimeout(() => void saveSessionDetailsRef.current().catch(() => undefined), POSITION_SAVE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [position]);

  const refreshFromServer = useCallback(async () => {
    const current = stateRef.current;
    if (!current) return;
    const check = await examApi.checkSession({ TestSessionID: current.TestSessionID }).catch(() => null);
    if (!check) return;
    if (!check.isValid && check.testResult) finish(check.testResult);
    else if (stateRef.current) commit(machine.refreshTimes(stateRef.current, check, Date.now()));
  }, [commit, finish]);

  // The server owns the deadline and a supervisor may move it: a running test asks for its
  // remaining time every EXAM_CLOCK_SYNC_MS, besides the RemainingTime of every save.
  useEffect(() => {
    if (phase !== 'ready' || type !== 'test') return;
    const id = window.setInterval(() => {
      if (phaseRef.current === 'ready') void refreshFromServer();
    }, EXAM_CLOCK_SYNC_MS);
    return () => window.clearInterval(id);
  }, [phase, type, refreshFromServer]);

  const handleTransition = useCallback(
    (transition: machine.Transition) => {
      commit(transition.state);
      const { outcome } = transition;
      if (outcome.kind === 'message') showMessage(outcome.key);
      else if (outcome.kind === 'confirmSectionEnd') setDialog({ kind: 'sectionEnd', autoConfirm: outcome.autoConfirm });
      else if (outcome.kind === 'reveal') void reveal(outcome.mapId);
      else if (outcome.kind === 'submit') void submit('auto');
    },
    [commit, reveal, showMessage, submit],
  );

  // One object for the player's lifetime (its callbacks read the latest state from stateRef), so
  // that memoised parts of the screen are not re-rendered by the clock's tick.
  const actions = useMemo(
    () => ({
      next: () => stateRef.current && handleTransition(machine.next(stateRef.current, Date.now())),
      previous: () => stateRef.current && handleTransition(machine.previous(stateRef.current)),
      goToQuestion: (index: number) => stateRef.current && handleTransition(machine.goToQuestion(stateRef.current, index)),
      switchSection: (index: number) => stateRef.current && handleTransition(machine.switchSection(stateRef.current, index, Date.now())),
      answer: (answerID: AnswerId, answerData: AnswerData) => stateRef.current && enqueue(machine.answer(stateRef.current, answerID, answerData)),
      clear: () => stateRef.current && enqueue(machine.clearAnswer(stateRef.current)),
      toggleMark: () => stateRef.current && enqueue(machine.toggleMark(stateRef.current)),
      toggleHint: () => stateRef.current && commit(machine.toggleHint(stateRef.current)),
      setQuestionLanguage: (language: Language) => {
        if (!stateRef.current) return;
        commit(machine.setQuestionLanguage(stateRef.current, language));
        void saveSessionDetailsRef.current().catch(() => undefined);
      },
      confirmSectionEnd: () => {
        const current = stateRef.current;
        setDialog(null);
        if (!current) return;
        const finishedSection = activeSectionOf(current);
        handleTransition(machine.confirmSectionEnd(current, Date.now()));
        if (finishedSection.sectionWiseTimer) {
          void examApi
            .completeSection({ TestSessionID: current.TestSessionID, sectionIndex: finishedSection.sectionIndex })
            .then((check) => stateRef.current && commit(machine.refreshTimes(stateRef.current, check, Date.now())))
            .catch(() => undefined);
        }
      },
      continueAfterSectionTimeout: (sectionIndex: number) => {
        setDialog(null);
        if (!stateRef.current) return;
        handleTransition(machine.continueAfterSectionTimeout(stateRef.current, sectionIndex, Date.now()));
        void refreshFromServer();
      },
      openSubmitConfirm: () => setDialog({ kind: 'submitConfirm' }),
      closeDialog: () => setDialog(null),
      submit,
      /** Proctoring: an away period starts (window blur). */
      startAway: () => stateRef.current && commit(machine.startInactive(stateRef.current, Date.now())),
      /** Proctoring: the student is back; returns the number of away periods so far. */
      endAway: (): number => {
        if (!stateRef.current) return 0;
        const next = machine.endInactive(stateRef.current, Date.now());
        commit(next);
        void saveSessionDetails().catch(() => undefined);
        return next.tabChangeWarnings;
      },
      /** Proctoring registers work to do before the final submit (stop the camera). */
      setBeforeSubmit: (handler: (() => void | Promise<void>) | null) => {
        beforeSubmitRef.current = handler;
      },
    }),
    [commit, enqueue, handleTransition, refreshFromServer, saveSessionDetails, submit],
  );

  const unconfirmed = pendingCount;
  return {
    phase,
    state,
    now,
    dialog,
    loadError,
    isOnline: isBrowserOnline && !hasSaveFailed,
    isBrowserOnline,
    unconfirmed,
    isRevealing,
    activeQuestion: state ? activeQuestionOf(state) : null,
    activeSection: state ? activeSectionOf(state) : null,
    actions,
  };
}

/** Session start, steps 3–5: a stored state of the same attempt is reused with server answers. */
function fromSession(session: ExamSession, stored: unknown, now: number): PlayerState {
  if (machine.isReusableState(stored, session.TestSessionID)) {
    const refreshed = machine.refreshTimes(
      stored,
      {
        RemainingTime: session.RemainingTime,
        Section: session.section.map((section) => ({
          sectionIndex: section.sectionIndex,
          sectionName: section.sectionName,
          RemainingTime: section.sectionTimeRemaining,
          active: section.isActiveSection,
          isSectionCompleted: section.isSectionCompleted,
        })),
      },
      now,
    );
    return machine.mergeServerAnswers(refreshed, session);
  }
  return machine.applyCompactState(machine.createPlayerState(session, now), session.localState);
}
