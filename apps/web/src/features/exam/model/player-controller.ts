import { EXAM_CLOCK_SYNC_MS, LOCAL_STATE_SAVE_MS, PRACTICE_PARTIAL_SUBMIT_MINUTES, QUESTION_TIMER_TICK_MS, type TestResult } from '@app/contracts';
import { ApiError, classifyFailure } from '../../../lib/api-client';
import { AnswerQueue, answerQueueKey, type QueueStore, type SendResult } from './answer-queue';
import type { PlayerActions, PlayerControllerDeps, PlayerPhase, PlayerSnapshot, SubmitReason } from './player-controller-types';
import * as machine from './player-machine';
import { activeQuestionOf, activeSectionOf, createStateSerializer, playerStateKey, type PlayerState } from './player-state';
import { pollScore } from './score-poll';
import { startSession } from './session-start';

export type { PlayerActions, PlayerApi, PlayerControllerDeps, PlayerDialog, PlayerNotify, PlayerPhase, PlayerSnapshot, PlayerTimers, SubmitReason } from './player-controller-types';

const RETRY_MS = 3_000;
/** How long the student stays on a question before the place in the attempt is saved for another device. */
export const POSITION_SAVE_DELAY_MS = 3_000;

const ignore = () => undefined;

/**
 * The player's controller, free of React: runs the session-start algorithm (spec 001 §4), owns the
 * state and applies the pure rules of `player-machine`, keeps every answer in the durable queue
 * and replays it, saves the state every 1.5 s, autosaves on the partial-submit interval, follows
 * the server's clock, and runs the submit flow. The screen reads `getSnapshot()` and calls
 * `actions`; `start()` and `dispose()` follow the screen's mount (and may repeat).
 */
export class PlayerController {
  readonly actions: PlayerActions;
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly stateKey: string;
  private queue: AnswerQueue | null = null;
  private unsubscribeQueue: (() => void) | null = null;
  private isFlushing = false;
  private readonly handledTimeouts = new Set<number>();
  private readonly refetchedKeys = new Set<number>();
  private shouldSubmitOnReconnect = false;
  private beforeSubmit: (() => void | Promise<void>) | null = null;
  private isOnline = true;
  private isDisposed = false;
  /** Bumped by start and dispose, so that a session start overtaken by either is dropped. */
  private run = 0;
  private readyTimers: unknown[] = [];
  private position: string | null = null;
  private positionTimer: unknown = null;
  private readonly serialize = createStateSerializer();

  constructor(private readonly deps: PlayerControllerDeps) {
    this.stateKey = playerStateKey(deps.taskID, deps.courseID);
    this.snapshot = { phase: 'loading', state: null, now: deps.now(), dialog: null, loadError: null, unconfirmed: 0, hasSaveFailed: false, isRevealing: false };
    this.actions = this.createActions();
  }

  readonly getSnapshot = (): PlayerSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    this.isDisposed = false;
    const run = ++this.run;
    if (this.snapshot.phase === 'ready') {
      this.startReadyTimers();
      void Promise.resolve().then(() => this.followConnection());
    }
    this.load(run).catch((error: unknown) => {
      if (run !== this.run) return;
      this.update({
        loadError: error instanceof ApiError ? error.message : this.deps.t('somethingWentWrong'),
        phase: 'error',
        dialog: { kind: 'oops', message: error instanceof ApiError && !error.isNetwork ? error.message : null },
      });
    });
  }

  /**
   * Writes the state to browser storage now, besides every 1.5 s: the screen calls it when the
   * page is hidden or left, so a reload or a closed tab comes back to the question last shown.
   */
  keepState(): void {
    if (this.snapshot.state && this.snapshot.phase === 'ready') this.deps.storage.setItem(this.stateKey, this.serialize(this.snapshot.state));
  }

  /** Stops the clocks (the state kept first); answers already sent still land, but nothing new starts. */
  dispose(): void {
    if (!this.isDisposed) this.keepState();
    this.isDisposed = true;
    this.run += 1;
    this.stopReadyTimers();
    if (this.positionTimer !== null) this.deps.timers.clearTimeout(this.positionTimer);
    this.positionTimer = null;
    this.position = null;
  }

  /** The browser's online status: coming back online replays the queue and a submit that waited for it. */
  setOnline(isOnline: boolean): void {
    const wasOnline = this.isOnline;
    this.isOnline = isOnline;
    if (isOnline && !wasOnline) this.followConnection();
  }

  // ---------- state and what follows from it ----------

  private update(patch: Partial<PlayerSnapshot>): void {
    const previous = this.snapshot;
    this.snapshot = { ...previous, ...patch };
    if (previous.phase !== this.snapshot.phase) this.followPhase(previous.phase);
    this.followPosition();
    this.fetchMissingKey();
    this.listeners.forEach((listener) => listener());
  }

  private commit(state: PlayerState): void {
    this.update({ state });
  }

  private followPhase(previous: PlayerPhase): void {
    if (previous === 'ready') this.stopReadyTimers();
    if (this.snapshot.phase !== 'ready' || this.isDisposed) return;
    this.startReadyTimers();
    // After the change that opened the attempt has been applied in full (a failed submit sets
    // what waits for the connection after its phase).
    void Promise.resolve().then(() => this.followConnection());
  }

  /** Online and open: replay the queue, and send a submit that waited for the connection. */
  private followConnection(): void {
    if (this.isDisposed || !this.isOnline || this.snapshot.phase !== 'ready') return;
    void this.flush();
    if (this.shouldSubmitOnReconnect) void this.submit('auto');
  }

  private startReadyTimers(): void {
    const { timers, type } = this.deps;
    this.stopReadyTimers();
    const partialMinutes = this.snapshot.state?.settings.partialSubmit || PRACTICE_PARTIAL_SUBMIT_MINUTES;
    this.readyTimers = [
      // Replay after a failure every few seconds.
      timers.setInterval(() => {
        if ((this.queue?.size ?? 0) > 0) void this.flush();
      }, RETRY_MS),
      timers.setInterval(() => this.tick(), QUESTION_TIMER_TICK_MS),
      // Spec 001 §7: the state is kept in browser storage every 1.5 s under the task/course key.
      timers.setInterval(() => this.keepState(), LOCAL_STATE_SAVE_MS),
      // Partial autosave (saveSessionDetails) on the task's partial-submit interval (minutes).
      timers.setInterval(() => {
        void this.flush();
        void this.saveSessionDetails().catch(ignore);
      }, Math.max(1, partialMinutes) * 60_000),
    ];
    // The server owns the deadline and a supervisor may move it: a running test asks for its
    // remaining time every EXAM_CLOCK_SYNC_MS, besides the RemainingTime of every save.
    if (type === 'test') {
      this.readyTimers.push(
        timers.setInterval(() => {
          if (this.snapshot.phase === 'ready') void this.refreshFromServer();
        }, EXAM_CLOCK_SYNC_MS),
      );
    }
  }

  private stopReadyTimers(): void {
    this.readyTimers.forEach((id) => this.deps.timers.clearInterval(id));
    this.readyTimers = [];
  }

  /**
   * The place in the attempt follows the student to another device: a move is saved once it has
   * settled for a few seconds (the partial autosave saves it again on its own interval).
   */
  private followPosition(): void {
    const { state, phase } = this.snapshot;
    const position = state && phase === 'ready' ? `${state.TestSessionID}:${state.activeSection}:${state.activeQuestion}` : null;
    if (position === this.position || this.isDisposed) return;
    this.position = position;
    if (this.positionTimer !== null) this.deps.timers.clearTimeout(this.positionTimer);
    this.positionTimer = position === null ? null : this.deps.timers.setTimeout(() => void this.saveSessionDetails().catch(ignore), POSITION_SAVE_DELAY_MS);
  }

  /**
   * A question revealed on another device, or before the browser's copy of the state was lost,
   * comes back locked without its key: fetch the key once when the student is on it.
   */
  private fetchMissingKey(): void {
    const { state, phase } = this.snapshot;
    if (!state || phase !== 'ready' || state.settings.type !== 'practice' || this.isDisposed) return;
    const question = activeQuestionOf(state);
    const mapId = question.questionTaskMapID;
    if (!question.isShowAnswer || state.revealed[mapId] || this.refetchedKeys.has(mapId)) return;
    this.refetchedKeys.add(mapId);
    this.deps.api
      .revealAnswer({ TestSessionID: state.TestSessionID, questionTaskMapID: mapId })
      .then((key) => this.snapshot.state && this.commit(machine.applyReveal(this.snapshot.state, key)))
      .catch(ignore);
  }

  // ---------- session start (spec 001 §4) ----------

  private async load(run: number): Promise<void> {
    const { api, type, courseID, taskID, now, storage } = this.deps;
    const started = await startSession({
      api,
      type,
      courseID,
      taskID,
      stored: readJson(storage, this.stateKey),
      now,
      noSectionsMessage: () => this.deps.t('somethingWentWrong'),
    });
    if (started.kind === 'finished') {
      if (run === this.run) this.finish(started.result);
      return;
    }
    const queue = new AnswerQueue(storage, answerQueueKey(started.state.TestSessionID));
    const state = machine.applyPending(started.state, queue.pending());
    if (run !== this.run) return;
    this.queue = queue;
    this.unsubscribeQueue?.();
    this.unsubscribeQueue = queue.subscribe(() => this.update({ unconfirmed: queue.size }));
    this.update({ unconfirmed: queue.size, state, now: now(), phase: 'ready' });
  }

  // ---------- the durable queue ----------

  private async flush(): Promise<SendResult | null> {
    const queue = this.queue;
    const current = this.snapshot.state;
    if (!queue || !current || this.isFlushing || queue.size === 0 || this.snapshot.phase === 'finished') return null;
    this.isFlushing = true;
    let remaining: number | null = null;
    try {
      const result = await queue.flush(async (items) => {
        try {
          const response = await this.deps.api.saveAnswer({
            data: items,
            courseID: this.deps.courseID,
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
        let updated = this.snapshot.state!;
        for (const ack of result.acks) updated = machine.applyAck(updated, ack.mapId, ack.seq);
        if (remaining !== null && updated.settings.type === 'test') updated = machine.syncRemaining(updated, remaining, this.deps.now());
        this.update({ hasSaveFailed: false, state: updated });
      } else if (result?.kind === 'retry') {
        this.update({ hasSaveFailed: true });
      } else if (result?.kind === 'rejected') {
        // Spec 001 §8: a failed save shows the server's message.
        const error = result.error;
        this.deps.notify.error(error instanceof ApiError ? error.message : this.deps.t('somethingWentWrong'));
        if (error instanceof ApiError && (error.code === 'EXAM_ALREADY_SUBMITTED' || error.code === 'EXAM_TIME_OVER')) {
          const check = await this.deps.api.checkSession({ TestSessionID: current.TestSessionID }).catch(() => null);
          if (check?.testResult) this.finish(check.testResult);
        }
      }
      return result;
    } finally {
      this.isFlushing = false;
    }
  }

  private enqueue(change: machine.AnswerChange): void {
    this.commit(change.state);
    if (!change.item || !this.queue) return;
    this.queue.enqueue(change.item, this.deps.now());
    void this.flush();
  }

  // ---------- clocks ----------

  private tick(): void {
    const current = this.snapshot.state;
    if (!current) return;
    const time = this.deps.now();
    this.update({ now: time });
    let next = machine.tick(current);
    for (const event of machine.timerEvents(next, time)) {
      if (event.kind === 'timeUp') {
        void this.submit('auto');
      } else if (event.kind === 'sectionTimeout' && !this.handledTimeouts.has(event.sectionIndex)) {
        this.handledTimeouts.add(event.sectionIndex);
        this.update({ dialog: { kind: 'sectionTimeout', sectionIndex: event.sectionIndex } });
      } else if (event.kind === 'sectionWarning') {
        next = machine.markSectionWarned(next, event.sectionIndex);
        this.update({ dialog: this.snapshot.dialog ?? { kind: 'sectionWarning', secondsLeft: event.secondsLeft } });
      }
    }
    this.commit(next);
  }

  private async refreshFromServer(): Promise<void> {
    const current = this.snapshot.state;
    if (!current) return;
    const check = await this.deps.api.checkSession({ TestSessionID: current.TestSessionID }).catch(() => null);
    if (!check) return;
    if (!check.isValid && check.testResult) this.finish(check.testResult);
    else if (this.snapshot.state) this.commit(machine.refreshTimes(this.snapshot.state, check, this.deps.now()));
  }

  private async saveSessionDetails() {
    const current = this.snapshot.state;
    if (!current || this.snapshot.phase !== 'ready') return null;
    const response = await this.deps.api.saveSessionDetails({
      TestSessionID: current.TestSessionID,
      localState: machine.compactState(current),
      tabChangeWarnings: current.tabChangeWarnings,
    });
    if (response.testResult) this.finish(response.testResult);
    return response;
  }

  // ---------- submit (spec 001 §4) ----------

  private async submit(reason: SubmitReason): Promise<void> {
    const current = this.snapshot.state;
    if (!current || this.snapshot.phase !== 'ready') return;
    const { api, now } = this.deps;
    const settled = machine.settleQuestionTime(current);
    this.update({ phase: 'submitting', state: settled });
    try {
      const check = await api.checkSession({ TestSessionID: settled.TestSessionID });
      if (!check.isValid && check.testResult) {
        this.finish(check.testResult);
        return;
      }
      // The local clock ran out but the server gave more time (a supervisor's extension): go on.
      if (reason === 'auto' && check.isValid && check.RemainingTime > 0 && settled.settings.type === 'test') {
        this.update({ state: machine.refreshTimes(this.snapshot.state ?? settled, check, now()), phase: 'ready' });
        return;
      }
      await this.beforeSubmit?.();
      await this.flush().catch(() => null);
      const result = await api.submitTest({
        TestSessionID: settled.TestSessionID,
        TaskID: this.deps.taskID,
        analyticsID: this.deps.analyticsID,
        isPartialSubmit: false,
        data: this.queue?.pending() ?? [],
      });
      this.shouldSubmitOnReconnect = false;
      this.finish(result);
    } catch (error) {
      const isNetwork = error instanceof ApiError && error.isNetwork;
      // The deadline still holds on the server (its sweeper submits); try again once online.
      if (isNetwork && reason !== 'student') this.shouldSubmitOnReconnect = true;
      this.update({
        phase: 'ready',
        dialog: isNetwork ? { kind: 'noInternet' } : { kind: 'oops', message: error instanceof ApiError ? error.message : null },
      });
    }
  }

  private finish(result: TestResult): void {
    this.queue?.clear();
    this.deps.storage.removeItem(this.stateKey);
    this.update({ phase: 'finished', dialog: { kind: 'result', result } });
    if (!result.isBeingScored) return;
    const { api, analyticsID, timers, random = Math.random } = this.deps;
    void pollScore({ accepted: result, api, analyticsID, timers, random, isStopped: () => this.isDisposed }).then((scored) => {
      if (scored && !this.isDisposed) this.update({ dialog: { kind: 'result', result: scored } });
    });
  }

  // ---------- actions ----------

  private async reveal(mapId: number): Promise<void> {
    const current = this.snapshot.state;
    if (!current) return;
    this.update({ isRevealing: true });
    try {
      // The answer must be on the server before the key locks it.
      await this.flush();
      const key = await this.deps.api.revealAnswer({ TestSessionID: current.TestSessionID, questionTaskMapID: mapId });
      this.commit(machine.applyReveal(this.snapshot.state!, key));
    } catch (error) {
      this.deps.notify.apiError(error, 'noInternet');
    } finally {
      this.update({ isRevealing: false });
    }
  }

  private handleTransition(transition: machine.Transition): void {
    this.commit(transition.state);
    const { outcome } = transition;
    if (outcome.kind === 'message') this.deps.notify.error(this.deps.t(outcome.key));
    else if (outcome.kind === 'confirmSectionEnd') this.update({ dialog: { kind: 'sectionEnd', autoConfirm: outcome.autoConfirm } });
    else if (outcome.kind === 'reveal') void this.reveal(outcome.mapId);
    else if (outcome.kind === 'submit') void this.submit('auto');
  }

  /** One object for the player's lifetime, so that memoised parts of the screen keep their props. */
  private createActions(): PlayerActions {
    const { api, now } = this.deps;
    const withState = (run: (state: PlayerState) => void) => () => {
      if (this.snapshot.state) run(this.snapshot.state);
    };
    return {
      next: withState((state) => this.handleTransition(machine.next(state, now()))),
      previous: withState((state) => this.handleTransition(machine.previous(state))),
      goToQuestion: (index) => this.snapshot.state && this.handleTransition(machine.goToQuestion(this.snapshot.state, index)),
      switchSection: (index) => this.snapshot.state && this.handleTransition(machine.switchSection(this.snapshot.state, index, now())),
      answer: (answerID, answerData) => this.snapshot.state && this.enqueue(machine.answer(this.snapshot.state, answerID, answerData)),
      clear: withState((state) => this.enqueue(machine.clearAnswer(state))),
      toggleMark: withState((state) => this.enqueue(machine.toggleMark(state))),
      toggleHint: withState((state) => this.commit(machine.toggleHint(state))),
      setQuestionLanguage: (language) => {
        if (!this.snapshot.state) return;
        this.commit(machine.setQuestionLanguage(this.snapshot.state, language));
        void this.saveSessionDetails().catch(ignore);
      },
      confirmSectionEnd: () => {
        const current = this.snapshot.state;
        this.update({ dialog: null });
        if (!current) return;
        const finishedSection = activeSectionOf(current);
        this.handleTransition(machine.confirmSectionEnd(current, now()));
        if (finishedSection.sectionWiseTimer) {
          void api
            .completeSection({ TestSessionID: current.TestSessionID, sectionIndex: finishedSection.sectionIndex })
            .then((check) => this.snapshot.state && this.commit(machine.refreshTimes(this.snapshot.state, check, now())))
            .catch(ignore);
        }
      },
      continueAfterSectionTimeout: (sectionIndex) => {
        this.update({ dialog: null });
        if (!this.snapshot.state) return;
        this.handleTransition(machine.continueAfterSectionTimeout(this.snapshot.state, sectionIndex, now()));
        void this.refreshFromServer();
      },
      openSubmitConfirm: () => this.update({ dialog: { kind: 'submitConfirm' } }),
      closeDialog: () => this.update({ dialog: null }),
      submit: (reason) => this.submit(reason),
      startAway: withState((state) => this.commit(machine.startInactive(state, now()))),
      endAway: () => {
        if (!this.snapshot.state) return 0;
        const next = machine.endInactive(this.snapshot.state, now());
        this.commit(next);
        void this.saveSessionDetails().catch(ignore);
        return next.tabChangeWarnings;
      },
      setBeforeSubmit: (handler) => {
        this.beforeSubmit = handler;
      },
    };
  }
}

export function createPlayerController(deps: PlayerControllerDeps): PlayerController {
  return new PlayerController(deps);
}

function readJson(store: QueueStore, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
