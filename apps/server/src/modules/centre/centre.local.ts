import {
  CENTRE_ERRORS,
  CENTRE_OFFLINE_AFTER_SECONDS,
  centreEndpoints,
  envelope,
  PairCentreResultSchema,
  ReleaseKeySchema,
  ResendRequestsSchema,
  StageResultSchema,
  SYNC_ATTEMPTS_PER_BATCH_MAX,
  SYNC_RECORDS_PER_ATTEMPT_MAX,
  SyncResultSchema,
  type CentreRoom,
  type CentreRoomQuery,
  type CentreRoomStudent,
  type CentreStatus,
  type LocalSyncStatus,
  type SyncAnswerData,
  type SyncAttemptHeader,
  type SyncEventData,
  type SyncReason,
  type SyncState,
  type SyncRecord,
  type LocalStagedExam,
  type PairWithCentralBody,
  type UnlockExamBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { CENTRE_AUTH_SCHEME } from './centre.central.js';
import { canWatchCentre } from './centre.policy.js';
import { sealChain } from './centre.chain.js';
import { EnvelopeRefused, openPaper, unwrapAnyWithCode } from './centre.envelope.js';
import { assertRunnable, loadExam } from './centre.loader.js';
import type { CentreRepository, StagedExamRow } from './centre.repository.js';

/** Closed attempts sealed into chains per round, and records sent in one batch (the central side takes up to 10 000). */
const SEAL_ROUND = 200;
const SYNC_BATCH_RECORDS = 5_000;
/** A clock error under this is the calls' own time, not the machine's clock. */
const CLOCK_SHIFT_MIN_MS = 2_000;
/** How long before the start on this clock the key is asked for (a lab clock may be behind by minutes). */
const CLOCK_TOLERANCE_MS = 15 * 60_000;

export interface LocalDeps {
  repo: CentreRepository;
  clock: Clock;
  centralUrl: string;
  stageAheadHours: number;
  /** How long one call to the central server may take. */
  timeoutMs?: number;
  log: (text: string, error?: unknown) => void;
}

const CENTRE_ERROR_BY_CODE = new Map(Object.values(CENTRE_ERRORS).map((def) => [def.code, def]));

/** A centre server's side: pairing with its central server, staging, and unlocking papers. */
export function createLocalCentreService({ repo, clock, centralUrl, stageAheadHours, timeoutMs = 15_000, log }: LocalDeps) {
  const unreachable = (cause?: unknown) => new AppError(CENTRE_ERRORS.CENTRE_CENTRAL_UNREACHABLE, { cause });

  /** One call to the central server; its refusals in the centre domain come back as the same errors. */
  async function callCentral<S extends z.ZodType>(path: string, body: unknown, schema: S, credential?: string): Promise<z.output<S>> {
    let res: Response;
    try {
      res = await fetch(new URL(`/api${path}`, centralUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(credential ? { authorization: `${CENTRE_AUTH_SCHEME} ${credential}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
    const payload = (await res.json().catch(() => null)) as { status?: boolean; body?: { code?: string } } | null;
    if (res.ok && payload?.status === true) {
      const parsed = envelope(schema).safeParse(payload);
      if (parsed.success) return (parsed.data as { body: z.output<S> }).body;
      throw unreachable(new Error(`the central server answered ${path} in an unknown shape`));
    }
    const known = payload?.body?.code ? CENTRE_ERROR_BY_CODE.get(payload.body.code) : undefined;
    if (known) throw new AppError(known);
    if (res.status === 401) throw new AppError(CENTRE_ERRORS.CENTRE_CREDENTIAL_INVALID);
    throw unreachable(new Error(`the central server answered ${path} with ${res.status}`));
  }

  async function requireIdentity() {
    const identity = await repo.identity();
    if (!identity) throw new AppError(CENTRE_ERRORS.CENTRE_NOT_PAIRED);
    return identity;
  }

  function examView(row: StagedExamRow, students: number): LocalStagedExam {
    return {
      scheduleId: row.scheduleId,
      title: row.title,
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      durationMinutes: row.durationMinutes,
      stagedAt: row.stagedAt.toISOString(),
      students,
      isUnlocked: row.dataKey !== null,
      unlockedAt: row.unlockedAt?.toISOString() ?? null,
      unlockMethod: row.unlockMethod ?? null,
      canUnlockByCode: row.invigilatorWraps.length > 0,
    };
  }

  async function status(): Promise<CentreStatus> {
    const identity = await repo.identity();
    const exams = await repo.stagedExams();
    const counts = await repo.rosterCounts();
    return {
      isPaired: identity !== null,
      centreId: identity?.centreId ?? null,
      instituteId: identity?.instituteId ?? null,
      instituteName: identity?.instituteName ?? null,
      name: identity?.name ?? null,
      centralUrl,
      pairedAt: identity?.pairedAt.toISOString() ?? null,
      lastStagedAt: identity?.lastStagedAt?.toISOString() ?? null,
      exams: exams.map((row) => examView(row, counts.get(row.scheduleId) ?? 0)),
    };
  }

  async function audit(actor: Actor | null, identity: { clientId: string; instituteId: number }, action: string, targetId: number, after: unknown) {
    await repo.audit({ clientId: identity.clientId, instituteId: identity.instituteId, actorUserId: actor?.userId ?? null, action, targetType: 'centreExam', targetId, after });
  }

  /** Loads an unlocked exam's paper and roster into this server's own tables (again: the same rows, brought up to date). */
  async function load(actor: Actor | null, exam: StagedExamRow) {
    const identity = await requireIdentity();
    const paper = await openPaper(exam.paper, exam.dataKey!, exam.scheduleId);
    assertRunnable(paper, exam.scheduleId);
    const loaded = await loadExam(repo, exam, paper, identity.localInstituteId);
    await audit(actor, identity, 'centre.load', exam.scheduleId, loaded);
    return loaded;
  }

  /** Stores a key that opens the exam's paper and loads it; refuses a key that does not open it, and a paper this server cannot run. */
  /**
   * This machine's clock against the central server's at its release of the key (the release only
   * comes at the central start, so the window never opens early by it). Offline, with the
   * invigilator's code, it cannot be told from an early unlock: the window stays on this clock,
   * whose error the pre-exam check shows. Under CLOCK_SHIFT_MIN_MS it is the calls' own time.
   */
  function clockShiftOf(now: Date, centralNow: Date | null): number {
    const shift = centralNow ? now.getTime() - centralNow.getTime() : 0;
    return Math.abs(shift) < CLOCK_SHIFT_MIN_MS ? 0 : shift;
  }

  async function acceptKey(actor: Actor | null, exam: StagedExamRow, dataKey: string, method: 'central' | 'code', centralNow: Date | null = null) {
    const identity = await requireIdentity();
    let paper: unknown;
    try {
      paper = await openPaper(exam.paper, dataKey, exam.scheduleId);
    } catch (error) {
      if (error instanceof EnvelopeRefused) throw new AppError(CENTRE_ERRORS.CENTRE_UNLOCK_CODE_WRONG, { cause: error });
      throw error;
    }
    assertRunnable(paper, exam.scheduleId);
    const now = clock.now();
    const clockShiftMs = clockShiftOf(now, centralNow);
    const updated = await repo.setUnlocked(exam.scheduleId, dataKey, method, now, clockShiftMs);
    if (updated) await audit(actor, identity, 'centre.unlock', exam.scheduleId, { method, clockShiftSeconds: clockShiftMs / 1000 });
    const unlocked = (await repo.stagedExam(exam.scheduleId))!;
    await load(actor, unlocked);
    return unlocked;
  }

  async function stage(actor: Actor | null) {
    const identity = await requireIdentity();
    const staged = await callCentral(centreEndpoints.stage.path, { aheadHours: stageAheadHours }, StageResultSchema, identity.credential);
    if (staged.centreId !== identity.centreId || staged.instituteId !== identity.instituteId) throw unreachable(new Error('the central server staged for another centre'));
    const stagedAt = new Date(staged.stagedAt);
    await repo.transaction(async (tx) => {
      await tx.upsertStagedExams(
        staged.exams.map((exam) => ({
          scheduleId: exam.scheduleId,
          taskId: exam.taskId,
          title: exam.title,
          opensAt: new Date(exam.opensAt),
          closesAt: new Date(exam.closesAt),
          lateStartUntil: exam.lateStartUntil ? new Date(exam.lateStartUntil) : null,
          durationMinutes: exam.durationMinutes,
          paper: exam.paper,
          invigilatorWraps: exam.invigilatorWraps,
          stagedAt,
        })),
      );
      await tx.replaceRoster(staged.roster.map((entry) => ({ ...entry, stagedAt })));
      await tx.markStaged(clock.now());
      await tx.audit({
        clientId: identity.clientId,
        instituteId: identity.instituteId,
        actorUserId: actor?.userId ?? null,
        action: 'centre.staged',
        targetType: 'centre',
        targetId: identity.centreId,
        after: { scheduleIds: staged.exams.map((e) => e.scheduleId), students: staged.roster.length },
      });
    });
    // A new roster reaches the exams running here already.
    const now = clock.now();
    for (const exam of await repo.stagedExams()) if (exam.dataKey !== null && exam.closesAt >= now) await load(actor, exam);
  }

  /**
   * Seals this centre's closed attempts into hash chains (decision 063), in central ids: the
   * header (the exam, the student, times, served versions, order), each answer with its sequence
   * number, each audited event and outage credit, then the end. A sealed chain never changes.
   */
  async function seal(centreId: number): Promise<number> {
    let sealed = 0;
    const exams = await repo.stagedExams();
    for (;;) {
      const attempts = await repo.attemptsToSeal(SEAL_ROUND);
      if (!attempts.length) return sealed;
      const tasks = await repo.centralIds('task', [...new Set(attempts.map((a) => a.taskId))]);
      const users = await repo.centralIds('user', [...new Set(attempts.map((a) => a.userId))]);
      const rows = [];
      for (const attempt of attempts) {
        const { answers, served, audits } = await repo.attemptParts(attempt);
        const servedRows = [...served.values()];
        const maps = await repo.centralIds('taskQuestion', [...new Set([...answers.map((a) => a.questionTaskMapId), ...servedRows.map((s) => s.mapId), ...attempt.questionOrder.flat()])]);
        const questions = await repo.centralIds('question', servedRows.map((s) => s.questionId));
        const versions = await repo.centralIds('questionVersion', servedRows.map((s) => s.versionId));
        // An id that did not come from the central server travels as 0, which the central side refuses.
        const central = (ids: Map<number, number>, id: number) => ids.get(id) ?? 0;
        const taskId = central(tasks, attempt.taskId);
        const startedAt = attempt.startedAt.getTime();
        const ofTask = exams.filter((e) => e.taskId === taskId);
        const exam = ofTask.find((e) => e.opensAt.getTime() <= startedAt && startedAt <= e.closesAt.getTime()) ?? ofTask.findLast((e) => e.opensAt.getTime() <= startedAt) ?? ofTask[0];
        const header: SyncAttemptHeader = {
          scheduleId: exam?.scheduleId ?? 0,
          taskId,
          userId: central(users, attempt.userId),
          startedAt: attempt.startedAt.toISOString(),
          deadlineAt: attempt.deadlineAt.toISOString(),
          submittedAt: (attempt.submittedAt ?? attempt.deadlineAt).toISOString(),
          submitReason: attempt.submitReason ?? 'student',
          tabChangeWarnings: attempt.tabChangeWarnings,
          screenInactive: attempt.screenInactive ?? null,
          languageId: attempt.languageId,
          questionOrder: attempt.questionOrder.map((ids) => ids.map((id) => central(maps, id))),
          served: servedRows.map((s) => ({ questionTaskMapId: central(maps, s.mapId), questionId: central(questions, s.questionId), questionVersionId: central(versions, s.versionId) })),
          centreScored: attempt.scored,
        };
        const entries = [
          { kind: 'attempt' as const, data: header },
          ...answers.map((a) => ({
            kind: 'answer' as const,
            data: {
              questionTaskMapId: central(maps, a.questionTaskMapId),
              seq: a.seq,
              answerId: a.answerId ?? null,
              answerData: a.answerData ?? null,
              timeSpentSeconds: a.timeSpentSeconds,
              isMarked: a.isMarked,
              firstAnswer: a.firstAnswer ?? null,
              changeCount: a.changeCount,
              updatedAt: a.updatedAt.toISOString(),
            } satisfies SyncAnswerData,
          })),
          ...audits.map((entry) => ({
            kind: entry.action === 'exam.outageCredit' ? ('credit' as const) : ('event' as const),
            data: { action: entry.action, at: entry.createdAt.toISOString(), reason: entry.reason ?? null, before: entry.before ?? null, after: entry.after ?? null } satisfies SyncEventData,
          })),
        ];
        const chain = sealChain({ centreId, attemptId: attempt.id }, entries as Parameters<typeof sealChain>[1]);
        rows.push({ attemptId: attempt.id, records: chain, recordCount: chain.length, headHash: chain.at(-1)!.hash, sealedAt: clock.now() });
      }
      await repo.insertOutbox(rows);
      sealed += rows.length;
    }
  }

  /** Sends sealed chains from each one's cursor, in batches, until the central side holds them all or stops answering. */
  async function push(credential: string): Promise<number> {
    let batches = 0;
    for (;;) {
      const pending = await repo.pendingOutbox(SYNC_ATTEMPTS_PER_BATCH_MAX);
      if (!pending.length) return batches;
      let budget = SYNC_BATCH_RECORDS;
      const attempts: Array<{ attemptId: string; head: { recordCount: number; headHash: string }; records: SyncRecord[] }> = [];
      for (const row of pending) {
        if (budget <= 0) break;
        const take = Math.min(SYNC_RECORDS_PER_ATTEMPT_MAX, budget, row.recordCount - row.sent);
        attempts.push({ attemptId: row.attemptId, head: { recordCount: row.recordCount, headHash: row.headHash }, records: (row.records as SyncRecord[]).slice(row.sent, row.sent + take) });
        budget -= take;
      }
      const result = await callCentral(centreEndpoints.sync.path, { attempts }, SyncResultSchema, credential);
      batches += 1;
      const now = clock.now();
      let progressed = false;
      for (const answer of result.attempts) {
        const row = pending.find((p) => p.attemptId === answer.attemptId);
        if (!row) continue;
        const sent = Math.min(answer.received, row.recordCount);
        if (sent > row.sent || answer.state !== 'pending') progressed = true;
        await repo.updateOutbox(row.attemptId, { sent, state: answer.state, reason: answer.reason, lastSentAt: now });
      }
      await repo.markSynced(now);
      if (!progressed) return batches;
    }
  }

  async function syncStatus(batches: number): Promise<LocalSyncStatus> {
    const identity = await repo.identity();
    const items = await repo.outboxSummary();
    const count = (state: string) => items.filter((item) => item.state === state).length;
    return {
      lastSyncAt: identity?.lastSyncedAt?.toISOString() ?? null,
      counts: { complete: count('complete'), damaged: count('damaged'), refused: count('refused'), pending: count('pending') },
      running: await repo.runningAttemptsOfLoadedTests(),
      batches,
      items: items.map((item) => ({ ...item, reason: (item.reason as SyncReason | null) ?? null })),
    };
  }

  /**
   * The attempts the central side's administrators asked for again (their chain arrived damaged):
   * their sealed chains are dropped here, so that they are sealed afresh from the attempts' own
   * records and sent whole from the start (decision 070).
   */
  async function takeResendRequests(actor: Actor | null, identity: { clientId: string; instituteId: number; centreId: number; credential: string }): Promise<number> {
    const { attemptIds } = await callCentral(centreEndpoints.resendRequests.path, {}, ResendRequestsSchema, identity.credential);
    const dropped = await repo.dropOutbox(attemptIds);
    if (attemptIds.length) await audit(actor, identity, 'centre.resendAsked', identity.centreId, { attemptIds, resealed: dropped });
    return dropped.length;
  }

  async function sync(actor: Actor | null): Promise<LocalSyncStatus> {
    const identity = await requireIdentity();
    await takeResendRequests(actor, identity);
    const sealed = await seal(identity.centreId);
    const batches = await push(identity.credential);
    const status = await syncStatus(batches);
    if (sealed || batches) await audit(actor, identity, 'centre.synced', identity.centreId, { sealed, batches, ...status.counts });
    return status;
  }

  /**
   * The invigilator's dashboard of one staged exam: each rostered student not started, in,
   * offline (running but silent for CENTRE_OFFLINE_AFTER_SECONDS) or submitted, on this server's
   * clock, with the last save, the outage credits and the attempt's sync.
   */
  async function room(actor: Actor, query: CentreRoomQuery): Promise<CentreRoom> {
    const identity = await requireIdentity();
    const institute = await repo.localInstitute(identity.localInstituteId);
    const exam = await repo.stagedExam(Number(query.scheduleId));
    // Staff of another institute on this server see no exam of the centre's.
    if (!exam || !institute || !canWatchCentre(actor, institute)) throw new AppError(CENTRE_ERRORS.CENTRE_EXAM_NOT_FOUND);
    const roster = await repo.rosterOfExam(exam.scheduleId);
    const localUsers = await repo.loadedIds('user', roster.map((entry) => entry.userId));
    const localTaskId = (await repo.loadedIds('task', [exam.taskId])).get(exam.taskId);
    const attempts = localTaskId === undefined ? [] : await repo.roomAttempts(localTaskId, [...localUsers.values()]);
    const attemptOf = new Map(attempts.map((attempt) => [attempt.userId, attempt]));
    const attemptIds = attempts.map((attempt) => attempt.id);
    const credits = await repo.outageCreditsOf(attemptIds);
    const outbox = new Map((await repo.outboxOf(attemptIds)).map((row) => [row.attemptId, row]));
    const now = clock.now();
    const silentSince = now.getTime() - CENTRE_OFFLINE_AFTER_SECONDS * 1000;
    const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
    const students: CentreRoomStudent[] = roster.map((entry) => {
      const localId = localUsers.get(entry.userId);
      const attempt = localId === undefined ? undefined : attemptOf.get(localId);
      const base = { userId: entry.userId, name: `${entry.firstName} ${entry.lastName}`.trim(), rollNumber: entry.rollNumber, username: entry.username };
      if (!attempt) {
        return { ...base, state: 'notStarted', attemptId: null, startedAt: null, lastSaveAt: null, lastSeenAt: null, answeredCount: 0, submittedAt: null, submitReason: null, credits: [], sync: null };
      }
      const isRunning = attempt.status === 'open' && attempt.deadlineAt > now;
      const lastSeen = [attempt.lastSeenAt, attempt.lastSaveAt, attempt.startedAt].filter((d): d is Date => d instanceof Date).reduce((a, b) => (a > b ? a : b));
      const sealed = outbox.get(attempt.id);
      return {
        ...base,
        state: !isRunning ? 'submitted' : lastSeen.getTime() < silentSince ? 'offline' : 'running',
        attemptId: attempt.id,
        startedAt: iso(attempt.startedAt),
        lastSaveAt: iso(attempt.lastSaveAt),
        lastSeenAt: iso(lastSeen),
        answeredCount: attempt.answered,
        submittedAt: attempt.status === 'submitted' ? iso(attempt.submittedAt ?? attempt.deadlineAt) : isRunning ? null : iso(attempt.deadlineAt),
        submitReason: attempt.status === 'submitted' ? attempt.submitReason : isRunning ? null : 'timeout',
        credits: credits
          .filter((credit) => credit.attemptId === attempt.id)
          .map((credit) => {
            const after = (credit.after ?? {}) as { seconds?: unknown; from?: unknown; to?: unknown };
            return { seconds: Number(after.seconds ?? 0), cause: credit.reason ?? null, from: typeof after.from === 'string' ? after.from : null, to: typeof after.to === 'string' ? after.to : null };
          }),
        sync: sealed ? { state: sealed.state as SyncState, reason: (sealed.reason as SyncReason | null) ?? null } : null,
      };
    });
    const count = (state: CentreRoomStudent['state']) => students.filter((s) => s.state === state).length;
    const syncCount = (state: SyncState) => students.filter((s) => s.sync?.state === state).length;
    return {
      scheduleId: exam.scheduleId,
      title: exam.title,
      opensAt: exam.opensAt.toISOString(),
      closesAt: exam.closesAt.toISOString(),
      durationMinutes: exam.durationMinutes,
      isUnlocked: exam.dataKey !== null,
      serverNow: now.toISOString(),
      offlineAfterSeconds: CENTRE_OFFLINE_AFTER_SECONDS,
      counts: { rostered: students.length, notStarted: count('notStarted'), running: count('running'), offline: count('offline'), submitted: count('submitted') },
      sync: {
        lastSyncAt: iso(identity.lastSyncedAt),
        counts: { complete: syncCount('complete'), damaged: syncCount('damaged'), refused: syncCount('refused'), pending: syncCount('pending') },
        sealed: outbox.size,
      },
      students,
    };
  }

  async function unlockFromCentral(actor: Actor | null, exam: StagedExamRow) {
    const identity = await requireIdentity();
    const released = await callCentral(centreEndpoints.releaseKey.path, { scheduleId: exam.scheduleId }, ReleaseKeySchema, identity.credential);
    return acceptKey(actor, exam, released.dataKey, 'central', released.serverNow ? new Date(released.serverNow) : null);
  }

  return {
    status,
    room,

    /**
     * The draw a start in a loaded window is served (decision 076): the central server's draw for
     * that window, as staged and loaded. A loaded test never draws from this server's bank (an
     * empty draw is refused by the start); null for a test of this server's own.
     */
    async stagedDraw(taskId: number, shiftId: number | null): Promise<number[] | null> {
      if (!(await repo.centralIds('task', [taskId])).size) return null;
      return shiftId === null ? [] : repo.loadedDraw(shiftId);
    },

    /**
     * Pairs this centre with a one-time code, for the administrator who does it (on the Exam Centre
     * screen, or named to `npm run centre:pair`; none: the server's first institute), whose
     * institute receives the exams.
     */
    async pair(actor: Pick<Actor, 'userId' | 'instituteId'> | null, body: PairWithCentralBody, via: 'screen' | 'commandLine' = 'screen'): Promise<CentreStatus> {
      if (await repo.identity()) throw new AppError(CENTRE_ERRORS.CENTRE_ALREADY_PAIRED);
      const paired = await callCentral(centreEndpoints.pair.path, body, PairCentreResultSchema);
      const now = clock.now();
      const stored = await repo.insertIdentity({
        centreId: paired.centreId,
        instituteId: paired.instituteId,
        instituteName: paired.instituteName,
        clientId: paired.clientId,
        name: String(body.name).trim(),
        centralUrl,
        credential: paired.credential,
        pairedAt: now,
        localInstituteId: actor?.instituteId ?? null,
      });
      if (!stored) throw new AppError(CENTRE_ERRORS.CENTRE_ALREADY_PAIRED);
      await repo.audit({ clientId: paired.clientId, instituteId: paired.instituteId, actorUserId: actor?.userId ?? null, action: 'centre.paired', targetType: 'centre', targetId: paired.centreId, after: { centralUrl, ...(via === 'commandLine' ? { via } : {}) } });
      return status();
    },

    async stage(actor: Actor | null): Promise<CentreStatus> {
      await stage(actor);
      return status();
    },

    /** Unlocks with an invigilator code (offline), or else with the key the central server releases at the start. */
    async unlock(actor: Actor, body: UnlockExamBody): Promise<LocalStagedExam> {
      const identity = await requireIdentity();
      const exam = await repo.stagedExam(Number(body.scheduleId));
      if (!exam) throw new AppError(CENTRE_ERRORS.CENTRE_EXAM_NOT_FOUND);
      const counts = await repo.rosterCounts();
      if (exam.dataKey !== null) {
        await load(actor, exam);
        return examView(exam, counts.get(exam.scheduleId) ?? 0);
      }
      let unlocked: StagedExamRow;
      if (body.code !== undefined) {
        const dataKey = await unwrapAnyWithCode(exam.invigilatorWraps.map((w) => w.wrap), String(body.code), { centreId: identity.centreId, scheduleId: exam.scheduleId });
        if (!dataKey) {
          await audit(actor, identity, 'centre.unlockRefused', exam.scheduleId, { method: 'code' });
          throw new AppError(CENTRE_ERRORS.CENTRE_UNLOCK_CODE_WRONG);
        }
        unlocked = await acceptKey(actor, exam, dataKey, 'code');
      } else {
        unlocked = await unlockFromCentral(actor, exam);
      }
      return examView(unlocked, counts.get(exam.scheduleId) ?? 0);
    },

    /** The paper of an unlocked exam (for loading into this server's own tables); null while it is locked. */
    async unlockedPaper(scheduleId: number): Promise<unknown> {
      const exam = await repo.stagedExam(scheduleId);
      if (!exam?.dataKey) return null;
      return openPaper(exam.paper, exam.dataKey, scheduleId);
    },

    /** Seals closed attempts and sends them up, resuming where the last sync stopped. */
    sync,

    /** The background round: stage, then ask for the keys of exams whose start has come, then sync. */
    async pollOnce(): Promise<void> {
      if (!(await repo.identity())) return;
      try {
        await stage(null);
      } catch (error) {
        log('centre staging failed', error);
      }
      // Asked from a little before the start on this clock: it may be behind (the central server refuses until its own start).
      for (const { scheduleId } of await repo.lockedStartedExams(new Date(clock.now().getTime() + CLOCK_TOLERANCE_MS))) {
        const exam = await repo.stagedExam(scheduleId);
        if (!exam) continue;
        try {
          await unlockFromCentral(null, exam);
        } catch (error) {
          // Not started yet on the central clock (this one may be ahead): asked again next round.
          if (error instanceof AppError && error.def.code === CENTRE_ERRORS.CENTRE_EXAM_NOT_STARTED.code) continue;
          log(`centre: the key of exam ${scheduleId} did not arrive`, error);
        }
      }
      try {
        await sync(null);
      } catch (error) {
        log('centre sync failed', error);
      }
    },
  };
}

export type LocalCentreService = ReturnType<typeof createLocalCentreService>;
