import { LIVE_ACTIVE_SECONDS, type LiveRoom, type LiveStudent } from '@app/contracts';

/**
 * The live exam room's pure rules: what the supervisor sees of each student between two polls.
 * Times are the server's: a poll's `serverNow` is paired with the browser's clock when it arrived,
 * and remaining time counts down from that pair, never from the browser's own idea of the date.
 */

/** online: seen within LIVE_ACTIVE_SECONDS; idle: within five times that; offline: longer; none: never seen. */
export type Connection = 'online' | 'idle' | 'offline' | 'none';
export type LiveAction = 'extend' | 'forceSubmit' | 'reopen';

export interface ServerClock {
  /** The server's time at the poll, in ms. */
  serverAt: number;
  /** The browser's Date.now() when the poll arrived. */
  clientAt: number;
}

export const serverClockOf = (room: Pick<LiveRoom, 'serverNow'>, clientAt: number): ServerClock => ({ serverAt: Date.parse(room.serverNow), clientAt });

/** The server's now, carried forward by the browser's elapsed time since the poll. */
export const serverNowAt = (clock: ServerClock, clientNow: number): number => clock.serverAt + Math.max(0, clientNow - clock.clientAt);

export function connectionOf(student: Pick<LiveStudent, 'lastSeenAt' | 'state'>, serverNow: number): Connection {
  if (!student.lastSeenAt || student.state !== 'running') return 'none';
  const ago = (serverNow - Date.parse(student.lastSeenAt)) / 1000;
  if (ago <= LIVE_ACTIVE_SECONDS) return 'online';
  if (ago <= LIVE_ACTIVE_SECONDS * 5) return 'idle';
  return 'offline';
}

/** Whole seconds left on the server's clock (0 when not running). */
export function remainingSecondsAt(student: Pick<LiveStudent, 'deadlineAt' | 'state'>, serverNow: number): number {
  if (student.state !== 'running' || !student.deadlineAt) return 0;
  return Math.max(0, Math.floor((Date.parse(student.deadlineAt) - serverNow) / 1000));
}

/** mm:ss, or h:mm:ss from an hour. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(s % 60)}` : `${two(minutes)}:${two(s % 60)}`;
}

/** What a supervisor may do to a student's attempt. */
export function actionsFor(student: Pick<LiveStudent, 'state' | 'attemptId'>, serverNow: number, deadlineAt: string | null = null): LiveAction[] {
  if (!student.attemptId) return [];
  if (student.state === 'running' && (!deadlineAt || Date.parse(deadlineAt) > serverNow)) return ['extend', 'forceSubmit'];
  return ['reopen'];
}

const STATE_ORDER: Record<LiveStudent['state'], number> = { running: 0, notStarted: 1, submitted: 2 };

/** Running first (least time left first), then those who have not started, then the finished; by name within each. */
export function sortStudents(students: readonly LiveStudent[], serverNow: number): LiveStudent[] {
  return [...students].sort(
    (a, b) =>
      STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
      (a.state === 'running' ? remainingSecondsAt(a, serverNow) - remainingSecondsAt(b, serverNow) : 0) ||
      a.studentName.localeCompare(b.studentName),
  );
}

export interface RoomSummary {
  running: number;
  notStarted: number;
  submitted: number;
  online: number;
  /** Running students not seen within LIVE_ACTIVE_SECONDS. */
  quiet: number;
}

export function summarise(students: readonly LiveStudent[], serverNow: number): RoomSummary {
  const summary: RoomSummary = { running: 0, notStarted: 0, submitted: 0, online: 0, quiet: 0 };
  for (const s of students) {
    summary[s.state] += 1;
    if (s.state !== 'running') continue;
    if (connectionOf(s, serverNow) === 'online') summary.online += 1;
    else summary.quiet += 1;
  }
  return summary;
}

/** Filter by name (case-insensitive) and state. */
export function filterStudents(students: readonly LiveStudent[], filter: { text: string; state: LiveStudent['state'] | 'all' }): LiveStudent[] {
  const text = filter.text.trim().toLowerCase();
  return students.filter((s) => (filter.state === 'all' || s.state === filter.state) && (!text || s.studentName.toLowerCase().includes(text)));
}

/** Minutes a supervisor types: whole, 1–max; null when not acceptable. */
export function parseMinutes(value: string, max: number): number | null {
  if (!/^\d{1,4}$/.test(value.trim())) return null;
  const minutes = Number(value.trim());
  return minutes >= 1 && minutes <= max ? minutes : null;
}
