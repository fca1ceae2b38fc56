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

/**
 * NTA's five palette states: not visited, not answered (seen, left blank), answered, marked for
 * review, and answered and marked for review (an answer that counts, flagged to look at again).
 */
export type QuestionStatus = 'notVisited' | 'notAnswered' | 'answered' | 'marked' | 'answeredMarked';

/**
 * Seen at least once. A state stored before visits were recorded (or rebuilt from the server on
 * another device) counts a question with time spent, an answer or a mark as seen.
 */
export function isVisited(question: Pick<PlayerQuestion, 'isVisited' | 'timeSpent' | 'answerID' | 'isMarked'>): boolean {
  return question.isVisited ?? (question.timeSpent > 0 || isAnswered(question) || question.isMarked);
}

/** A question's palette state; the question on screen is always visited. */
export function questionStatus(question: Pick<PlayerQuestion, 'isVisited' | 'timeSpent' | 'answerID' | 'isMarked'>, isActive = false): QuestionStatus {
  const answered = isAnswered(question);
  if (question.isMarked) return answered ? 'answeredMarked' : 'marked';
  if (answered) return 'answered';
  return isActive || isVisited(question) ? 'notAnswered' : 'notVisited';
}

/** A section's questions counted by palette state (each question in exactly one). */
export type PaletteSummary = Record<QuestionStatus, number> & { total: number };

export function sectionSummary(section: PlayerSection, activeQuestion = -1): PaletteSummary {
  const summary: PaletteSummary = { total: section.questions.length, notVisited: 0, notAnswered: 0, answered: 0, marked: 0, answeredMarked: 0 };
  section.questions.forEach((question, index) => {
    summary[questionStatus(question, index === activeQuestion)] += 1;
  });
  return summary;
}

/** Each section's counts, for the summary NTA shows before the final submit. */
export function submitSummary(state: Pick<PlayerState, 'sections' | 'activeSection' | 'activeQuestion'>): Array<{ name: string; summary: PaletteSummary }> {
  return state.sections.map((section, index) => ({
    name: section.sectionName,
    summary: sectionSummary(section, index === state.activeSection ? state.activeQuestion : -1),
  }));
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
