import type { StudentTestWindow } from '@app/contracts';
import type { TestScheduleRow, TopicOpeningRow } from './schedules.repository.js';

/** The window that applies to a student when several match: the tightest (latest open, earliest close and cut-off). */
export interface EffectiveWindow {
  opensAt: Date;
  closesAt: Date;
  /** Null when the cut-off is the closing time. */
  lateStartUntil: Date | null;
}

export function tightestWindow(rows: Pick<TestScheduleRow, 'opensAt' | 'closesAt' | 'lateStartUntil'>[]): EffectiveWindow | null {
  if (rows.length === 0) return null;
  const opensAt = new Date(Math.max(...rows.map((r) => r.opensAt.getTime())));
  const closesAt = new Date(Math.min(...rows.map((r) => r.closesAt.getTime())));
  const lastStart = new Date(Math.min(...rows.map((r) => (r.lateStartUntil ?? r.closesAt).getTime())));
  // Windows that do not overlap leave nothing: the test stays closed for this student.
  if (opensAt >= closesAt || lastStart <= opensAt) return null;
  return { opensAt, closesAt, lateStartUntil: lastStart < closesAt ? lastStart : null };
}

/** When several openings match a topic, the most specific wins: the section's, else the class's, else the institute's. */
export function mostSpecificOpening<T extends Pick<TopicOpeningRow, 'classId' | 'sectionId' | 'opensAt'>>(rows: T[]): T | undefined {
  const rank = (row: T) => (row.sectionId !== null ? 2 : row.classId !== null ? 1 : 0);
  return [...rows].sort((a, b) => rank(b) - rank(a) || b.opensAt.getTime() - a.opensAt.getTime())[0];
}

export type StartVerdict = 'ok' | 'notOpenYet' | 'latePassed' | 'closed';

/** Whether a new attempt may start now (a started attempt keeps its own deadline). */
export function startVerdict(window: EffectiveWindow, now: Date): StartVerdict {
  if (now < window.opensAt) return 'notOpenYet';
  if (now >= window.closesAt) return 'closed';
  if (window.lateStartUntil && now > window.lateStartUntil) return 'latePassed';
  return 'ok';
}

export function windowView(window: EffectiveWindow) {
  return { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), lateStartUntil: window.lateStartUntil?.toISOString() ?? null };
}

export type { StudentTestWindow };
