import type { centreRoster, centreStagedExams, centreSyncAttempts, centreSyncOutbox } from '../../db/schema/index.js';

/** What several of the centre's repositories use (decision 099). */

export type StagedExamRow = typeof centreStagedExams.$inferSelect;
/** The kinds of central rows a centre loads into its own tables, each through the module that owns it (each table has an integer identity `id`). */
export const LOADED_KINDS = ['course', 'topic', 'task', 'taskSection', 'question', 'questionVersion', 'taskQuestion', 'schedule'] as const;
export type LoadedKind = (typeof LOADED_KINDS)[number];
export type RosterRow = typeof centreRoster.$inferInsert;
export type SyncAttemptRow = typeof centreSyncAttempts.$inferSelect;
export type OutboxRow = typeof centreSyncOutbox.$inferSelect;

export interface SystemAuditEntry {
  clientId: string;
  instituteId: number | null;
  actorUserId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  after?: unknown;
}

/** An audit entry written for a synced attempt (its credits and events, as the centre recorded them). */
export interface SyncedAuditEntry extends SystemAuditEntry {
  targetUserId: number | null;
  before?: unknown;
  reason?: string | null;
  createdAt?: Date;
}
