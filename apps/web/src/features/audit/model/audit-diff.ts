/** One changed value of an audit entry: where (a dotted path, '' for the whole value), before and after. */
export interface DiffLine {
  path: string;
  before: string | null;
  after: string | null;
  /** Kept although equal (an entry whose figures read as a whole, such as a regrade's attempt count). */
  unchanged?: boolean;
}

/** Actions whose before and after are a summary: every figure is shown, changed or not. */
const SUMMARY_ACTIONS = new Set(['grading.regrade']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one short line: lists joined, objects as JSON, nothing as null. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A readable diff of an audit entry's before and after: objects are compared key by key (nested
 * objects by dotted path), and only the values that differ are listed. Lists of plain values
 * show what was added and removed.
 */
export function auditDiff(before: unknown, after: unknown, path = '', options: { keepUnchanged?: boolean } = {}): DiffLine[] {
  if (isPlainObject(before) || isPlainObject(after)) {
    const a = isPlainObject(before) ? before : {};
    const b = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => auditDiff(a[key], b[key], path ? `${path}.${key}` : key, options));
  }
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) {
    return options.keepUnchanged && before !== undefined && before !== null ? [{ path, before: formatValue(before), after: formatValue(after), unchanged: true }] : [];
  }
  if (Array.isArray(before) && Array.isArray(after) && [...before, ...after].every((item) => typeof item !== 'object' || item === null)) {
    const removed = before.filter((item) => !after.includes(item));
    const added = after.filter((item) => !before.includes(item));
    return [{ path, before: removed.length ? `− ${removed.map(String).join(', ')}` : null, after: added.length ? `+ ${added.map(String).join(', ')}` : null }];
  }
  return [{ path, before: formatValue(before), after: formatValue(after) }];
}

/** The lines an entry shows: its diff, with every figure of a summary action kept. */
export const auditEntryLines = (entry: { action: string; before: unknown; after: unknown }): DiffLine[] =>
  auditDiff(entry.before, entry.after, '', { keepUnchanged: SUMMARY_ACTIONS.has(entry.action) });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as the reader's locale writes it: instants (an expiry) as a date and time, the rest as they are. */
export function localizeValue(value: string, locale: string): string {
  if (!ISO_INSTANT.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
