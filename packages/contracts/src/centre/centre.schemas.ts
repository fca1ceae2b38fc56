import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/**
 * Exam centres: a server on a lab machine (the embedded database) paired with the central server
 * for one institute. It stages the institute's scheduled tests ahead, encrypted, and unlocks each
 * paper at its start (the central server releases the key) or offline with an invigilator code.
 */

/** Crockford's base32 without I, L, O and U: codes read aloud or copied from paper survive. */
export const CENTRE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a pairing or invigilator code (5 bits each: 60 bits). */
export const CENTRE_CODE_LENGTH = 12;
/** How long a pairing code may be used. */
export const CENTRE_PAIRING_CODE_TTL_MS = 15 * 60_000;
/** How far ahead a centre stages scheduled tests unless it asks otherwise. */
export const CENTRE_STAGE_AHEAD_HOURS_DEFAULT = 72;
export const CENTRE_STAGE_AHEAD_HOURS_MAX = 14 * 24;
export const CENTRE_NAME_MAX_LENGTH = 80;

const CODE_PATTERN = new RegExp(`^[${CENTRE_CODE_ALPHABET}]{${CENTRE_CODE_LENGTH}}$`);

/** A pairing or invigilator code as typed: case, spaces and hyphens do not matter. */
export const centreCodeField = z
  .string(msg('valueOutOfRange'))
  .max(64, msg('valueOutOfRange'))
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(CODE_PATTERN, msg('valueOutOfRange')));

/** A code as shown to people: groups of four. */
export function formatCentreCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

const centreNameField = z.string(msg('nameRequired')).trim().min(1, msg('nameRequired')).max(CENTRE_NAME_MAX_LENGTH, msg('valueOutOfRange'));
const instant = z.string();

// ── Central server: administrators ─────────────────────────────────────────────────────────────

export const CreatePairingCodeBodySchema = z.object({
  /** The institute the centre will serve; an institute administrator's own when left out. */
  instituteId: idField.optional(),
});
export type CreatePairingCodeBody = z.input<typeof CreatePairingCodeBodySchema>;

export const PairingCodeSchema = z.object({
  /** Shown once; only its hash is kept. */
  code: z.string(),
  instituteId: z.number().int(),
  expiresAt: instant,
});
export type PairingCode = z.infer<typeof PairingCodeSchema>;

export const CentreStagedExamSummarySchema = z.object({
  scheduleId: z.number().int(),
  title: z.string(),
  opensAt: instant,
  stagedAt: instant,
  keyReleasedAt: instant.nullable(),
  invigilatorCodes: z.number().int(),
});

/** A window of the centre's institute that has not closed: an invigilator code can be issued for it. */
export const CentreUpcomingExamSchema = z.object({
  scheduleId: z.number().int(),
  title: z.string(),
  opensAt: instant,
  closesAt: instant,
  /** Invigilator codes issued for this exam and centre so far. */
  invigilatorCodes: z.number().int(),
});
export type CentreUpcomingExam = z.infer<typeof CentreUpcomingExamSchema>;

/** How many open or coming windows a centre's row lists (the soonest first). */
export const CENTRE_UPCOMING_EXAMS_MAX = 50;

/** A centre's sync as the central server last saw it: when, and its attempts by state. */
export const CentreSyncSummarySchema = z.object({
  lastSyncAt: instant.nullable(),
  counts: z.object({ complete: z.number().int(), damaged: z.number().int(), refused: z.number().int(), pending: z.number().int() }),
});
export type CentreSyncSummary = z.infer<typeof CentreSyncSummarySchema>;

export const CentreSummarySchema = z.object({
  centreId: z.number().int(),
  name: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
  pairedAt: instant,
  lastContactAt: instant.nullable(),
  stagedExams: z.array(CentreStagedExamSummarySchema),
  /** The institute's windows that have not closed (the soonest first), for issuing invigilator codes. */
  upcomingExams: z.array(CentreUpcomingExamSchema),
  /** The centre's sync (the same counts as `syncState`). */
  sync: CentreSyncSummarySchema,
});
export type CentreSummary = z.infer<typeof CentreSummarySchema>;

export const CentreListSchema = z.object({
  items: z.array(CentreSummarySchema),
  /** The institutes the caller may make pairing codes for (one for an institute administrator). */
  institutes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CentreList = z.infer<typeof CentreListSchema>;

export const IssueInvigilatorCodeBodySchema = z.object({ centreId: idField, scheduleId: idField });
export type IssueInvigilatorCodeBody = z.input<typeof IssueInvigilatorCodeBodySchema>;

export const InvigilatorCodeSchema = z.object({
  /** Shown once; the central server keeps only the paper's key wrapped under it. */
  code: z.string(),
  centreId: z.number().int(),
  scheduleId: z.number().int(),
  issuedAt: instant,
});
export type InvigilatorCode = z.infer<typeof InvigilatorCodeSchema>;

// ── Central server: calls of a centre (its credential in `Authorization: Centre …`) ───────────

export const PairCentreBodySchema = z.object({ code: centreCodeField, name: centreNameField });
export type PairCentreBody = z.input<typeof PairCentreBodySchema>;

export const PairCentreResultSchema = z.object({
  centreId: z.number().int(),
  instituteId: z.number().int(),
  clientId: z.string(),
  instituteName: z.string(),
  /** The centre's own secret: the central server keeps only its hash. */
  credential: z.string(),
});
export type PairCentreResult = z.infer<typeof PairCentreResultSchema>;

export const StageBodySchema = z.object({
  aheadHours: z.coerce
    .number(msg('valueOutOfRange'))
    .int(msg('valueOutOfRange'))
    .min(1, msg('valueOutOfRange'))
    .max(CENTRE_STAGE_AHEAD_HOURS_MAX, msg('valueOutOfRange'))
    .default(CENTRE_STAGE_AHEAD_HOURS_DEFAULT),
});
export type StageBody = z.input<typeof StageBodySchema>;

/** A JWE in flattened JSON serialisation (RFC 7516 §7.2.2). */
export const FlattenedJweSchema = z.object({
  protected: z.string(),
  encrypted_key: z.string(),
  iv: z.string(),
  ciphertext: z.string(),
  tag: z.string(),
});
export type FlattenedJweWire = z.infer<typeof FlattenedJweSchema>;

export const StagedExamSchema = z.object({
  /** The test's window for the institute (or one of its classes): the exam a centre runs. */
  scheduleId: z.number().int(),
  taskId: z.number().int(),
  title: z.string(),
  opensAt: instant,
  closesAt: instant,
  lateStartUntil: instant.nullable(),
  durationMinutes: z.number().int().nullable(),
  /** The paper (test, sections, served set, question versions and texts) as a compact JWE under the exam's data key. */
  paper: z.string(),
  /** The exam's data key wrapped under each invigilator code issued for this exam and centre. */
  invigilatorWraps: z.array(z.object({ codeId: z.number().int(), wrap: FlattenedJweSchema })),
});
export type StagedExam = z.infer<typeof StagedExamSchema>;

/** A student allowed in, with what sign-in on the centre needs. */
export const RosterEntrySchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  passwordHash: z.string(),
  role: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  rollNumber: z.string().nullable(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  sectionName: z.string().nullable(),
  languageId: z.number().int().nullable(),
  clientId: z.string(),
  /** The staged exams the student may take. */
  scheduleIds: z.array(z.number().int()),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

export const StageResultSchema = z.object({
  centreId: z.number().int(),
  instituteId: z.number().int(),
  stagedAt: instant,
  exams: z.array(StagedExamSchema),
  roster: z.array(RosterEntrySchema),
});
export type StageResult = z.infer<typeof StageResultSchema>;

export const ReleaseKeyBodySchema = z.object({ scheduleId: idField });
export type ReleaseKeyBody = z.input<typeof ReleaseKeyBodySchema>;

export const ReleaseKeySchema = z.object({
  scheduleId: z.number().int(),
  /** The exam's data key, base64url. */
  dataKey: z.string(),
  /** The central server's clock when it released the key (ISO): the centre measures its own clock's error by it. */
  serverNow: z.string().optional(),
});
export type ReleaseKey = z.infer<typeof ReleaseKeySchema>;

// ── Either role ────────────────────────────────────────────────────────────────────────────────

export const SERVER_ROLES = ['central', 'centre'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

/** Which role this server plays (the web app shows the central or the centre's screens). */
export const ServerRoleSchema = z.object({ role: z.enum(SERVER_ROLES) });
export type ServerRoleInfo = z.infer<typeof ServerRoleSchema>;

/** What a lab machine's pre-exam check asks the server: its role and its clock (the machine measures the round trip). */
export const CentreCheckSchema = z.object({ role: z.enum(SERVER_ROLES), serverNow: instant });
export type CentreCheck = z.infer<typeof CentreCheckSchema>;

// ── Centre server: its invigilators and administrator ─────────────────────────────────────────

export const PairWithCentralBodySchema = PairCentreBodySchema;
export type PairWithCentralBody = z.input<typeof PairWithCentralBodySchema>;

export const LocalStagedExamSchema = z.object({
  scheduleId: z.number().int(),
  title: z.string(),
  opensAt: instant,
  closesAt: instant,
  durationMinutes: z.number().int().nullable(),
  stagedAt: instant,
  students: z.number().int(),
  isUnlocked: z.boolean(),
  unlockedAt: instant.nullable(),
  /** central (released at the start) or code (an invigilator code, offline). */
  unlockMethod: z.enum(['central', 'code']).nullable(),
  /** Whether an invigilator code can unlock it offline (one was issued before it was staged). */
  canUnlockByCode: z.boolean(),
});
export type LocalStagedExam = z.infer<typeof LocalStagedExamSchema>;

export const CentreStatusSchema = z.object({
  isPaired: z.boolean(),
  centreId: z.number().int().nullable(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  name: z.string().nullable(),
  centralUrl: z.string(),
  pairedAt: instant.nullable(),
  lastStagedAt: instant.nullable(),
  exams: z.array(LocalStagedExamSchema),
});
export type CentreStatus = z.infer<typeof CentreStatusSchema>;

export const UnlockExamBodySchema = z.object({
  scheduleId: idField,
  /** The invigilator code; without it the centre asks the central server for the key. */
  code: centreCodeField.optional(),
});
export type UnlockExamBody = z.input<typeof UnlockExamBodySchema>;

// ── Sync: a centre's attempts go up to the central server (decision 063) ─────────────────────

/** The kinds of record in an attempt's chain: its header first, its end (with the count) last. */
export const SYNC_RECORD_KINDS = ['attempt', 'answer', 'event', 'credit', 'end'] as const;
export type SyncRecordKind = (typeof SYNC_RECORD_KINDS)[number];
/** An attempt's state on the central side: complete (verified and imported), damaged (its chain is not whole), refused (not the centre's to send), pending. */
export const SYNC_STATES = ['pending', 'complete', 'damaged', 'refused'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
/** Why an attempt's chain is damaged or refused. */
export const SYNC_REASONS = ['altered', 'reordered', 'truncated', 'replayedWithChanges', 'headMismatch', 'malformed', 'notStaged', 'notRostered', 'unknownQuestion'] as const;
export type SyncReason = (typeof SYNC_REASONS)[number];
/** Records of one attempt in one batch, attempts in one batch, and records in one batch at most. */
export const SYNC_RECORDS_PER_ATTEMPT_MAX = 2_000;
export const SYNC_ATTEMPTS_PER_BATCH_MAX = 200;
export const SYNC_RECORDS_PER_BATCH_MAX = 10_000;
/** An attempt's chain holds at most this many records (its header, answers, events, credits and end). */
export const SYNC_CHAIN_MAX = 20_000;

const hashField = z.string(msg('valueOutOfRange')).regex(/^[0-9a-f]{64}$/, msg('valueOutOfRange'));

export const SyncRecordSchema = z.object({
  index: z.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(0, msg('valueOutOfRange')).max(SYNC_CHAIN_MAX - 1, msg('valueOutOfRange')),
  kind: z.enum(SYNC_RECORD_KINDS, msg('valueOutOfRange')),
  data: z.record(z.string(), z.unknown(), msg('valueOutOfRange')),
  /** SHA-256 (hex) of the record before it (of the chain's genesis for the first). */
  prevHash: hashField,
  /** SHA-256 (hex) of this record's canonical encoding (RFC 8785) with prevHash. */
  hash: hashField,
});
export type SyncRecord = z.infer<typeof SyncRecordSchema>;

export const SyncAttemptBatchSchema = z.object({
  /** The attempt's id on the centre. */
  attemptId: z.string(msg('valueOutOfRange')).regex(/^[A-Za-z0-9_-]{8,64}$/, msg('valueOutOfRange')),
  /** The whole chain's length and last hash: the central side knows when it is complete, and that it ends where the centre says. */
  head: z.object({
    recordCount: z.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(2, msg('valueOutOfRange')).max(SYNC_CHAIN_MAX, msg('valueOutOfRange')),
    headHash: hashField,
  }),
  /** The next records from the attempt's cursor on, in order. */
  records: z.array(SyncRecordSchema).max(SYNC_RECORDS_PER_ATTEMPT_MAX, msg('valueOutOfRange')),
});
export type SyncAttemptBatch = z.infer<typeof SyncAttemptBatchSchema>;

export const SyncBodySchema = z.object({
  attempts: z.array(SyncAttemptBatchSchema).min(1, msg('valueOutOfRange')).max(SYNC_ATTEMPTS_PER_BATCH_MAX, msg('valueOutOfRange')),
});
export type SyncBody = z.input<typeof SyncBodySchema>;

export const SyncAttemptStateSchema = z.object({
  attemptId: z.string(),
  state: z.enum(SYNC_STATES),
  reason: z.enum(SYNC_REASONS).nullable(),
  /** The attempt's cursor: how many of its records the central side holds (the next batch starts there). */
  received: z.number().int(),
  /** The attempt's id on the central side, once imported. */
  centralAttemptId: z.string().nullable(),
});
export type SyncAttemptState = z.infer<typeof SyncAttemptStateSchema>;

export const SyncResultSchema = z.object({ attempts: z.array(SyncAttemptStateSchema) });
export type SyncResult = z.infer<typeof SyncResultSchema>;

export const SyncCountsSchema = z.object({
  complete: z.number().int(),
  damaged: z.number().int(),
  refused: z.number().int(),
  pending: z.number().int(),
});
export type SyncCounts = z.infer<typeof SyncCountsSchema>;

export const SyncStateQuerySchema = z.object({ centreId: idField });
export type SyncStateQuery = z.input<typeof SyncStateQuerySchema>;

/** How many of a centre's synced attempts the state lists (damaged and refused first, then the latest). */
export const SYNC_STATE_ITEMS_MAX = 500;

export const CentreSyncStateSchema = z.object({
  centreId: z.number().int(),
  name: z.string(),
  lastSyncAt: instant.nullable(),
  counts: SyncCountsSchema,
  items: z.array(
    z.object({
      centreAttemptId: z.string(),
      centralAttemptId: z.string().nullable(),
      scheduleId: z.number().int().nullable(),
      userId: z.number().int().nullable(),
      state: z.enum(SYNC_STATES),
      reason: z.enum(SYNC_REASONS).nullable(),
      received: z.number().int(),
      recordCount: z.number().int().nullable(),
      /** When an administrator last asked for a fresh copy (null: never). */
      resendRequestedAt: instant.nullable(),
      updatedAt: instant,
    }),
  ),
});
export type CentreSyncState = z.infer<typeof CentreSyncStateSchema>;

/** A centre's own view of its sync: what it has sent, and what the central side said of each attempt. */
export const LocalSyncStatusSchema = z.object({
  lastSyncAt: instant.nullable(),
  counts: SyncCountsSchema,
  /** Submitted attempts not yet sealed into a chain (an open attempt is sealed when it closes). */
  running: z.number().int(),
  /** Batches sent by this run. */
  batches: z.number().int(),
  items: z.array(z.object({ attemptId: z.string(), state: z.enum(SYNC_STATES), reason: z.enum(SYNC_REASONS).nullable(), sent: z.number().int(), recordCount: z.number().int() })),
});
export type LocalSyncStatus = z.infer<typeof LocalSyncStatusSchema>;

/** An administrator's request for a fresh copy of a damaged attempt (the centre resends its whole chain on its next sync). */
export const RequestResendBodySchema = z.object({
  centreId: idField,
  centreAttemptId: z.string(msg('valueOutOfRange')).regex(/^[A-Za-z0-9_-]{8,64}$/, msg('valueOutOfRange')),
});
export type RequestResendBody = z.input<typeof RequestResendBodySchema>;

export const RequestResendResultSchema = z.object({
  centreId: z.number().int(),
  centreAttemptId: z.string(),
  state: z.enum(SYNC_STATES),
  resendRequestedAt: instant,
});
export type RequestResendResult = z.infer<typeof RequestResendResultSchema>;

/** The attempts the central side asks this centre to send again, whole, from its own records. */
export const ResendRequestsSchema = z.object({ attemptIds: z.array(z.string()) });
export type ResendRequests = z.infer<typeof ResendRequestsSchema>;

// What an attempt's chain records carry (central ids: the centre translates its own before sealing).
const idNumber = z.number().int().positive().max(2_147_483_647);

/** Record 0: the attempt, as the centre closed it. */
export const SyncAttemptHeaderSchema = z.object({
  scheduleId: idNumber,
  taskId: idNumber,
  userId: idNumber,
  startedAt: z.iso.datetime(),
  deadlineAt: z.iso.datetime(),
  submittedAt: z.iso.datetime(),
  submitReason: z.string().max(40),
  tabChangeWarnings: z.number().int().min(0).max(100_000),
  screenInactive: z.unknown().optional(),
  languageId: idNumber.nullable(),
  questionOrder: z.array(z.array(idNumber).max(5_000)).max(100),
  served: z.array(z.object({ questionTaskMapId: idNumber, questionId: idNumber, questionVersionId: idNumber })).max(5_000),
  /** The centre's own score, for comparison only: the central side scores the attempt itself. */
  centreScored: z.number().nullable(),
});
export type SyncAttemptHeader = z.infer<typeof SyncAttemptHeaderSchema>;

/** An answer as the centre last saved it, with its sequence number. */
export const SyncAnswerDataSchema = z.object({
  questionTaskMapId: idNumber,
  seq: z.number().int().min(0).max(2_147_483_647),
  answerId: z.unknown(),
  answerData: z.unknown(),
  timeSpentSeconds: z.number().int().min(0).max(2_147_483_647),
  isMarked: z.boolean(),
  firstAnswer: z.unknown(),
  changeCount: z.number().int().min(0).max(2_147_483_647),
  updatedAt: z.iso.datetime(),
});
export type SyncAnswerData = z.infer<typeof SyncAnswerDataSchema>;

/** A proctoring event or an outage credit as the centre's audit log recorded it. */
export const SyncEventDataSchema = z.object({
  action: z.string().max(80),
  at: z.iso.datetime(),
  reason: z.string().max(2_000).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type SyncEventData = z.infer<typeof SyncEventDataSchema>;

// ── Centre server: the invigilator's dashboard ────────────────────────────────────────────────

/** A running attempt with no save and no clock sync for this long is shown as offline (the player syncs its clock every 15 s). */
export const CENTRE_OFFLINE_AFTER_SECONDS = 60;
/** How often the invigilator's dashboard looks again. */
export const CENTRE_ROOM_REFRESH_MS = 10_000;

export const CentreRoomQuerySchema = z.object({ scheduleId: idField });
export type CentreRoomQuery = z.input<typeof CentreRoomQuerySchema>;

/** A rostered student at a centre's exam: not started, in (running, heard from lately), offline (running, silent), or submitted. */
export const CENTRE_ROOM_STATES = ['notStarted', 'running', 'offline', 'submitted'] as const;
export type CentreRoomState = (typeof CENTRE_ROOM_STATES)[number];

export const CentreRoomStudentSchema = z.object({
  /** The student's id on the central server (the roster's). */
  userId: z.number().int(),
  name: z.string(),
  rollNumber: z.string().nullable(),
  username: z.string(),
  state: z.enum(CENTRE_ROOM_STATES),
  attemptId: z.string().nullable(),
  startedAt: instant.nullable(),
  /** The last answer saved. */
  lastSaveAt: instant.nullable(),
  /** The last save or clock sync heard from the student's player. */
  lastSeenAt: instant.nullable(),
  answeredCount: z.number().int(),
  submittedAt: instant.nullable(),
  submitReason: z.string().nullable(),
  /** Outage credits this attempt was given, with their cause. */
  credits: z.array(z.object({ seconds: z.number(), cause: z.string().nullable(), from: instant.nullable(), to: instant.nullable() })),
  /** The attempt's sync: null until it is sealed (once it closes). */
  sync: z.object({ state: z.enum(SYNC_STATES), reason: z.enum(SYNC_REASONS).nullable() }).nullable(),
});
export type CentreRoomStudent = z.infer<typeof CentreRoomStudentSchema>;

export const CentreRoomSchema = z.object({
  scheduleId: z.number().int(),
  title: z.string(),
  opensAt: instant,
  closesAt: instant,
  durationMinutes: z.number().int().nullable(),
  isUnlocked: z.boolean(),
  serverNow: instant,
  offlineAfterSeconds: z.number().int(),
  counts: z.object({ rostered: z.number().int(), notStarted: z.number().int(), running: z.number().int(), offline: z.number().int(), submitted: z.number().int() }),
  /** This exam's attempts in the centre's sync, and the centre's last sync. */
  sync: z.object({ lastSyncAt: instant.nullable(), counts: SyncCountsSchema, sealed: z.number().int() }),
  students: z.array(CentreRoomStudentSchema),
});
export type CentreRoom = z.infer<typeof CentreRoomSchema>;
