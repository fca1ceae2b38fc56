import { z } from 'zod';
import type { MessageKey } from '../common/message-key.js';
import type { QuestionKindContract } from './question-kinds.types.js';

/**
 * A version's kind settings (decision 052): stored as one JSON object per version, shaped by the
 * kind's `settingsSchema`. The editor and the API still carry them as fields of the version
 * (`lineNumber`, `programming`, …); these helpers turn those fields into the settings and back.
 */
export function kindSettingKeys(kind: Pick<QuestionKindContract, 'settingsSchema'>): string[] {
  return kind.settingsSchema instanceof z.ZodObject ? Object.keys(kind.settingsSchema.shape) : [];
}

/** The kind's settings picked from a version's fields (fields the kind has no setting for are left out). */
export function pickKindSettings(kind: Pick<QuestionKindContract, 'settingsSchema'>, fields: object): Record<string, unknown> {
  const values = fields as Record<string, unknown>;
  return Object.fromEntries(kindSettingKeys(kind).flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]])));
}

/**
 * The kind's settings from a version's fields, validated by its schema. A setting that does not
 * fit is added to `issues` as field → `questionSettingsInvalid` (unless the kind's own rules
 * already named that field); the settings are then null.
 */
export function checkKindSettings(
  kind: Pick<QuestionKindContract, 'settingsSchema'>,
  fields: object,
  issues: Record<string, MessageKey>,
): Record<string, unknown> | null {
  const parsed = kind.settingsSchema.safeParse(pickKindSettings(kind, fields));
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'settings');
    issues[field] ??= 'questionSettingsInvalid';
  }
  return null;
}

/**
 * Stored settings as the kind reads them. Rows are validated when written, and the migration that
 * introduced them copied each kind's fields; a stored value that no longer fits (an older rule) is
 * read as stored rather than failing the read.
 */
export function readKindSettings(kind: Pick<QuestionKindContract, 'settingsSchema'>, stored: unknown): Record<string, unknown> {
  const value = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const parsed = kind.settingsSchema.safeParse(value);
  return parsed.success ? (parsed.data as Record<string, unknown>) : pickKindSettings(kind, value);
}
