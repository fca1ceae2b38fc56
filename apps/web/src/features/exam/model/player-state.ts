import type { Language, PracticeAnswer } from '@app/contracts';
import { isAnswered, type PlayerQuestion, type PlayerSettings } from '../../../question-kinds/shared/player-question';

/**
 * The exam player's state (spec 001 §3 Exam). It is plain data so that it can be kept in browser
 * storage every 1.5 s and restored after a reload; every change goes through the pure functions in
 * `player-machine.ts`.
 *
 * Times: the server owns them. `deadlineAt` and each section's `deadlineAt` are local epoch
 * milliseconds computed as "local now + the server's RemainingTime" each time the server answers,
 * so a wrong browser clock cannot extend or shorten the test.
 */
export type { AnswerData, AnswerId, PlayerQuestion, PlayerSettings } from '../../../question-kinds/shared/player-question';
export { isAnswered } from '../../../question-kinds/shared/player-question';

export interface PlayerSection {
  sectionIndex: number;
  sectionName: string;
  /** Seconds; 0 when not timed. */
  sectionDuration: number;
  sectionWiseTimer: boolean;
  isSectionCompleted: boolean;
  /** Local epoch ms at which the section's time is up; null when the section is not timed. */
  deadlineAt: number | null;
  /** The 1-minute warning was shown for this section. */
  isWarned: boolean;
  questions: PlayerQuestion[];
}

export interface InactivePeriod {
  start: number;
  end: number | null;
}

export interface PlayerState {
  /** Bumped when the stored shape changes, so an old stored state is not reused. */
  version: 1;
  TestSessionID: string;
  settings: PlayerSettings;
  sections: PlayerSection[];
  activeSection: number;
  activeQuestion: number;
  /** Local epoch ms when the whole test's time is up. */
  deadlineAt: number;
  /** Local epoch ms the attempt started (the practice stopwatch counts from here). */
  startedAt: number;
  /** Seconds on the active question not yet added to its timeSpent (1 s tick). */
  questionTimer: number;
  /** Away-from-tab periods (proctoring). */
  inActive: InactivePeriod[];
  tabChangeWarnings: number;
  /** Practice keys, fetched once a question was answered or revealed. */
  revealed: Record<number, PracticeAnswer>;
  /** The language the student chose for question text (the per-question switch); unset: the interface's. */
  questionLanguage?: Language;
}

export const PLAYER_STATE_VERSION = 1 as const;

/** Browser-storage key of the player state (spec 001 §7: built from taskId and courseID). */
export function playerStateKey(taskID: number | string, courseID: number | string): string {
  return `exam:${taskID}:${courseID}`;
}

/** Answered and the server holds this very version of it. */
export function isConfirmed(question: Pick<PlayerQuestion, 'seq' | 'confirmedSeq'>): boolean {
  return question.seq > 0 && question.confirmedSeq >= question.seq;
}

export function activeSectionOf(state: PlayerState): PlayerSection {
  return state.sections[state.activeSection]!;
}

export function activeQuestionOf(state: PlayerState): PlayerQuestion {
  return activeSectionOf(state).questions[state.activeQuestion]!;
}

export interface PaletteSummary {
  total: number;
  answered: number;
  notAnswered: number;
  marked: number;
}

export function sectionSummary(section: PlayerSection): PaletteSummary {
  let answered = 0;
  let marked = 0;
  for (const question of section.questions) {
    if (isAnswered(question)) answered += 1;
    if (question.isMarked) marked += 1;
  }
  return { total: section.questions.length, answered, notAnswered: section.questions.length - answered, marked };
}

/** Answers changed locally that the server has not confirmed yet. */
export function unconfirmedCount(state: PlayerState): number {
  let count = 0;
  for (const section of state.sections) for (const question of section.questions) if (question.seq > question.confirmedSeq) count += 1;
  return count;
}

/**
 * Serialises the state for browser storage, reusing the text of its sections while they are the
 * same: the state is saved every 1.5 s and its sections (every question with its text and options)
 * are most of it, but they change only on answers and moves, not with the clock.
 */
export function createStateSerializer(): (state: PlayerState) => string {
  let lastSections: PlayerSection[] | null = null;
  let sectionsJson = '';
  return (state) => {
    if (state.sections !== lastSections) {
      sectionsJson = JSON.stringify(state.sections);
      lastSections = state.sections;
    }
    const { sections: _sections, ...rest } = state;
    return `${JSON.stringify(rest).slice(0, -1)},"sections":${sectionsJson}}`;
  };
}
