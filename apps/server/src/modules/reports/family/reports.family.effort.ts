import type { EffortReport, SummaryReport, Weekday } from '@app/contracts';
import { roundMarks } from '../../grading/grading.scoring.js';
import { addDays, weekStartOf } from '../../../lib/zoned-dates.js';

const pct = (part: number, whole: number) => (whole > 0 ? roundMarks((part / whole) * 100) : 0);

/** The first days of the `count` weeks that end with the week of `today`, oldest first (weeks start on `firstDay`, WEEK_STARTS_ON). */
export function weekStarts(today: string, count: number, firstDay: Weekday = 'monday'): string[] {
  const last = weekStartOf(today, firstDay);
  return Array.from({ length: count }, (_, i) => addDays(last, -7 * (count - 1 - i)));
}

/** A test as the effort view reads it: when (India date), its score and its subjects' graded questions (subjectFigures). */
export interface TestFigures {
  day: string;
  scored: number;
  total: number;
  subjects: { name: string; questions: number; correct: number }[];
}

/** Effort against result, week by week: study time, lessons completed, tests and their scores, per-subject accuracy. */
export function buildEffort(input: {
  studentId: number;
  weeks: string[];
  study: { day: string; seconds: number }[];
  lessonDays: string[];
  tests: TestFigures[];
  courses: EffortReport['courses'];
  /** The day the weeks start on (WEEK_STARTS_ON); Monday when not given. */
  firstDay?: Weekday;
}): EffortReport {
  const index = new Map(input.weeks.map((w, i) => [w, i]));
  const weeks = input.weeks.map((weekStart) => ({ weekStart, studySeconds: 0, lessonsCompleted: 0, tests: 0, sum: 0 }));
  const at = (day: string) => {
    const i = index.get(weekStartOf(day, input.firstDay ?? 'monday'));
    return i === undefined ? undefined : weeks[i];
  };
  for (const s of input.study) {
    const week = at(s.day);
    if (week) week.studySeconds += s.seconds;
  }
  for (const day of input.lessonDays) {
    const week = at(day);
    if (week) week.lessonsCompleted += 1;
  }
  const subjects = new Map<string, { questions: number; correct: number }[]>();
  for (const test of input.tests) {
    const i = index.get(weekStartOf(test.day, input.firstDay ?? 'monday'));
    if (i === undefined) continue;
    weeks[i]!.tests += 1;
    weeks[i]!.sum += pct(test.scored, test.total);
    for (const subject of test.subjects) {
      const cells = subjects.get(subject.name) ?? input.weeks.map(() => ({ questions: 0, correct: 0 }));
      cells[i]!.questions += subject.questions;
      cells[i]!.correct += subject.correct;
      subjects.set(subject.name, cells);
    }
  }
  return {
    studentId: input.studentId,
    weeks: weeks.map((w) => ({
      weekStart: w.weekStart,
      studySeconds: w.studySeconds,
      lessonsCompleted: w.lessonsCompleted,
      tests: w.tests,
      meanPercentage: w.tests ? roundMarks(w.sum / w.tests) : null,
    })),
    subjects: [...subjects]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([subject, cells]) => ({
        subject,
        weeks: cells.map((c, i) => ({ weekStart: input.weeks[i]!, questions: c.questions, accuracy: c.questions ? pct(c.correct, c.questions) : null })),
      })),
    courses: input.courses,
  };
}

/** Below this change in mean percentage (points) between the halves of a period, the trend is steady. */
export const STEADY_BAND = 2;

/** Up, down or steady: the mean of the later half of the period's tests against the earlier half. */
export function trendOf(percentages: number[]): { trend: SummaryReport['trend']; change: number } {
  if (percentages.length < 2) return { trend: 'none', change: 0 };
  const half = Math.floor(percentages.length / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const change = roundMarks(mean(percentages.slice(percentages.length - half)) - mean(percentages.slice(0, half)));
  return { trend: Math.abs(change) < STEADY_BAND ? 'steady' : change > 0 ? 'up' : 'down', change };
}
