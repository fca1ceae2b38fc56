import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { taskQuestions } from './academy.js';
import { users } from './auth.js';
import { examAttempts } from './exam.js';
import { institutes } from './lookups.js';
import { testSchedules } from './schedules.js';

// ── Central server ──────────────────────────────────────────────────────────────────────────────

/** An exam centre paired with an institute. Only the hash of its credential is kept. */
export const centres = pgTable(
  'centres',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instituteId: integer('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the centre's random secret. */
    credentialHash: text('credential_hash').notNull(),
    pairedBy: integer('paired_by').references(() => users.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull(),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    /** The last batch of attempts it synced. */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  },
  (t) => [index('centres_institute_idx').on(t.instituteId)],
);

/** A short-lived, single-use code that pairs one centre with an institute. Only its hash is kept. */
export const centrePairingCodes = pgTable(
  'centre_pairing_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instituteId: integer('institute_id')
      .notNull()
      .references(() => institutes.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    centreId: integer('centre_id').references(() => centres.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('centre_pairing_codes_hash_idx').on(t.codeHash)],
);

/** The data key a scheduled test's paper is encrypted under when it is staged at centres. */
export const centreExamKeys = pgTable('centre_exam_keys', {
  scheduleId: integer('schedule_id')
    .primaryKey()
    .references(() => testSchedules.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url. */
  dataKey: text('data_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * An invigilator code issued for one exam at one centre: the code itself is shown once and never
 * kept; `wrap` is the exam's data key wrapped under a key derived from it (a flattened JWE).
 */
export const centreInvigilatorCodes = pgTable(
  'centre_invigilator_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => testSchedules.id, { onDelete: 'cascade' }),
    wrap: jsonb('wrap').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('centre_invigilator_codes_exam_idx').on(t.centreId, t.scheduleId)],
);

/** Which exams a centre has staged, and when their keys were released to it. */
export const centreDeliveries = pgTable(
  'centre_deliveries',
  {
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => testSchedules.id, { onDelete: 'cascade' }),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull(),
    keyReleasedAt: timestamp('key_released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.centreId, t.scheduleId] })],
);

/**
 * A random-draw section's questions as staged for one exam at one centre (decision 076): drawn once,
 * by the window's seed, at its first staging; the centre serves them, and sync accepts them.
 */
export const centreStagedDraws = pgTable(
  'centre_staged_draws',
  {
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => testSchedules.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    /** The draw's order (the order a start serves them in). */
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.centreId, t.scheduleId, t.questionTaskMapId] })],
);

/**
 * One attempt a centre syncs: its chain's cursor (`received` records held, the last one's hash), the
 * head the centre announced, and its state (pending, complete once verified and imported as
 * `attempt_id`, damaged or refused with the reason). Decision 063.
 */
export const centreSyncAttempts = pgTable(
  'centre_sync_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.id, { onDelete: 'cascade' }),
    /** The attempt's id on the centre. */
    centreAttemptId: text('centre_attempt_id').notNull(),
    /** From the chain's header, once it is read (central ids). */
    scheduleId: integer('schedule_id'),
    userId: integer('user_id'),
    /** pending | complete | damaged | refused */
    state: text('state').$type<'pending' | 'complete' | 'damaged' | 'refused'>().notNull().default('pending'),
    reason: text('reason'),
    received: integer('received').notNull().default(0),
    lastHash: text('last_hash'),
    recordCount: integer('record_count'),
    headHash: text('head_hash'),
    attemptId: text('attempt_id').references(() => examAttempts.id, { onDelete: 'set null' }),
    /** When an administrator last asked the centre for a fresh copy of a damaged chain (the centre resends it whole). */
    resendRequestedAt: timestamp('resend_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('centre_sync_attempts_key_idx').on(t.centreId, t.centreAttemptId), uniqueIndex('centre_sync_attempts_attempt_idx').on(t.attemptId), index('centre_sync_attempts_state_idx').on(t.centreId, t.state)],
);

/** The records of a synced attempt's chain as received, by index (kept: the import reads them, and staff can see what came). */
export const centreSyncRecords = pgTable(
  'centre_sync_records',
  {
    syncId: integer('sync_id')
      .notNull()
      .references(() => centreSyncAttempts.id, { onDelete: 'cascade' }),
    index: integer('idx').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.syncId, t.index] })],
);

/** A flattened JWE (RFC 7516 §7.2.2) as stored: the additional authenticated data is never part of it. */
export interface StoredWrap {
  protected: string;
  encrypted_key: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

// ── Centre server ───────────────────────────────────────────────────────────────────────────────

/** This centre's pairing (one row, id 1): who it is at its central server, and its credential. */
export const centreIdentity = pgTable('centre_identity', {
  id: integer('id').primaryKey(),
  centreId: integer('centre_id').notNull(),
  instituteId: integer('institute_id').notNull(),
  instituteName: text('institute_name').notNull(),
  clientId: text('client_id').notNull(),
  name: text('name').notNull(),
  centralUrl: text('central_url').notNull(),
  credential: text('credential').notNull(),
  pairedAt: timestamp('paired_at', { withTimezone: true }).notNull(),
  lastStagedAt: timestamp('last_staged_at', { withTimezone: true }),
  /** The last sync that reached the central server. */
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  /** This server's own institute that unlocked papers and rostered students are loaded into (the pairing administrator's). */
  localInstituteId: integer('local_institute_id'),
});

/**
 * An exam staged at this centre, keyed by the central schedule id. `paper` stays a compact JWE
 * until the key arrives; `data_key` is set only by an unlock (then the paper can be loaded into
 * this server's own academy and question tables).
 */
export const centreStagedExams = pgTable('centre_staged_exams', {
  scheduleId: integer('schedule_id').primaryKey(),
  taskId: integer('task_id').notNull(),
  title: text('title').notNull(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  lateStartUntil: timestamp('late_start_until', { withTimezone: true }),
  durationMinutes: integer('duration_minutes'),
  paper: text('paper').notNull(),
  invigilatorWraps: jsonb('invigilator_wraps').$type<Array<{ codeId: number; wrap: StoredWrap }>>().notNull(),
  stagedAt: timestamp('staged_at', { withTimezone: true }).notNull(),
  dataKey: text('data_key'),
  unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
  unlockMethod: text('unlock_method').$type<'central' | 'code'>(),
  /**
   * How far this machine's clock was from the central server's at the unlock (ms; this clock minus
   * the central one, 0 when within a second or two): the loaded window is moved by it, so a lab
   * clock wrong by minutes neither delays the start nor shortens the window.
   */
  clockShiftMs: integer('clock_shift_ms').notNull().default(0),
});

/** A student allowed in at this centre (central user id), with what sign-in needs. */
export const centreRoster = pgTable('centre_roster', {
  userId: integer('user_id').primaryKey(),
  username: text('username').notNull(),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  rollNumber: text('roll_number'),
  classId: integer('class_id'),
  className: text('class_name'),
  sectionId: integer('section_id'),
  sectionName: text('section_name'),
  languageId: integer('language_id'),
  clientId: text('client_id').notNull(),
  scheduleIds: integer('schedule_ids').array().notNull(),
  stagedAt: timestamp('staged_at', { withTimezone: true }).notNull(),
});

/**
 * Which of this server's rows stand for which central rows, per kind (task, question, user…): an
 * unlocked paper and its roster are loaded once, and loading them again updates the same rows.
 */
export const centreLoadedRows = pgTable(
  'centre_loaded_rows',
  {
    kind: text('kind').notNull(),
    centralId: integer('central_id').notNull(),
    localId: integer('local_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.centralId] })],
);

/**
 * A closed attempt of this centre sealed into its hash chain (decision 063): the chain never
 * changes once sealed, so a cut sync resumes at `sent` (what the central side acknowledged).
 */
export const centreSyncOutbox = pgTable(
  'centre_sync_outbox',
  {
    attemptId: text('attempt_id')
      .primaryKey()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    records: jsonb('records').$type<Array<{ index: number; kind: string; data: Record<string, unknown>; prevHash: string; hash: string }>>().notNull(),
    recordCount: integer('record_count').notNull(),
    headHash: text('head_hash').notNull(),
    sent: integer('sent').notNull().default(0),
    /** pending | complete | damaged | refused (as the central side last said) */
    state: text('state').$type<'pending' | 'complete' | 'damaged' | 'refused'>().notNull().default('pending'),
    reason: text('reason'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('centre_sync_outbox_state_idx').on(t.state)],
);

/** The staged draw of a loaded window, in this server's ids: what every attempt started in it is served (decision 076). */
export const centreLoadedDraws = pgTable(
  'centre_loaded_draws',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => testSchedules.id, { onDelete: 'cascade' }),
    questionTaskMapId: integer('question_task_map_id')
      .notNull()
      .references(() => taskQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.questionTaskMapId] })],
);
