import type { StudentTestWindow } from '@app/contracts';
import type { TestScheduleRow, TopicOpeningRow } from './schedules.repository.js';

/** The window that applies to a student when several match: the tightest (latest open, earliest close and cut-off). */
export interface EffectiveWindow {
  opensAt: Date;
  closesAt: Date;
  /** Null when the cut-off is the closing time. */
  lateStartUntil: Date | null;
  /**
   * The shift a start in this window belongs to (decision 066): the most specific matching row
   * (section, then class, then institute; the latest opening among equals). Its id seeds the
   * shift's draw and is recorded on the attempt.
   */
  shiftId: number;
}

const specificity = (row: Pick<TestScheduleRow, 'classId' | 'sectionId'>) => (row.sectionId !== null ? 2 : row.classId !== null ? 1 : 0);

export function tightestWindow(rows: Pick<TestScheduleRow, 'id' | 'classId' | 'sectionId' | 'opensAt' | 'closesAt' | 'lateStartUntil'>[]): EffectiveWindow | null {
  if (rows.length === 0) return null;
  const opensAt = new Date(Math.max(...rows.map((r) => r.opensAt.getTime())));
  const closesAt = new Date(Math.min(...rows.map((r) => r.closesAt.getTime())));
  const lastStart = new Date(Math.min(...rows.map((r) => (r.lateStartUntil ?? r.closesAt).getTime())));
  // Windows that do not overlap leave nothing: the test stays closed for this student.
  if (opensAt >= closesAt || lastStart <= opensAt) return null;
  const shift = [...rows].sort((a, b) => specificity(b) - specificity(a) || b.opensAt.getTime() - a.opensAt.getTime() || a.id - b.id)[0]!;
  return { opensAt, closesAt, lateStartUntil: lastStart < closesAt ? lastStart : null, shiftId: shift.id };
}

/** When several openings match a topic, the most specific wins: the section's, else the class's, else the institute's. */
export function mostSpecificOpening<T extends Pick<TopicOpeningRow, 'classId' | 'sectionId' | 'opensAt'>>(rows: T[]): T | undefined {
  const rank = (row: T) => (row.sectionId !== null ? 2 : row.classId !== null ? 1 : 0);
  return [...rows].sort((a, b) => rank(b) - rank(a) || b.opensAt.getTime() - a.opensAt.getTime())[0];
}

export type StartVerdict = 'ok' | 'notOpenYet' | 'latePassed' | 'closed';

/** Whether a new attempt may start now (a started attempt keeps its own deadline). */
export function startVerdict(window: Pick<EffectiveWindow, 'opensAt' | 'closesAt' | 'lateStartUntil'>, now: Date): StartVerdict {
  if (now < window.opensAt) return 'notOpenYet';
  if (now >= window.closesAt) return 'closed';
  if (window.lateStartUntil && now > window.lateStartUntil) return 'latePassed';
  return 'ok';
}

export function windowView(window: Pick<EffectiveWindow, 'opensAt' | 'closesAt' | 'lateStartUntil'>) {
  return { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), lateStartUntil: window.lateStartUntil?.toISOString() ?? null };
}

export type { StudentTestWindow };
