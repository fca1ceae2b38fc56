import type { Language, MessageKey, TestResult, TestType } from '@app/contracts';
import type { examApi } from '../api/exam-api';
import type { QueueStore } from './answer-queue';
import type { PlayerMessageKey } from './player-machine';
import type { AnswerData, AnswerId, PlayerState } from './player-state';
import type { SessionStartApi } from './session-start';

/** What the player controller needs from its surroundings, and what it gives the screen. */

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

export type PlayerApi = SessionStartApi & Pick<typeof examApi, 'saveSessionDetails' | 'completeSection' | 'saveAnswer' | 'submitTest' | 'revealAnswer'>;

/** Timer functions (the browser's, or a test's fake ones); ids are passed back as they came. */
export interface PlayerTimers {
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface PlayerNotify {
  error(text: string): void;
  /** A failed call, described per the error catalogue. */
  apiError(error: unknown, networkFallback?: MessageKey): void;
}

export interface PlayerControllerDeps {
  type: TestType;
  courseID: number;
  taskID: number;
  analyticsID: string | null;
  api: PlayerApi;
  /** Where the player state and the answer queue are kept (localStorage in the browser). */
  storage: QueueStore;
  now: () => number;
  timers: PlayerTimers;
  notify: PlayerNotify;
  t: (key: 'somethingWentWrong' | PlayerMessageKey) => string;
  random?: () => number;
}

/** What the screen shows; a new object on every change (for `useSyncExternalStore`). */
export interface PlayerSnapshot {
  phase: PlayerPhase;
  state: PlayerState | null;
  /** Local epoch ms of the last clock tick. */
  now: number;
  dialog: PlayerDialog | null;
  loadError: string | null;
  /** Answers in the durable queue that the server has not acknowledged. */
  unconfirmed: number;
  /** The last save failed and waits for a replay (the screen shows it as offline). */
  hasSaveFailed: boolean;
  isRevealing: boolean;
}

export interface PlayerActions {
  next(): void;
  previous(): void;
  goToQuestion(index: number): void;
  switchSection(index: number): void;
  answer(answerID: AnswerId, answerData: AnswerData): void;
  clear(): void;
  toggleMark(): void;
  toggleHint(): void;
  setQuestionLanguage(language: Language): void;
  confirmSectionEnd(): void;
  continueAfterSectionTimeout(sectionIndex: number): void;
  openSubmitConfirm(): void;
  closeDialog(): void;
  submit(reason: SubmitReason): Promise<void>;
  /** Proctoring: an away period starts (window blur). */
  startAway(): void;
  /** Proctoring: the student is back; returns the number of away periods so far. */
  endAway(): number;
  /** Proctoring registers work to do before the final submit (stop the camera). */
  setBeforeSubmit(handler: (() => void | Promise<void>) | null): void;
}
