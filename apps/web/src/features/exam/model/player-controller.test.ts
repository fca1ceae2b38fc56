import { EXAM_CLOCK_SYNC_MS, LOCAL_STATE_SAVE_MS, type ActiveTestSession, type CheckSessionResult, type ExamSession, type PracticeAnswer, type TestResult } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { makeSection, makeSession } from '../../../test/exam-factories';
import { answerQueueKey } from './answer-queue';
import { createPlayerController, POSITION_SAVE_DELAY_MS, type PlayerApi, type PlayerController, type PlayerControllerDeps } from './player-controller';
import { createPlayerState, remainingSeconds } from './player-machine';
import { activeQuestionOf, playerStateKey } from './player-state';
import { SCORE_POLL_MS } from './score-poll';

const T0 = Date.UTC(2026, 0, 1);
const STATE_KEY = playerStateKey(7, 3);
const QUEUE_KEY = answerQueueKey('attempt-1');

function makeResult(overrides: Partial<TestResult> = {}): TestResult {
  return {
    ScoreVisible: true,
    TaskName: 'Mock test',
    scored: 12,
    total: 20,
    courseID: 3,
    taskID: 7,
    analyticsID: null,
    attemptId: 'attempt-1',
    pendingEvaluation: false,
    submittedAt: '2026-01-01T00:30:00.000Z',
    submitReason: 'student',
    ...overrides,
  };
}

function makeCheck(overrides: Partial<CheckSessionResult> = {}): CheckSessionResult {
  return { TestSessionID: 'attempt-1', isValid: true, RemainingTime: 3600, Section: [], CurrentDate: '2026-01-01T00:00:00.000Z', testResult: null, ...overrides };
}

function makeKey(mapId: number): PracticeAnswer {
  return { questionTaskMapID: mapId, questionID: mapId - 1000, questionType: 'singleChoice', correctAnswerID: 11, correctAnswerData: null, explanation: null, solution: null, isCorrect: true, marksAwarded: 4 };
}

const networkError = () => new ApiError('Network', 'NETWORK', 0);

/** The exam API as the controller sees it: an open attempt that saves and scores every call. */
function fakeApi(session: ExamSession = makeSession()) {
  return {
    isAnyActiveTestSession: vi.fn(async (): Promise<ActiveTestSession> => ({ TestSessionID: null, TaskID: null, CourseID: null, TaskName: null, type: null, RemainingTime: null })),
    checkSession: vi.fn(async (_body: Parameters<PlayerApi['checkSession']>[0]) => makeCheck()),
    getSessionDetails: vi.fn(async (_body: Parameters<PlayerApi['getSessionDetails']>[0]) => session),
    practise: vi.fn(async (_body: Parameters<PlayerApi['practise']>[0]) => session),
    saveSessionDetails: vi.fn(async (_body: Parameters<PlayerApi['saveSessionDetails']>[0]) => ({ TestSessionID: 'attempt-1', tabChangeWarnings: 0, testResult: null })),
    completeSection: vi.fn(async (_body: Parameters<PlayerApi['completeSection']>[0]) => makeCheck()),
    saveAnswer: vi.fn(async (body: Parameters<PlayerApi['saveAnswer']>[0]) => ({
      TestSessionID: 'attempt-1',
      RemainingTime: 3000,
      saved: body.data.map((item) => ({ questionTaskMapID: Number(item.questionTaskMapID), seq: Number(item.seq), applied: true })),
    })),
    submitTest: vi.fn(async (_body: Parameters<PlayerApi['submitTest']>[0]) => makeResult()),
    revealAnswer: vi.fn(async (body: Parameters<PlayerApi['revealAnswer']>[0]) => makeKey(Number(body.questionTaskMapID))),
  } satisfies PlayerApi;
}

function memoryStore(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const fakeTimers = {
  setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
  clearInterval: (id: unknown) => clearInterval(id as ReturnType<typeof setInterval>),
  setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

async function setup({ api = fakeApi(), storage = memoryStore(), ...overrides }: Partial<PlayerControllerDeps> & { api?: ReturnType<typeof fakeApi>; storage?: ReturnType<typeof memoryStore> } = {}) {
  const notify = { error: vi.fn(), apiError: vi.fn() };
  const controller = createPlayerController({
    type: 'test',
    courseID: 3,
    taskID: 7,
    analyticsID: 'a-1',
    api,
    storage,
    now: () => Date.now(),
    timers: fakeTimers,
    notify,
    t: (key) => `text:${key}`,
    random: () => 0.5,
    ...overrides,
  });
  controllers.push(controller);
  controller.start();
  await settle();
  const snapshot = () => controller.getSnapshot();
  const state = () => controller.getSnapshot().state!;
  return { controller, api, storage, notify, snapshot, state };
}

const controllers: PlayerController[] = [];

/** Lets the pending promises (and the microtasks after them) run, without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  controllers.splice(0).forEach((controller) => controller.dispose());
  vi.useRealTimers();
});

describe('session start', () => {
  it('starts a new attempt from practise when no graded attempt is open', async () => {
    const { api, snapshot, state } = await setup();
    expect(api.isAnyActiveTestSession).toHaveBeenCalledTimes(1);
    expect(api.practise).toHaveBeenCalledWith({ taskID: 7, courseID: 3, languageID: 1 });
    expect(snapshot().phase).toBe('ready');
    expect(state().TestSessionID).toBe('attempt-1');
    expect(remainingSeconds(state(), Date.now())).toBe(3600);
  });

  it('does not ask for an open graded attempt in practice', async () => {
    const api = fakeApi(makeSession({ type: 'practice' }));
    await setup({ api, type: 'practice' });
    expect(api.isAnyActiveTestSession).not.toHaveBeenCalled();
    expect(api.practise).toHaveBeenCalledTimes(1);
  });

  it('resumes the open attempt with the stored state and replays the answers still queued', async () => {
    const session = makeSession();
    const stored = { ...createPlayerState(session, T0 - 60_000), activeQuestion: 2 };
    const queued = { item: { questionTaskMapID: 1002, questionType: 'singleChoice' as const, answerID: 21, answerData: null, timeSpent: 4, seq: 1, isMarked: false }, queuedAt: T0 - 1000 };
    const storage = memoryStore({ [STATE_KEY]: JSON.stringify(stored), [QUEUE_KEY]: JSON.stringify([queued]) });
    const api = fakeApi(session);
    api.isAnyActiveTestSession.mockResolvedValue({ TestSessionID: 'attempt-1', TaskID: 7, CourseID: 3, TaskName: 'Mock test', type: 'test', RemainingTime: 1800 });
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 1800 }));
    api.getSessionDetails.mockResolvedValue({ ...session, RemainingTime: 1800 });
    const { state } = await setup({ api, storage });
    expect(api.practise).not.toHaveBeenCalled();
    expect(api.getSessionDetails).toHaveBeenCalledWith({ TestSessionID: 'attempt-1', taskID: 7 });
    expect(state().activeQuestion).toBe(2);
    // The server's time, as its last answer (the replayed save's) gave it.
    expect(remainingSeconds(state(), Date.now())).toBe(3000);
    // The queued answer was put back on the state and sent at once (the attempt opened online).
    expect(api.saveAnswer).toHaveBeenCalledWith(expect.objectContaining({ data: [queued.item], TestSessionID: 'attempt-1', courseID: 3 }));
    expect(state().sections[0]!.questions[1]!).toMatchObject({ answerID: 21, confirmedSeq: 1 });
    expect(storage.items.has(QUEUE_KEY)).toBe(false);
  });

  it('shows the result when the open attempt was already submitted', async () => {
    const api = fakeApi();
    api.isAnyActiveTestSession.mockResolvedValue({ TestSessionID: 'attempt-1', TaskID: 7, CourseID: 3, TaskName: 'Mock test', type: 'test', RemainingTime: 0 });
    api.checkSession.mockResolvedValue(makeCheck({ isValid: false, testResult: makeResult({ submitReason: 'timeout' }) }));
    const { snapshot } = await setup({ api });
    expect(api.practise).not.toHaveBeenCalled();
    expect(snapshot().phase).toBe('finished');
    expect(snapshot().dialog).toEqual({ kind: 'result', result: makeResult({ submitReason: 'timeout' }) });
  });

  it('shows the server’s message when the attempt cannot start, and none for a network failure', async () => {
    const api = fakeApi();
    api.practise.mockRejectedValueOnce(new ApiError('The test is closed', 'EXAM_CLOSED', 403));
    const closed = await setup({ api });
    expect(closed.snapshot()).toMatchObject({ phase: 'error', loadError: 'The test is closed', dialog: { kind: 'oops', message: 'The test is closed' } });

    api.practise.mockRejectedValueOnce(networkError());
    const offline = await setup({ api });
    expect(offline.snapshot()).toMatchObject({ phase: 'error', loadError: 'Network', dialog: { kind: 'oops', message: null } });
  });

  it('refuses an attempt without sections', async () => {
    const { snapshot } = await setup({ api: fakeApi(makeSession({ section: [] })) });
    expect(snapshot()).toMatchObject({ phase: 'error', loadError: 'text:somethingWentWrong', dialog: { kind: 'oops', message: 'text:somethingWentWrong' } });
  });

  it('drops a start that a dispose overtook (the screen left, or mounted twice)', async () => {
    const api = fakeApi();
    let release: (session: ExamSession) => void = () => undefined;
    api.practise.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const { controller, snapshot } = await setup({ api });
    controller.dispose();
    controller.start();
    await settle();
    expect(snapshot().phase).toBe('ready');
    const listener = vi.fn();
    controller.subscribe(listener);
    release(makeSession({ TestSessionID: 'stale' }));
    await settle();
    expect(snapshot().state!.TestSessionID).toBe('attempt-1');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('keeps a failed answer in the queue and replays it a few seconds later', async () => {
    const { controller, api, storage, snapshot, state } = await setup();
    api.saveAnswer.mockRejectedValueOnce(networkError());
    controller.actions.answer(11, null);
    await settle();
    expect(snapshot()).toMatchObject({ unconfirmed: 1, hasSaveFailed: true });
    expect(JSON.parse(storage.items.get(QUEUE_KEY)!)).toHaveLength(1);
    expect(activeQuestionOf(state())).toMatchObject({ answerID: 11, seq: 1, confirmedSeq: 0 });

    await vi.advanceTimersByTimeAsync(3_000);
    expect(api.saveAnswer).toHaveBeenCalledTimes(2);
    expect(snapshot()).toMatchObject({ unconfirmed: 0, hasSaveFailed: false });
    expect(activeQuestionOf(state())).toMatchObject({ answerID: 11, confirmedSeq: 1 });
    expect(storage.items.has(QUEUE_KEY)).toBe(false);
    // The save's RemainingTime moves the deadline (the server owns it).
    expect(remainingSeconds(state(), Date.now())).toBe(3000);
  });

  it('replays the queue when the browser comes back online', async () => {
    const { controller, api, snapshot } = await setup();
    controller.setOnline(false);
    api.saveAnswer.mockRejectedValueOnce(networkError());
    controller.actions.answer(11, null);
    await settle();
    expect(snapshot().unconfirmed).toBe(1);
    controller.setOnline(true);
    await settle();
    expect(api.saveAnswer).toHaveBeenCalledTimes(2);
    expect(snapshot().unconfirmed).toBe(0);
  });

  it('shows the server’s message for a rejected answer and drops it', async () => {
    const { controller, api, notify, snapshot } = await setup();
    api.saveAnswer.mockRejectedValueOnce(new ApiError('That option is not in the question', 'VALIDATION', 400));
    controller.actions.answer(99, null);
    await settle();
    expect(notify.error).toHaveBeenCalledWith('That option is not in the question');
    expect(snapshot()).toMatchObject({ unconfirmed: 0, phase: 'ready' });
  });

  it('closes the attempt when a save finds it submitted', async () => {
    const { controller, api, snapshot } = await setup();
    api.saveAnswer.mockRejectedValueOnce(new ApiError('Already submitted', 'EXAM_ALREADY_SUBMITTED', 409));
    api.checkSession.mockResolvedValueOnce(makeCheck({ isValid: false, testResult: makeResult({ submitReason: 'timeout' }) }));
    controller.actions.answer(11, null);
    await settle();
    expect(snapshot()).toMatchObject({ phase: 'finished', dialog: { kind: 'result' } });
  });
});

describe('saving the place in the attempt', () => {
  it('keeps the state in browser storage every 1.5 s', async () => {
    const { controller, storage } = await setup();
    expect(storage.items.has(STATE_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(LOCAL_STATE_SAVE_MS);
    expect(JSON.parse(storage.items.get(STATE_KEY)!)).toMatchObject({ TestSessionID: 'attempt-1', activeQuestion: 0 });
    controller.actions.goToQuestion(2);
    await vi.advanceTimersByTimeAsync(LOCAL_STATE_SAVE_MS);
    expect(JSON.parse(storage.items.get(STATE_KEY)!)).toMatchObject({ activeQuestion: 2 });
  });

  it('keeps the state at once when asked (the page hidden or left) and when the screen is left', async () => {
    const { controller, storage } = await setup();
    controller.actions.goToQuestion(2);
    controller.keepState();
    expect(JSON.parse(storage.items.get(STATE_KEY)!)).toMatchObject({ TestSessionID: 'attempt-1', activeQuestion: 2 });
    controller.actions.goToQuestion(1);
    controller.dispose();
    expect(JSON.parse(storage.items.get(STATE_KEY)!)).toMatchObject({ activeQuestion: 1 });
  });

  it('sends the place to the server once a move has settled', async () => {
    const { controller, api } = await setup();
    await vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS);
    api.saveSessionDetails.mockClear();
    controller.actions.goToQuestion(1);
    await vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS - 1000);
    controller.actions.goToQuestion(2);
    await vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS - 1);
    expect(api.saveSessionDetails).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.saveSessionDetails).toHaveBeenCalledTimes(1);
    expect(api.saveSessionDetails.mock.calls[0]![0]).toMatchObject({ TestSessionID: 'attempt-1', localState: { activeSection: 0, activeQuestion: 2 } });
  });

  it('autosaves on the task’s partial-submit interval', async () => {
    const { api } = await setup({ api: fakeApi(makeSession({ partialSubmit: 2 })) });
    await vi.advanceTimersByTimeAsync(POSITION_SAVE_DELAY_MS);
    api.saveSessionDetails.mockClear();
    await vi.advanceTimersByTimeAsync(2 * 60_000 - POSITION_SAVE_DELAY_MS);
    expect(api.saveSessionDetails).toHaveBeenCalledTimes(1);
  });

  it('stops its clocks when disposed', async () => {
    const { controller, api, storage } = await setup();
    controller.dispose();
    // Disposing keeps the state once; no clock writes it again.
    storage.items.delete(STATE_KEY);
    await vi.advanceTimersByTimeAsync(EXAM_CLOCK_SYNC_MS * 2);
    expect(storage.items.has(STATE_KEY)).toBe(false);
    expect(api.checkSession).not.toHaveBeenCalled();
    expect(api.saveSessionDetails).not.toHaveBeenCalled();
  });
});

describe('the clock', () => {
  it('follows the server’s remaining time in a graded test', async () => {
    const { api, state } = await setup();
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 4200 }));
    await vi.advanceTimersByTimeAsync(EXAM_CLOCK_SYNC_MS);
    expect(api.checkSession).toHaveBeenCalledWith({ TestSessionID: 'attempt-1' });
    expect(remainingSeconds(state(), Date.now())).toBe(4200);
  });

  it('does not ask the server for the time in practice', async () => {
    const { api } = await setup({ api: fakeApi(makeSession({ type: 'practice' })), type: 'practice' });
    await vi.advanceTimersByTimeAsync(EXAM_CLOCK_SYNC_MS);
    expect(api.checkSession).not.toHaveBeenCalled();
  });

  it('counts the seconds on the question and moves `now` each tick', async () => {
    const { snapshot, state } = await setup();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(state().questionTimer).toBe(3);
    expect(snapshot().now).toBe(T0 + 3_000);
  });

  it('submits by itself when the time is up', async () => {
    const api = fakeApi(makeSession({ RemainingTime: 2 }));
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 0 }));
    const { snapshot } = await setup({ api });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(snapshot().phase).toBe('finished');
  });

  it('goes on when the server gave more time than the local clock shows', async () => {
    const api = fakeApi(makeSession({ RemainingTime: 2 }));
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 600 }));
    const { snapshot, state } = await setup({ api });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.submitTest).not.toHaveBeenCalled();
    expect(snapshot().phase).toBe('ready');
    expect(remainingSeconds(state(), Date.now())).toBe(600);
  });
});

describe('timed sections', () => {
  const timed = (remaining: number) =>
    makeSession({
      sectionWiseTimer: true,
      section: [
        makeSection(0, [1, 2], { sectionWiseTimer: true, sectionDuration: 600, sectionTimeRemaining: remaining }),
        makeSection(1, [3], { sectionWiseTimer: true, sectionDuration: 600, sectionTimeRemaining: 600, isActiveSection: false }),
      ],
    });

  it('warns once a minute before the section’s end', async () => {
    const { controller, snapshot } = await setup({ api: fakeApi(timed(62)) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(snapshot().dialog).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(snapshot().dialog).toEqual({ kind: 'sectionWarning', secondsLeft: 60 });
    controller.actions.closeDialog();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(snapshot().dialog).toBeNull();
  });

  it('opens the timeout dialog once, and continuing opens the next section', async () => {
    const { controller, api, snapshot, state } = await setup({ api: fakeApi(timed(2)) });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(snapshot().dialog).toEqual({ kind: 'sectionTimeout', sectionIndex: 0 });
    controller.actions.closeDialog();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(snapshot().dialog).toBeNull();

    controller.actions.continueAfterSectionTimeout(0);
    await settle();
    expect(state().activeSection).toBe(1);
    expect(state().sections[0]!.isSectionCompleted).toBe(true);
    expect(api.checkSession).toHaveBeenCalled();
  });

  it('submits when the last timed section runs out', async () => {
    const session = makeSession({ sectionWiseTimer: true, section: [makeSection(0, [1], { sectionWiseTimer: true, sectionDuration: 600, sectionTimeRemaining: 1 })] });
    const api = fakeApi(session);
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 0 }));
    const { controller, snapshot } = await setup({ api });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(snapshot().dialog).toEqual({ kind: 'sectionTimeout', sectionIndex: 0 });
    controller.actions.continueAfterSectionTimeout(0);
    await settle();
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(snapshot().phase).toBe('finished');
  });
});

describe('submit', () => {
  it('sends the attempt with what is still queued and shows the score', async () => {
    const { controller, api, storage, snapshot } = await setup();
    api.saveAnswer.mockRejectedValue(networkError());
    controller.actions.answer(11, null);
    await vi.advanceTimersByTimeAsync(LOCAL_STATE_SAVE_MS);
    expect(storage.items.has(STATE_KEY)).toBe(true);
    const beforeSubmit = vi.fn();
    controller.actions.setBeforeSubmit(beforeSubmit);

    const submitted = controller.actions.submit('student');
    expect(snapshot().phase).toBe('submitting');
    await submitted;
    expect(beforeSubmit).toHaveBeenCalledTimes(1);
    expect(api.submitTest).toHaveBeenCalledWith({
      TestSessionID: 'attempt-1',
      TaskID: 7,
      analyticsID: 'a-1',
      isPartialSubmit: false,
      data: [expect.objectContaining({ questionTaskMapID: 1001, answerID: 11 })],
    });
    expect(snapshot()).toMatchObject({ phase: 'finished', dialog: { kind: 'result', result: makeResult() } });
    expect(storage.items.has(STATE_KEY)).toBe(false);
    expect(storage.items.has(QUEUE_KEY)).toBe(false);
  });

  it('asks again for the score of a submit accepted while the server scores others', async () => {
    const { controller, api, snapshot } = await setup();
    api.submitTest
      .mockResolvedValueOnce(makeResult({ isBeingScored: true, scored: null }))
      .mockResolvedValueOnce(makeResult({ isBeingScored: true, scored: null }))
      .mockResolvedValueOnce(makeResult({ scored: 15 }));
    await controller.actions.submit('student');
    expect(snapshot().dialog).toMatchObject({ kind: 'result', result: { isBeingScored: true } });
    await vi.advanceTimersByTimeAsync(SCORE_POLL_MS);
    expect(api.submitTest).toHaveBeenCalledTimes(2);
    expect(api.submitTest.mock.calls[1]![0]).toEqual({ TestSessionID: 'attempt-1', TaskID: 7, analyticsID: 'a-1', isPartialSubmit: false });
    expect(snapshot().dialog).toMatchObject({ result: { isBeingScored: true } });
    await vi.advanceTimersByTimeAsync(SCORE_POLL_MS);
    expect(snapshot().dialog).toEqual({ kind: 'result', result: makeResult({ scored: 15 }) });
  });

  it('shows the server’s message for a failed submit, and a second try goes through', async () => {
    const { controller, api, snapshot } = await setup();
    api.submitTest.mockRejectedValueOnce(new ApiError('Server busy', 'INTERNAL', 500));
    await controller.actions.submit('student');
    expect(snapshot()).toMatchObject({ phase: 'ready', dialog: { kind: 'oops', message: 'Server busy' } });
    controller.actions.closeDialog();
    await controller.actions.submit('student');
    expect(api.submitTest).toHaveBeenCalledTimes(2);
    expect(snapshot().phase).toBe('finished');
  });

  it('says there is no internet when the student’s submit cannot reach the server, and waits for the student', async () => {
    const { controller, api, snapshot } = await setup();
    controller.setOnline(false);
    api.checkSession.mockRejectedValueOnce(networkError());
    await controller.actions.submit('student');
    expect(snapshot()).toMatchObject({ phase: 'ready', dialog: { kind: 'noInternet' } });
    controller.setOnline(true);
    await settle();
    expect(api.submitTest).not.toHaveBeenCalled();
  });

  it('sends an automatic submit that failed offline once the browser is back online', async () => {
    const { controller, api, snapshot } = await setup();
    controller.setOnline(false);
    api.checkSession.mockRejectedValueOnce(networkError());
    api.checkSession.mockResolvedValue(makeCheck({ RemainingTime: 0 }));
    await controller.actions.submit('silent');
    await settle();
    expect(snapshot().dialog).toEqual({ kind: 'noInternet' });
    expect(api.submitTest).not.toHaveBeenCalled();
    controller.setOnline(true);
    await settle();
    expect(api.submitTest).toHaveBeenCalledTimes(1);
    expect(snapshot().phase).toBe('finished');
  });

  it('does not send a second submit while one is under way', async () => {
    const { controller, api } = await setup();
    const first = controller.actions.submit('student');
    const second = controller.actions.submit('student');
    await Promise.all([first, second]);
    expect(api.checkSession).toHaveBeenCalledTimes(1);
    expect(api.submitTest).toHaveBeenCalledTimes(1);
  });

  it('shows the result the server already has instead of submitting again', async () => {
    const { controller, api, snapshot } = await setup();
    api.checkSession.mockResolvedValueOnce(makeCheck({ isValid: false, testResult: makeResult({ submitReason: 'staff' }) }));
    await controller.actions.submit('student');
    expect(api.submitTest).not.toHaveBeenCalled();
    expect(snapshot().dialog).toEqual({ kind: 'result', result: makeResult({ submitReason: 'staff' }) });
  });
});

describe('navigation and practice', () => {
  it('asks before finishing a section when sections cannot be revisited', async () => {
    const { controller, snapshot, state } = await setup();
    controller.actions.goToQuestion(2);
    controller.actions.next();
    expect(snapshot().dialog).toEqual({ kind: 'sectionEnd', autoConfirm: true });
    controller.actions.confirmSectionEnd();
    expect(snapshot().dialog).toBeNull();
    expect(state().activeSection).toBe(1);
  });

  it('says so on the last question', async () => {
    const { controller, notify } = await setup({ api: fakeApi(makeSession({ section: [makeSection(0, [1])] })) });
    controller.actions.next();
    expect(notify.error).toHaveBeenCalledWith('text:lastQuestion');
  });

  it('fetches the practice key on the first Next, after the answer is saved', async () => {
    const api = fakeApi(makeSession({ type: 'practice' }));
    const { controller, snapshot, state } = await setup({ api, type: 'practice' });
    api.saveAnswer.mockRejectedValueOnce(networkError());
    controller.actions.answer(11, null);
    await settle();
    controller.actions.next();
    expect(snapshot().isRevealing).toBe(true);
    await settle();
    expect(api.saveAnswer).toHaveBeenCalledTimes(2);
    expect(api.revealAnswer).toHaveBeenCalledWith({ TestSessionID: 'attempt-1', questionTaskMapID: 1001 });
    expect(snapshot().isRevealing).toBe(false);
    expect(activeQuestionOf(state()).isShowAnswer).toBe(true);
    expect(state().revealed[1001]).toEqual(makeKey(1001));
  });

  it('fetches once the key of a question revealed elsewhere', async () => {
    const session = makeSession({ type: 'practice' });
    session.section[0]!.question[0] = { ...session.section[0]!.question[0]!, isShowAnswer: true };
    const api = fakeApi(session);
    const { state } = await setup({ api, type: 'practice' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(api.revealAnswer).toHaveBeenCalledTimes(1);
    expect(state().revealed[1001]).toEqual(makeKey(1001));
  });

  it('counts the away periods and saves them', async () => {
    const { controller, api } = await setup();
    controller.actions.startAway();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(controller.actions.endAway()).toBe(1);
    expect(api.saveSessionDetails).toHaveBeenCalledWith(expect.objectContaining({ tabChangeWarnings: 1 }));
  });
});
