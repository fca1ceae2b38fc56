import {
  SECTION_END_WARNING_MINUTES,
  type CheckSessionResult,
  type ExamSession,
  type Language,
  type PracticeAnswer,
  type SaveAnswerItem,
  type SessionQuestion,
} from '@app/contracts';
import { deadlineFromRemaining, secondsUntil } from './countdown';
import {
  PLAYER_STATE_VERSION,
  activeQuestionOf,
  activeSectionOf,
  isAnswered,
  type AnswerData,
  type AnswerId,
  type PlayerQuestion,
  type PlayerSection,
  type PlayerState,
} from './player-state';

/**
 * The player's rules (spec 001 §4) as pure functions: each takes the state and "now" (local epoch
 * ms) and returns a new state plus what the screen must do (show a message, open a dialog, fetch a
 * practice key, submit). Nothing here reads a clock or touches the network.
 */

export type PlayerMessageKey = 'firstQuestion' | 'lastQuestion' | 'provideAnswer';

export type NavOutcome =
  | { kind: 'moved' }
  | { kind: 'none' }
  | { kind: 'message'; key: PlayerMessageKey }
  /** Last question of a section: ask before finishing it; autoConfirm after 10 s (spec 001 §4). */
  | { kind: 'confirmSectionEnd'; autoConfirm: boolean }
  /** Practice: the first Next shows the answer (the screen fetches the key, then applyReveal). */
  | { kind: 'reveal'; mapId: number }
  /** No section left to go to (a timed last section ran out): submit. */
  | { kind: 'submit' };

export interface Transition {
  state: PlayerState;
  outcome: NavOutcome;
}

export const SECTION_WARNING_SECONDS = SECTION_END_WARNING_MINUTES * 60;

// ---------- building the state ----------

/** A small deterministic generator so a shuffle is the same after a reload of the same attempt. */
function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i += 1) seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], seedText: string): T[] {
  const random = seededRandom(seedText);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function toPlayerQuestion({ allowsPartialCredit: _scoringOnly, ...question }: SessionQuestion): PlayerQuestion {
  // The server's saved answer is the confirmed one.
  const isSeen = question.timeSpent > 0 || isAnswered(question) || question.isMarked;
  return { ...question, isShowHint: false, confirmedSeq: question.seq, isVisited: isSeen };
}

/**
 * Practice load (spec 001 §4): the flagged (else first open) section and its first question
 * become active, questions start hidden, shuffled within their section when the task says so.
 */
export function createPlayerState(session: ExamSession, now: number): PlayerState {
  const flagged = session.section.findIndex((section) => section.isActiveSection && !section.isSectionCompleted);
  const open = session.section.findIndex((section) => !section.isSectionCompleted);
  const activeSection = Math.max(0, flagged >= 0 ? flagged : open);
  const sections: PlayerSection[] = session.section.map((section, s) => {
    const questions = section.question.map(toPlayerQuestion);
    // A timed section's clock runs only once it is active; later sections start when reached.
    const isRunning = s === activeSection || section.isSectionCompleted;
    return {
      sectionIndex: section.sectionIndex,
      sectionName: section.sectionName,
      sectionDuration: section.sectionDuration,
      sectionWiseTimer: section.sectionWiseTimer,
      isSectionCompleted: section.isSectionCompleted,
      deadlineAt:
        section.sectionWiseTimer && section.sectionDuration > 0 && isRunning
          ? deadlineFromRemaining(section.sectionTimeRemaining ?? section.sectionDuration, now)
          : null,
      isWarned: false,
      questions: session.shuffle ? shuffled(questions, `${session.TestSessionID}:${section.sectionIndex}`) : questions,
    };
  });
  const state: PlayerState = {
    version: PLAYER_STATE_VERSION,
    TestSessionID: session.TestSessionID,
    settings: {
      taskID: session.taskID,
      courseID: session.courseID,
      TaskName: session.TaskName,
      type: session.type,
      QuestionDisplayType: session.QuestionDisplayType,
      shuffle: session.shuffle,
      sectionWiseTimer: session.sectionWiseTimer,
      questionSwitch: session.questionSwitch,
      mandatory: session.mandatory,
      IsSectionNavigationAllowed: session.IsSectionNavigationAllowed,
      IsEditorAllowed: session.IsEditorAllowed,
      IsCameraAllowed: session.IsCameraAllowed,
      IsTabAlertAllowed: session.IsTabAlertAllowed,
      Warnings: session.Warnings,
      ScoreVisible: session.ScoreVisible,
      englishAuthoritative: session.englishAuthoritative,
      partialSubmit: session.partialSubmit,
      totalDuration: session.totalDuration,
    },
    sections,
    activeSection,
    activeQuestion: 0,
    deadlineAt: deadlineFromRemaining(session.RemainingTime, now),
    startedAt: now - session.timeSpent * 1000,
    questionTimer: 0,
    inActive: [],
    tabChangeWarnings: session.tabChangeWarnings,
    revealed: {},
  };
  return visit(state, activeSection, 0);
}

/** Does a stored state belong to this attempt (session start, step 3)? */
export function isReusableState(stored: unknown, TestSessionID: string): stored is PlayerState {
  if (!stored || typeof stored !== 'object') return false;
  const candidate = stored as Partial<PlayerState>;
  return (
    candidate.version === PLAYER_STATE_VERSION &&
    candidate.TestSessionID === TestSessionID &&
    Array.isArray(candidate.sections) &&
    candidate.sections.length > 0
  );
}

/**
 * Session start, step 3: reuse the stored state with the server's times. Per-section timers are
 * refreshed when section-wise timing is on; the active section stays the stored one unless it is
 * now complete, else the one the server flags active.
 */
export function refreshTimes(
  state: PlayerState,
  check: Pick<CheckSessionResult, 'RemainingTime' | 'Section'>,
  now: number,
): PlayerState {
  const sections = state.sections.map((section) => {
    const server = check.Section.find((item) => item.sectionIndex === section.sectionIndex);
    if (!server) return section;
    const isSectionCompleted = section.isSectionCompleted || server.isSectionCompleted;
    const isRunning = section.deadlineAt !== null || server.active || isSectionCompleted;
    const deadlineAt =
      section.sectionWiseTimer && server.RemainingTime !== null && isRunning
        ? deadlineFromRemaining(isSectionCompleted ? 0 : server.RemainingTime, now)
        : section.deadlineAt;
    return { ...section, isSectionCompleted, deadlineAt };
  });
  let activeSection = state.activeSection;
  if (sections[activeSection]?.isSectionCompleted) {
    const flagged = check.Section.find((item) => item.active && !item.isSectionCompleted);
    const flaggedIndex = flagged ? sections.findIndex((section) => section.sectionIndex === flagged.sectionIndex) : -1;
    const open = sections.findIndex((section) => !section.isSectionCompleted);
    activeSection = flaggedIndex >= 0 ? flaggedIndex : Math.max(0, open);
  }
  const activeQuestion = activeSection === state.activeSection ? state.activeQuestion : 0;
  return { ...state, sections, activeSection, activeQuestion, deadlineAt: deadlineFromRemaining(check.RemainingTime, now) };
}

/** The server answered with a fresh RemainingTime (saveAnswer): follow it. */
export function syncRemaining(state: PlayerState, remainingSeconds: number, now: number): PlayerState {
  return { ...state, deadlineAt: deadlineFromRemaining(remainingSeconds, now) };
}

// ---------- small helpers ----------

function updateQuestion(
  state: PlayerState,
  sectionIndex: number,
  questionIndex: number,
  change: (question: PlayerQuestion) => PlayerQuestion,
): PlayerState {
  const sections = state.sections.map((section, s) =>
    s !== sectionIndex ? section : { ...section, questions: section.questions.map((q, i) => (i === questionIndex ? change(q) : q)) },
  );
  return { ...state, sections };
}

/** Adds the running question timer to the active question (on answering or leaving it). */
function flushQuestionTime(state: PlayerState): PlayerState {
  if (state.questionTimer === 0) return state;
  const next = updateQuestion(state, state.activeSection, state.activeQuestion, (q) => ({ ...q, timeSpent: q.timeSpent + state.questionTimer }));
  return { ...next, questionTimer: 0 };
}

/** Notes that the question is on screen (the palette's "not visited" ends). */
function visit(state: PlayerState, sectionIndex: number, questionIndex: number): PlayerState {
  if (state.sections[sectionIndex]?.questions[questionIndex]?.isVisited) return state;
  return updateQuestion(state, sectionIndex, questionIndex, (q) => ({ ...q, isVisited: true }));
}

function moveTo(state: PlayerState, sectionIndex: number, questionIndex: number): PlayerState {
  const flushed = flushQuestionTime(state);
  return visit({ ...flushed, activeSection: sectionIndex, activeQuestion: questionIndex }, sectionIndex, questionIndex);
}

function isPractice(state: PlayerState): boolean {
  return state.settings.type === 'practice';
}

function nextOpenSection(state: PlayerState, from: number): number {
  for (let s = from + 1; s < state.sections.length; s += 1) if (!state.sections[s]!.isSectionCompleted) return s;
  return -1;
}

/** Activates a section: a timed section's clock starts now (the server's answer refines it). */
function activateSection(state: PlayerState, sectionIndex: number, now: number): PlayerState {
  const sections = state.sections.map((section, s) =>
    s === sectionIndex && section.sectionWiseTimer && section.sectionDuration > 0 && section.deadlineAt === null
      ? { ...section, deadlineAt: now + section.sectionDuration * 1000 }
      : section,
  );
  return moveTo({ ...state, sections }, sectionIndex, 0);
}

function completeSection(state: PlayerState, sectionIndex: number, now: number): PlayerState {
  const sections = state.sections.map((section, s) =>
    s === sectionIndex ? { ...section, isSectionCompleted: true, deadlineAt: section.deadlineAt === null ? null : Math.min(section.deadlineAt, now) } : section,
  );
  return { ...state, sections };
}

// ---------- navigation ----------

/** Whether moving on from the active question is allowed under "mandatory". */
function needsAnswer(state: PlayerState): boolean {
  return !isPractice(state) && state.settings.mandatory && !isAnswered(activeQuestionOf(state));
}

/**
 * Next (spec 001 §4). Practice: the first press reveals the answer, the next moves on (to the next
 * section's first question at a section end). Graded: moves on; at a section's last question asks
 * before finishing the section; on the very last question says so.
 */
export function next(state: PlayerState, now: number): Transition {
  const section = activeSectionOf(state);
  const question = activeQuestionOf(state);
  if (isPractice(state) && !question.isShowAnswer) return { state, outcome: { kind: 'reveal', mapId: question.questionTaskMapID } };
  if (needsAnswer(state)) return { state, outcome: { kind: 'message', key: 'provideAnswer' } };
  if (state.activeQuestion < section.questions.length - 1) {
    return { state: moveTo(state, state.activeSection, state.activeQuestion + 1), outcome: { kind: 'moved' } };
  }
  const following = nextOpenSection(state, state.activeSection);
  if (following < 0) return { state, outcome: { kind: 'message', key: 'lastQuestion' } };
  if (isPractice(state) || state.settings.IsSectionNavigationAllowed) {
    return { state: activateSection(state, following, now), outcome: { kind: 'moved' } };
  }
  // Navigation between sections is closed: finishing this one is final, so ask first. Only the
  // untimed case auto-confirms (spec); a timed section can be finished early but never by default.
  return { state, outcome: { kind: 'confirmSectionEnd', autoConfirm: !section.sectionWiseTimer } };
}

/** The section-end confirm was accepted (or auto-confirmed): finish it and open the next one. */
export function confirmSectionEnd(state: PlayerState, now: number): Transition {
  const done = completeSection(flushQuestionTime(state), state.activeSection, now);
  const following = nextOpenSection(done, state.activeSection);
  if (following < 0) return { state: done, outcome: { kind: 'submit' } };
  return { state: activateSection(done, following, now), outcome: { kind: 'moved' } };
}

/**
 * Previous (only when questionSwitch is 1). At a section's first question it goes to the previous
 * section only when section navigation is allowed and there is no section timer.
 */
export function previous(state: PlayerState): Transition {
  if (state.settings.questionSwitch !== 1) return { state, outcome: { kind: 'none' } };
  if (state.activeQuestion > 0) return { state: moveTo(state, state.activeSection, state.activeQuestion - 1), outcome: { kind: 'moved' } };
  const canCross = state.settings.IsSectionNavigationAllowed && !state.settings.sectionWiseTimer;
  if (canCross) {
    for (let s = state.activeSection - 1; s >= 0; s -= 1) {
      const section = state.sections[s]!;
      if (!section.isSectionCompleted) return { state: moveTo(state, s, section.questions.length - 1), outcome: { kind: 'moved' } };
    }
  }
  return { state, outcome: { kind: 'message', key: 'firstQuestion' } };
}

/** A palette button: free jumps need questionSwitch 1; going forward still respects mandatory. */
export function goToQuestion(state: PlayerState, questionIndex: number): Transition {
  const section = activeSectionOf(state);
  if (questionIndex === state.activeQuestion || questionIndex < 0 || questionIndex >= section.questions.length) {
    return { state, outcome: { kind: 'none' } };
  }
  if (state.settings.questionSwitch !== 1) return { state, outcome: { kind: 'none' } };
  if (questionIndex > state.activeQuestion && needsAnswer(state)) return { state, outcome: { kind: 'message', key: 'provideAnswer' } };
  return { state: moveTo(state, state.activeSection, questionIndex), outcome: { kind: 'moved' } };
}

/** Whether a section tab can be chosen: navigation allowed and the section not complete. */
export function canSwitchSection(state: PlayerState, sectionIndex: number): boolean {
  const target = state.sections[sectionIndex];
  return Boolean(target) && state.settings.IsSectionNavigationAllowed && !target!.isSectionCompleted;
}

export function switchSection(state: PlayerState, sectionIndex: number, now: number): Transition {
  if (sectionIndex === state.activeSection || !canSwitchSection(state, sectionIndex)) return { state, outcome: { kind: 'none' } };
  return { state: activateSection(state, sectionIndex, now), outcome: { kind: 'moved' } };
}

// ---------- answers ----------

export interface AnswerChange {
  state: PlayerState;
  /** What to queue for the server; null when nothing changed (e.g. a revealed practice answer). */
  item: SaveAnswerItem | null;
}

function saveItem(question: PlayerQuestion): SaveAnswerItem {
  return {
    questionTaskMapID: question.questionTaskMapID,
    questionType: question.questionType,
    answerID: question.answerID,
    answerData: question.answerData,
    timeSpent: question.timeSpent,
    seq: question.seq,
    isMarked: question.isMarked,
  };
}

function changeActive(state: PlayerState, change: (question: PlayerQuestion) => PlayerQuestion): AnswerChange {
  const question = activeQuestionOf(state);
  // A revealed practice answer is locked on the server; changing it locally would only diverge.
  if (question.isShowAnswer) return { state, item: null };
  const flushed = flushQuestionTime(state);
  const updated = updateQuestion(flushed, state.activeSection, state.activeQuestion, (q) => {
    const changed = change(q);
    return { ...changed, seq: Math.max(q.seq, q.confirmedSeq) + 1 };
  });
  return { state: updated, item: saveItem(activeQuestionOf(updated)) };
}

export function answer(state: PlayerState, answerID: AnswerId, answerData: AnswerData): AnswerChange {
  return changeActive(state, (q) => ({ ...q, answerID, answerData }));
}

/** Clear sets the answer to none. */
export function clearAnswer(state: PlayerState): AnswerChange {
  return changeActive(state, (q) => ({ ...q, answerID: null, answerData: null }));
}

export function toggleMark(state: PlayerState): AnswerChange {
  return changeActive(state, (q) => ({ ...q, isMarked: !q.isMarked }));
}

/** Practice: Hint toggles. */
export function toggleHint(state: PlayerState): PlayerState {
  return updateQuestion(state, state.activeSection, state.activeQuestion, (q) => ({ ...q, isShowHint: !q.isShowHint }));
}

/** Practice: the key arrived; the answer is shown and Next now reads Submit. */
export function applyReveal(state: PlayerState, key: PracticeAnswer): PlayerState {
  const withKey = { ...state, revealed: { ...state.revealed, [key.questionTaskMapID]: key } };
  for (let s = 0; s < withKey.sections.length; s += 1) {
    const index = withKey.sections[s]!.questions.findIndex((q) => q.questionTaskMapID === key.questionTaskMapID);
    if (index >= 0) return updateQuestion(withKey, s, index, (q) => ({ ...q, isShowAnswer: true }));
  }
  return withKey;
}

/** The server confirmed holding `seq` for a question (saveAnswer acknowledgement). */
export function applyAck(state: PlayerState, mapId: number, seq: number): PlayerState {
  for (let s = 0; s < state.sections.length; s += 1) {
    const index = state.sections[s]!.questions.findIndex((q) => q.questionTaskMapID === mapId);
    if (index >= 0) {
      const question = state.sections[s]!.questions[index]!;
      if (seq <= question.confirmedSeq) return state;
      return updateQuestion(state, s, index, (q) => ({ ...q, confirmedSeq: seq, seq: Math.max(q.seq, seq) }));
    }
  }
  return state;
}

/**
 * Puts answers that are still waiting in the durable queue back on the state (after a reload the
 * stored state can be up to 1.5 s older than the queue, which is written at once).
 */
export function applyPending(state: PlayerState, pending: readonly SaveAnswerItem[]): PlayerState {
  let current = state;
  for (const item of pending) {
    const { seq } = item;
    for (let s = 0; s < current.sections.length; s += 1) {
      const index = current.sections[s]!.questions.findIndex((q) => q.questionTaskMapID === item.questionTaskMapID);
      if (index < 0) continue;
      const question = current.sections[s]!.questions[index]!;
      if (seq > question.confirmedSeq && seq >= question.seq) {
        current = updateQuestion(current, s, index, (q) => ({
          ...q,
          answerID: item.answerID,
          answerData: item.answerData ?? null,
          isMarked: item.isMarked ?? q.isMarked,
          timeSpent: Math.max(q.timeSpent, item.timeSpent),
          seq,
        }));
      }
    }
  }
  return current;
}

// ---------- time ----------

/** The 1 s question timer. */
export function tick(state: PlayerState): PlayerState {
  return { ...state, questionTimer: state.questionTimer + 1 };
}

export type TimerEvent =
  | { kind: 'timeUp' }
  | { kind: 'sectionTimeout'; sectionIndex: number }
  | { kind: 'sectionWarning'; sectionIndex: number; secondsLeft: number };

/** What the clocks call for now (graded tests only; practice has a stopwatch). */
export function timerEvents(state: PlayerState, now: number): TimerEvent[] {
  if (isPractice(state)) return [];
  if (secondsUntil(state.deadlineAt, now) <= 0) return [{ kind: 'timeUp' }];
  const section = activeSectionOf(state);
  if (!section.sectionWiseTimer || section.deadlineAt === null || section.isSectionCompleted) return [];
  const left = secondsUntil(section.deadlineAt, now);
  if (left <= 0) return [{ kind: 'sectionTimeout', sectionIndex: state.activeSection }];
  if (left <= SECTION_WARNING_SECONDS && !section.isWarned && section.sectionDuration > SECTION_WARNING_SECONDS) {
    return [{ kind: 'sectionWarning', sectionIndex: state.activeSection, secondsLeft: left }];
  }
  return [];
}

export function markSectionWarned(state: PlayerState, sectionIndex: number): PlayerState {
  return { ...state, sections: state.sections.map((section, s) => (s === sectionIndex ? { ...section, isWarned: true } : section)) };
}

/** The Section Timeout dialog continued (after 10 s or OK): time 0, completed, next section. */
export function continueAfterSectionTimeout(state: PlayerState, sectionIndex: number, now: number): Transition {
  const done = completeSection(flushQuestionTime(state), sectionIndex, now);
  if (done.activeSection !== sectionIndex) return { state: done, outcome: { kind: 'none' } };
  const following = nextOpenSection(done, sectionIndex);
  if (following < 0) return { state: done, outcome: { kind: 'submit' } };
  return { state: activateSection(done, following, now), outcome: { kind: 'moved' } };
}

export function remainingSeconds(state: PlayerState, now: number): number {
  return secondsUntil(state.deadlineAt, now);
}

export function sectionRemainingSeconds(section: PlayerSection, now: number): number | null {
  if (!section.sectionWiseTimer || section.sectionDuration <= 0) return null;
  if (section.deadlineAt === null) return section.isSectionCompleted ? 0 : section.sectionDuration;
  return section.isSectionCompleted ? 0 : secondsUntil(section.deadlineAt, now);
}

/**
 * Practice stopwatch: the seconds spent on the questions while the player was open, so time away
 * (a closed tab, a night's sleep, another device) does not count.
 */
export function elapsedSeconds(state: PlayerState): number {
  const onQuestions = state.sections.reduce((sum, section) => sum + section.questions.reduce((inSection, q) => inSection + q.timeSpent, 0), 0);
  return onQuestions + state.questionTimer;
}

// ---------- proctoring ----------

/** A window blur starts an away period; returns the number of away periods so far. */
export function startInactive(state: PlayerState, now: number): PlayerState {
  const last = state.inActive[state.inActive.length - 1];
  if (last && last.end === null) return state;
  return { ...state, inActive: [...state.inActive, { start: now, end: null }], tabChangeWarnings: state.tabChangeWarnings + 1 };
}

export function endInactive(state: PlayerState, now: number): PlayerState {
  const last = state.inActive[state.inActive.length - 1];
  if (!last || last.end !== null) return state;
  return { ...state, inActive: [...state.inActive.slice(0, -1), { ...last, end: now }] };
}

// ---------- resume ----------

/**
 * The server's saved answers win over a stored state when they are newer (another tab or
 * browser saved them); a stored answer that is newer stays and is still waiting to be sent.
 */
export function mergeServerAnswers(state: PlayerState, session: Pick<ExamSession, 'section'>): PlayerState {
  const server = new Map<number, SessionQuestion>();
  for (const section of session.section) for (const question of section.question) server.set(question.questionTaskMapID, question);
  return {
    ...state,
    sections: state.sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => {
        const saved = server.get(question.questionTaskMapID);
        if (!saved || saved.seq <= question.confirmedSeq) return question;
        if (saved.seq >= question.seq) {
          return {
            ...question,
            answerID: saved.answerID,
            answerData: saved.answerData,
            isMarked: saved.isMarked,
            isShowAnswer: question.isShowAnswer || saved.isShowAnswer,
            timeSpent: Math.max(question.timeSpent, saved.timeSpent),
            seq: saved.seq,
            confirmedSeq: saved.seq,
          };
        }
        return { ...question, confirmedSeq: saved.seq };
      }),
    })),
  };
}

/** What the server keeps for resume on another browser (saveSessionDetails): order and place. */
export interface CompactState {
  version: 1;
  TestSessionID: string;
  activeSection: number;
  activeQuestion: number;
  order: number[][];
  inActive: PlayerState['inActive'];
  questionLanguage?: Language;
}

export function compactState(state: PlayerState): CompactState {
  return {
    version: PLAYER_STATE_VERSION,
    TestSessionID: state.TestSessionID,
    activeSection: state.activeSection,
    activeQuestion: state.activeQuestion,
    order: state.sections.map((section) => section.questions.map((q) => q.questionTaskMapID)),
    inActive: state.inActive.slice(-200),
    ...(state.questionLanguage ? { questionLanguage: state.questionLanguage } : {}),
  };
}

/** Applies a compact state from the server onto a freshly built state of the same attempt. */
export function applyCompactState(state: PlayerState, compact: unknown): PlayerState {
  const candidate = compact as Partial<CompactState> | null;
  if (!candidate || candidate.version !== PLAYER_STATE_VERSION || candidate.TestSessionID !== state.TestSessionID || !Array.isArray(candidate.order)) {
    return state;
  }
  const sections = state.sections.map((section, s) => {
    const order = candidate.order![s];
    if (!Array.isArray(order) || order.length !== section.questions.length) return section;
    const byId = new Map(section.questions.map((q) => [q.questionTaskMapID, q]));
    const questions = order.map((id) => byId.get(id)).filter((q): q is PlayerQuestion => Boolean(q));
    return questions.length === section.questions.length ? { ...section, questions } : section;
  });
  const activeSection = Number(candidate.activeSection);
  const target = sections[activeSection];
  const isUsable = target && !target.isSectionCompleted;
  const restored: PlayerState = {
    ...state,
    sections,
    activeSection: isUsable ? activeSection : state.activeSection,
    activeQuestion: isUsable ? Math.min(Math.max(0, Number(candidate.activeQuestion) || 0), target.questions.length - 1) : state.activeQuestion,
    inActive: Array.isArray(candidate.inActive) ? candidate.inActive : state.inActive,
    ...(candidate.questionLanguage === 'en' || candidate.questionLanguage === 'tn' ? { questionLanguage: candidate.questionLanguage } : {}),
  };
  return visit(restored, restored.activeSection, restored.activeQuestion);
}

// ---------- the per-question language switch ----------

/** The student chose a language for question text; it holds for the rest of the attempt. */
export function setQuestionLanguage(state: PlayerState, language: Language): PlayerState {
  return { ...state, questionLanguage: language };
}

/** The languages a question can be shown in (one when it has a single text). */
export function languagesOf(question: PlayerQuestion): Language[] {
  const variants = question.languages ?? [];
  return variants.length > 0 ? variants.map((variant) => variant.language) : [question.language ?? 'en'];
}

/**
 * The question as shown in the wanted language: its text in that language where it has one,
 * otherwise as the server sent it (its default language). Answers and options keep their ids.
 */
export function questionInLanguage(question: PlayerQuestion, language: Language): PlayerQuestion {
  const variant = (question.languages ?? []).find((candidate) => candidate.language === language);
  if (!variant || variant.language === question.language) return question;
  return {
    ...question,
    language: variant.language,
    questionTitle: variant.questionTitle,
    questionData: variant.questionData,
    answerTitle: variant.answerTitle,
    answer: question.answer.map((option) => variant.answer.find((o) => o.answerID === option.answerID) ?? option),
    hint: question.hint === null ? null : (variant.hint ?? question.hint),
    instructions: variant.instructions,
  };
}

/** Adds the running question timer before a submit so the last question's time counts. */
export function settleQuestionTime(state: PlayerState): PlayerState {
  return flushQuestionTime(state);
}
