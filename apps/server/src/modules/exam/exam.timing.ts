/**
 * The server owns exam time. These pure functions compute deadlines from the start and the
 * task's durations, and move section timers forward; callers pass the server clock's now.
 */

/** Practice without a duration stays open this long, then the sweeper closes it. */
export const UNTIMED_ATTEMPT_SECONDS = 7 * 24 * 3600;

export interface SectionTiming {
  sectionIndex: number;
  durationSeconds: number;
}

export interface SectionState {
  sectionIndex: number;
  startedAt: string | null;
  deadlineAt: string | null;
  completed: boolean;
}

export interface AttemptTiming {
  deadlineAt: Date;
  /** Set only with section-wise timing. */
  activeSectionIndex: number | null;
  activeSectionDeadlineAt: Date | null;
  sectionState: SectionState[];
}

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

export function totalSecondsOf(taskDurationMinutes: number | null, sections: SectionTiming[], sectionWiseTimer: boolean): number {
  if (sectionWiseTimer && sections.length > 0) return sections.reduce((sum, s) => sum + s.durationSeconds, 0);
  return taskDurationMinutes && taskDurationMinutes > 0 ? taskDurationMinutes * 60 : UNTIMED_ATTEMPT_SECONDS;
}

export function initialTiming(
  start: Date,
  taskDurationMinutes: number | null,
  sections: SectionTiming[],
  sectionWiseTimer: boolean,
): AttemptTiming {
  const deadlineAt = addSeconds(start, totalSecondsOf(taskDurationMinutes, sections, sectionWiseTimer));
  if (!sectionWiseTimer || sections.length === 0) {
    return { deadlineAt, activeSectionIndex: null, activeSectionDeadlineAt: null, sectionState: [] };
  }
  const first = sections[0]!;
  const firstDeadline = addSeconds(start, first.durationSeconds);
  return {
    deadlineAt,
    activeSectionIndex: first.sectionIndex,
    activeSectionDeadlineAt: firstDeadline,
    sectionState: sections.map((s, i) => ({
      sectionIndex: s.sectionIndex,
      startedAt: i === 0 ? start.toISOString() : null,
      deadlineAt: i === 0 ? firstDeadline.toISOString() : null,
      completed: false,
    })),
  };
}

/** Starts the section after `position` at `at`; the attempt can now end no later than the sum of what is left. */
function startNext(timing: AttemptTiming, sections: SectionTiming[], position: number, at: Date): AttemptTiming {
  const state = timing.sectionState.map((s) => ({ ...s }));
  state[position]!.completed = true;
  const next = sections[position + 1];
  if (!next) {
    return { deadlineAt: at < timing.deadlineAt ? at : timing.deadlineAt, activeSectionIndex: null, activeSectionDeadlineAt: null, sectionState: state };
  }
  const nextDeadline = addSeconds(at, next.durationSeconds);
  state[position + 1] = { ...state[position + 1]!, startedAt: at.toISOString(), deadlineAt: nextDeadline.toISOString() };
  const rest = sections.slice(position + 1).reduce((sum, s) => sum + s.durationSeconds, 0);
  const projectedEnd = addSeconds(at, rest);
  return {
    deadlineAt: projectedEnd < timing.deadlineAt ? projectedEnd : timing.deadlineAt,
    activeSectionIndex: next.sectionIndex,
    activeSectionDeadlineAt: nextDeadline,
    sectionState: state,
  };
}

/**
 * Moves section timers forward to `now`: a section whose deadline passed is completed and the
 * next one starts at that deadline (not at now), so a student who was away loses that time.
 */
export function rollForward(timing: AttemptTiming, sections: SectionTiming[], now: Date): { timing: AttemptTiming; changed: boolean } {
  let current = timing;
  let changed = false;
  while (current.activeSectionIndex !== null && current.activeSectionDeadlineAt && current.activeSectionDeadlineAt <= now) {
    const position = sections.findIndex((s) => s.sectionIndex === current.activeSectionIndex);
    if (position < 0) break;
    current = startNext(current, sections, position, current.activeSectionDeadlineAt);
    changed = true;
  }
  return { timing: current, changed };
}

/** The student finishes the active section early; the next one starts now. */
export function completeActiveSection(timing: AttemptTiming, sections: SectionTiming[], now: Date): AttemptTiming {
  const position = sections.findIndex((s) => s.sectionIndex === timing.activeSectionIndex);
  if (position < 0) return timing;
  return startNext(timing, sections, position, now);
}

/** Whole seconds left, never negative. */
export function secondsLeft(deadline: Date | null, now: Date): number {
  if (!deadline) return 0;
  return Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
}

