import {
  CENTRE_ERRORS,
  centreEndpoints,
  envelope,
  PairCentreResultSchema,
  ReleaseKeySchema,
  StageResultSchema,
  type CentreStatus,
  type LocalStagedExam,
  type PairWithCentralBody,
  type UnlockExamBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { CENTRE_AUTH_SCHEME } from './centre.central.js';
import { EnvelopeRefused, openPaper, unwrapAnyWithCode } from './centre.envelope.js';
import { assertRunnable, loadExam } from './centre.loader.js';
import type { CentreRepository, StagedExamRow } from './centre.repository.js';

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
  async function acceptKey(actor: Actor | null, exam: StagedExamRow, dataKey: string, method: 'central' | 'code') {
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
    const updated = await repo.setUnlocked(exam.scheduleId, dataKey, method, now);
    if (updated) await audit(actor, identity, 'centre.unlock', exam.scheduleId, { method });
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

  async function unlockFromCentral(actor: Actor | null, exam: StagedExamRow) {
    const identity = await requireIdentity();
    const released = await callCentral(centreEndpoints.releaseKey.path, { scheduleId: exam.scheduleId }, ReleaseKeySchema, identity.credential);
    return acceptKey(actor, exam, released.dataKey, 'central');
  }

  return {
    status,

    async pair(actor: Actor, body: PairWithCentralBody): Promise<CentreStatus> {
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
        localInstituteId: actor.instituteId,
      });
      if (!stored) throw new AppError(CENTRE_ERRORS.CENTRE_ALREADY_PAIRED);
      await repo.audit({ clientId: paired.clientId, instituteId: paired.instituteId, actorUserId: actor.userId, action: 'centre.paired', targetType: 'centre', targetId: paired.centreId, after: { centralUrl } });
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

    /** The background round: stage, then ask for the keys of exams whose start has come. */
    async pollOnce(): Promise<void> {
      if (!(await repo.identity())) return;
      try {
        await stage(null);
      } catch (error) {
        log('centre staging failed', error);
      }
      for (const { scheduleId } of await repo.lockedStartedExams(clock.now())) {
        const exam = await repo.stagedExam(scheduleId);
        if (!exam) continue;
        try {
          await unlockFromCentral(null, exam);
        } catch (error) {
          log(`centre: the key of exam ${scheduleId} did not arrive`, error);
        }
      }
    },
  };
}

export type LocalCentreService = ReturnType<typeof createLocalCentreService>;
