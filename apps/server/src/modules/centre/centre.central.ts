import {
  CENTRE_ERRORS,
  CENTRE_PAIRING_CODE_TTL_MS,
  CENTRE_UPCOMING_EXAMS_MAX,
  COMMON_ERRORS,
  formatCentreCode,
  type CentreList,
  type CreatePairingCodeBody,
  type InvigilatorCode,
  type IssueInvigilatorCodeBody,
  type PairCentreBody,
  type PairCentreResult,
  type PairingCode,
  type ReleaseKey,
  type ReleaseKeyBody,
  type RequestResendBody,
  type RequestResendResult,
  type ResendRequests,
  type RosterEntry,
  type StageBody,
  type StagedExam,
  type StageResult,
  SYNC_ATTEMPTS_PER_BATCH_MAX,
  SYNC_RECORDS_PER_BATCH_MAX,
  SYNC_STATE_ITEMS_MAX,
  SyncAnswerDataSchema,
  SyncAttemptHeaderSchema,
  SyncEventDataSchema,
  type CentreSyncState,
  type SyncAttemptBatch,
  type SyncAttemptState,
  type SyncBody,
  type SyncReason,
  type SyncResult,
  type SyncStateQuery,
  TEST_CONFIG_ERRORS,
} from '@app/contracts';
import type { FlattenedJWE } from 'jose';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newCentreCode, newDataKey, newSecret, sameHash, sealPaper, sha256Hex, wrapKeyForCode } from './centre.envelope.js';
import { canManageCentresOf, centreListScopeOf } from './centre.policy.js';
import type { TaskBundle } from '../academy/student/academy.student.exam-content.js';
import type { SyncedAttemptInput } from '../exam/exam.service.js';
import { verifyNext } from './centre.chain.js';
import type { CentreRepository, SyncAttemptRow, SyncedAuditEntry } from './centre.repository.js';

/** The scheme of a centre's credential in the Authorization header. */
export const CENTRE_AUTH_SCHEME = 'Centre';

/** A centre as its credential identifies it. */
export interface CentreCaller {
  id: number;
  instituteId: number;
  clientId: string;
}

/** What sync asks of the exam module: an attempt written and scored as if taken here, `onWritten` in its transaction. */
export interface SyncedAttempts {
  recordSyncedAttempt: (input: SyncedAttemptInput, onWritten: (tx: Db, attempt: { id: string }) => Promise<void>) => Promise<{ id: string }>;
}

/** What staging asks of the academy for a random-draw section: the test, and a draw by a seed (recorded as the test's drawn placements). */
export interface StagingDraws {
  loadTestBundle: (taskId: number) => Promise<TaskBundle | undefined>;
  drawForAttempt: (bundle: TaskBundle, seed: string) => Promise<Array<{ mapId: number }>>;
}

export interface CentralDeps {
  repo: CentreRepository;
  clock: Clock;
  exam: () => SyncedAttempts;
  draws: () => StagingDraws;
}

/** What one batch reads once for all its attempts: windows (null: not the centre's), rosters, questions given per window, versions' questions. */
interface BatchCache {
  schedules: Map<number, Promise<Awaited<ReturnType<CentreRepository['findSchedule']>>>>;
  rosters: Map<number, Promise<Set<number>>>;
  placed: Map<number, Promise<Map<number, number>>>;
  owners: Map<number, number>;
}
const newBatchCache = (): BatchCache => ({ schedules: new Map(), rosters: new Map(), placed: new Map(), owners: new Map() });

function once<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = load();
    map.set(key, value);
  }
  return value;
}

/** Another sync of the same attempt completed first: this import is rolled back. */
class SyncRace extends Error {}

/** An attempt's sync refused or damaged: it stops there, and nothing of it is imported. */
class SyncStop extends Error {
  constructor(
    readonly state: 'damaged' | 'refused',
    readonly reason: SyncReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

/** The paper's format version: what a centre loads into its own tables once the key arrives. */
export const PAPER_FORMAT = 1;

/** The central server's side of exam centres: pairing codes, staging, key release, invigilator codes. */
export function createCentralCentreService({ repo, clock, exam, draws }: CentralDeps) {
  const examNotFound = () => new AppError(CENTRE_ERRORS.CENTRE_EXAM_NOT_FOUND);

  const stateOf = (attemptId: string, row: SyncAttemptRow, reason?: SyncReason): SyncAttemptState => ({
    attemptId,
    state: row.state,
    reason: reason ?? ((row.reason as SyncReason | null) ?? null),
    received: row.received,
    centralAttemptId: row.attemptId,
  });

  /** Whether the header's exam was staged for this centre, and its student on the exam's roster; the exam when so. */
  async function admit(centre: CentreCaller, header: ReturnType<typeof SyncAttemptHeaderSchema.parse>, cache: BatchCache) {
    const schedule = await once(cache.schedules, header.scheduleId, async () => {
      const found = await repo.findSchedule(header.scheduleId);
      return found && found.instituteId === centre.instituteId && (await repo.isDelivered(centre.id, found.id)) ? found : null;
    });
    if (!schedule || schedule.taskId !== header.taskId) throw new SyncStop('refused', 'notStaged', { scheduleId: header.scheduleId });
    const roster = await once(cache.rosters, schedule.id, async () => new Set((await repo.rosterOf(centre.instituteId, schedule)).map((row) => row.userId)));
    if (!roster.has(header.userId)) throw new SyncStop('refused', 'notRostered', { userId: header.userId });
    return schedule;
  }

  function parseHeader(data: unknown) {
    const parsed = SyncAttemptHeaderSchema.safeParse(data);
    if (!parsed.success) throw new SyncStop('damaged', 'malformed', { index: 0 });
    return parsed.data;
  }

  /** A complete, verified chain becomes an attempt here, scored here; its credits and events go into the audit log. */
  async function importChain(centre: CentreCaller, sync: SyncAttemptRow, cache: BatchCache): Promise<string> {
    const records = await repo.syncRecords(sync.id);
    const header = parseHeader(records[0]?.data);
    await admit(centre, header, cache);
    const answers: SyncedAttemptInput['answers'] = [];
    const audits: Array<Omit<SyncedAuditEntry, 'targetId'>> = [];
    for (const record of records.slice(1)) {
      if (record.kind === 'answer') {
        const answer = SyncAnswerDataSchema.safeParse(record.data);
        if (!answer.success) throw new SyncStop('damaged', 'malformed', { index: record.index });
        const { questionTaskMapId, updatedAt, ...rest } = answer.data;
        answers.push({ ...rest, mapId: questionTaskMapId, updatedAt: new Date(updatedAt) });
      } else if (record.kind === 'event' || record.kind === 'credit') {
        const event = SyncEventDataSchema.safeParse(record.data);
        if (!event.success) throw new SyncStop('damaged', 'malformed', { index: record.index });
        const after = { ...((event.data.after as Record<string, unknown> | null) ?? {}), centreId: centre.id, centreAttemptId: sync.centreAttemptId };
        audits.push({
          clientId: centre.clientId,
          instituteId: centre.instituteId,
          actorUserId: null,
          // A credit is the same record as a credit given here; another event keeps its action inside.
          action: record.kind === 'credit' ? 'exam.outageCredit' : 'centre.syncedEvent',
          targetType: 'attempt',
          targetUserId: header.userId,
          before: event.data.before ?? null,
          after: record.kind === 'credit' ? after : { ...after, action: event.data.action },
          reason: event.data.reason,
          createdAt: new Date(event.data.at),
        });
      }
    }
    // Only the questions the centre was given for the window (the test's own and its staged draw), at versions of those questions.
    const placed = await once(cache.placed, header.scheduleId, async () => new Map([...(await repo.placedQuestions(header.taskId)), ...(await repo.stagedDrawQuestions(centre.id, header.scheduleId))]));
    const unseen = header.served.map((s) => s.questionVersionId).filter((id) => !cache.owners.has(id));
    for (const [id, questionId] of await repo.versionOwners([...new Set(unseen)])) cache.owners.set(id, questionId);
    const owners = cache.owners;
    const known = (mapId: number) => placed.has(mapId);
    if (
      !answers.every((a) => known(a.mapId)) ||
      !header.questionOrder.flat().every(known) ||
      !header.served.every((s) => placed.get(s.questionTaskMapId) === s.questionId && owners.get(s.questionVersionId) === s.questionId) ||
      new Set(answers.map((a) => a.mapId)).size !== answers.length
    ) {
      throw new SyncStop('refused', 'unknownQuestion');
    }
    const now = clock.now();
    let imported = true;
    const attempt = await exam().recordSyncedAttempt(
      {
        userId: header.userId,
        taskId: header.taskId,
        startedAt: new Date(header.startedAt),
        deadlineAt: new Date(header.deadlineAt),
        submittedAt: new Date(header.submittedAt),
        submitReason: header.submitReason,
        tabChangeWarnings: header.tabChangeWarnings,
        screenInactive: header.screenInactive ?? null,
        languageId: header.languageId,
        questionOrder: header.questionOrder,
        served: header.served,
        answers,
      },
      async (tx, written) => {
        const inTx = repo.within(tx);
        if (!(await inTx.completeSync(sync.id, written.id, now))) {
          imported = false;
          throw new SyncRace();
        }
        await inTx.auditMany(audits.map((entry) => ({ ...entry, targetId: written.id })));
      },
    ).catch((error: unknown) => {
      if (error instanceof SyncRace) return null;
      throw error;
    });
    return imported && attempt ? attempt.id : '';
  }

  /** One attempt's records of a batch: verified against what is held, appended, and imported once the chain is whole. */
  async function syncOne(centre: CentreCaller, batch: SyncAttemptBatch, cache: BatchCache): Promise<SyncAttemptState> {
    const owner = { centreId: centre.id, attemptId: batch.attemptId };
    let sync = await repo.syncAttempt(centre.id, batch.attemptId, clock.now());
    if (sync.state === 'damaged' || sync.state === 'refused') return stateOf(batch.attemptId, sync);
    const hashes = await repo.syncHashes(sync.id);
    const sameHead = sync.recordCount === null || (sync.recordCount === batch.head.recordCount && sync.headHash === batch.head.headHash);
    if (sync.state === 'complete') {
      // Sent again (its answer was lost): nothing is added. With other content: refused, the import stands.
      const verdict = verifyNext(owner, { hashes }, batch.head, batch.records);
      if (sameHead && verdict.outcome === 'complete') return stateOf(batch.attemptId, sync);
      await repo.audit({ clientId: centre.clientId, instituteId: centre.instituteId, actorUserId: null, action: 'centre.syncRefused', targetType: 'centre', targetId: centre.id, after: { centreAttemptId: batch.attemptId, reason: 'replayedWithChanges' } });
      return stateOf(batch.attemptId, sync, 'replayedWithChanges');
    }
    const now = clock.now();
    try {
      if (!sameHead) throw new SyncStop('damaged', 'replayedWithChanges', { head: batch.head });
      const verdict = verifyNext(owner, { hashes }, batch.head, batch.records);
      if (verdict.outcome === 'damaged') throw new SyncStop('damaged', verdict.reason, { atIndex: verdict.atIndex });
      const header = verdict.accepted[0]?.index === 0 ? parseHeader(verdict.accepted[0].data) : null;
      // A student or exam the centre was not given is refused as soon as its header arrives.
      if (header) await admit(centre, header, cache);
      const values = {
        received: hashes.length + verdict.accepted.length,
        lastHash: verdict.accepted.at(-1)?.hash ?? sync.lastHash,
        recordCount: batch.head.recordCount,
        headHash: batch.head.headHash,
        ...(header ? { scheduleId: header.scheduleId, userId: header.userId } : {}),
        updatedAt: now,
      };
      await repo.appendSyncRecords(sync, verdict.accepted, values);
      sync = { ...sync, ...values };
      if (verdict.outcome === 'complete') await importChain(centre, sync, cache);
    } catch (error) {
      if (!(error instanceof SyncStop)) throw error;
      await repo.updateSyncAttempt(sync.id, { state: error.state, reason: error.reason, updatedAt: now });
      await repo.audit({
        clientId: centre.clientId,
        instituteId: centre.instituteId,
        actorUserId: null,
        action: error.state === 'damaged' ? 'centre.syncDamaged' : 'centre.syncRefused',
        targetType: 'centre',
        targetId: centre.id,
        after: { centreAttemptId: batch.attemptId, reason: error.reason, ...error.detail },
      });
    }
    return stateOf(batch.attemptId, await repo.syncAttempt(centre.id, batch.attemptId, now));
  }

  /**
   * A window's random draw for a centre (decision 076): drawn once, at its first staging, by the
   * window's seed as a start in that window would be (decision 066), and kept, so every later
   * staging sends the same. Empty when the test draws nothing, or when the bank is short (the
   * centre then refuses the paper at its unlock).
   */
  async function stagedDrawOf(centre: CentreCaller, schedule: { id: number; taskId: number }): Promise<number[]> {
    const kept = await repo.stagedDraw(centre.id, schedule.id);
    if (kept.length) return kept;
    const bundle = await draws().loadTestBundle(schedule.taskId);
    if (!bundle) return [];
    const drawn = await draws().drawForAttempt(bundle, `shift:${schedule.id}`).catch((error: unknown) => {
      if (error instanceof AppError && error.def === TEST_CONFIG_ERRORS.TC_DRAW_SHORT) return [];
      throw error;
    });
    const mapIds = drawn.map((m) => m.mapId);
    await repo.recordStagedDraw(centre.id, schedule.id, mapIds);
    return mapIds;
  }

  return {
    async createPairingCode(actor: Actor, body: CreatePairingCodeBody): Promise<PairingCode> {
      const instituteId = body.instituteId === undefined ? actor.instituteId : Number(body.instituteId);
      const institute = instituteId === null ? null : await repo.findInstitute(instituteId);
      if (!institute || !canManageCentresOf(actor, institute)) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const code = newCentreCode();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CENTRE_PAIRING_CODE_TTL_MS);
      await repo.transaction(async (tx) => {
        await tx.insertPairingCode({ instituteId: institute.id, codeHash: sha256Hex(code), createdBy: actor.userId, createdAt: now, expiresAt });
        await tx.audit({ clientId: institute.clientId, instituteId: institute.id, actorUserId: actor.userId, action: 'centre.createPairingCode', targetType: 'institute', targetId: institute.id, after: { expiresAt } });
      });
      return { code: formatCentreCode(code), instituteId: institute.id, expiresAt: expiresAt.toISOString() };
    },

    async list(actor: Actor): Promise<CentreList> {
      const scope = centreListScopeOf(actor);
      if (!scope) return { items: [], institutes: [] };
      const rows = await repo.listCentres(scope);
      const centreIds = rows.map((row) => row.id);
      const deliveries = await repo.deliveriesOf(centreIds);
      const upcoming = await repo.upcomingSchedules([...new Set(rows.map((row) => row.instituteId))], clock.now(), CENTRE_UPCOMING_EXAMS_MAX);
      const codeCounts = new Map((await repo.invigilatorCodeCounts(centreIds)).map((c) => [`${c.centreId}:${c.scheduleId}`, Number(c.count)]));
      const syncCounts = new Map((await repo.syncCountsOf(centreIds)).map((c) => [`${c.centreId}:${c.state}`, Number(c.count)]));
      const syncCount = (centreId: number, state: string) => syncCounts.get(`${centreId}:${state}`) ?? 0;
      return {
        institutes: await repo.institutesInScope(scope),
        items: rows.map((row) => ({
          centreId: row.id,
          name: row.name,
          instituteId: row.instituteId,
          instituteName: row.instituteName,
          pairedAt: row.pairedAt.toISOString(),
          lastContactAt: row.lastContactAt?.toISOString() ?? null,
          stagedExams: deliveries
            .filter((d) => d.centreId === row.id)
            .map((d) => ({
              scheduleId: d.scheduleId,
              title: d.title,
              opensAt: d.opensAt.toISOString(),
              stagedAt: d.stagedAt.toISOString(),
              keyReleasedAt: d.keyReleasedAt?.toISOString() ?? null,
              invigilatorCodes: Number(d.invigilatorCodes),
            })),
          upcomingExams: upcoming
            .filter((u) => u.instituteId === row.instituteId)
            .map((u) => ({
              scheduleId: u.id,
              title: u.title,
              opensAt: u.opensAt.toISOString(),
              closesAt: u.closesAt.toISOString(),
              invigilatorCodes: codeCounts.get(`${row.id}:${u.id}`) ?? 0,
            })),
          sync: {
            lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
            counts: { complete: syncCount(row.id, 'complete'), damaged: syncCount(row.id, 'damaged'), refused: syncCount(row.id, 'refused'), pending: syncCount(row.id, 'pending') },
          },
        })),
      };
    },

    async issueInvigilatorCode(actor: Actor, body: IssueInvigilatorCodeBody): Promise<InvigilatorCode> {
      const centre = await repo.findCentre(Number(body.centreId));
      if (!centre || !canManageCentresOf(actor, { id: centre.instituteId, clientId: centre.clientId })) throw new AppError(CENTRE_ERRORS.CENTRE_NOT_FOUND);
      const schedule = await repo.findSchedule(Number(body.scheduleId));
      if (!schedule || schedule.instituteId !== centre.instituteId) throw examNotFound();
      const now = clock.now();
      const dataKey = await repo.examKey(schedule.id, newDataKey(), now);
      const code = newCentreCode();
      const wrap = await wrapKeyForCode(dataKey, code, { centreId: centre.id, scheduleId: schedule.id });
      const issued = await repo.transaction(async (tx) => {
        const row = await tx.insertInvigilatorCode({ centreId: centre.id, scheduleId: schedule.id, wrap, issuedBy: actor.userId, issuedAt: now });
        await tx.audit({ clientId: centre.clientId, instituteId: centre.instituteId, actorUserId: actor.userId, action: 'centre.issueInvigilatorCode', targetType: 'centre', targetId: centre.id, after: { scheduleId: schedule.id, codeId: row.id } });
        return row;
      });
      return { code: formatCentreCode(code), centreId: centre.id, scheduleId: schedule.id, issuedAt: issued.issuedAt.toISOString() };
    },

    /** Pairs a centre with a code: the code is used up, the centre gets a credential whose hash alone is kept. */
    async pair(body: PairCentreBody): Promise<PairCentreResult> {
      const now = clock.now();
      const secret = newSecret();
      const result = await repo.transaction(async (tx) => {
        const code = await tx.consumePairingCode(sha256Hex(body.code), now);
        if (!code) return null;
        const institute = await tx.findInstitute(code.instituteId);
        if (!institute) return null;
        const centre = await tx.insertCentre({ instituteId: institute.id, name: body.name, credentialHash: sha256Hex(secret), pairedBy: code.createdBy, pairedAt: now, lastContactAt: now });
        await tx.linkPairingCode(code.id, centre.id);
        await tx.audit({ clientId: institute.clientId, instituteId: institute.id, actorUserId: code.createdBy, action: 'centre.pair', targetType: 'centre', targetId: centre.id, after: { name: body.name } });
        return { centre, institute };
      });
      if (!result) throw new AppError(CENTRE_ERRORS.CENTRE_PAIRING_CODE_INVALID);
      return { centreId: result.centre.id, instituteId: result.institute.id, clientId: result.institute.clientId, instituteName: result.institute.name, credential: `${result.centre.id}.${secret}` };
    },

    /** The centre an `Authorization: Centre <id>.<secret>` header names, or 401. */
    async authenticate(header: string | undefined): Promise<CentreCaller> {
      const invalid = () => new AppError(CENTRE_ERRORS.CENTRE_CREDENTIAL_INVALID);
      const [scheme, credential, ...rest] = (header ?? '').trim().split(/\s+/);
      if (scheme?.toLowerCase() !== CENTRE_AUTH_SCHEME.toLowerCase() || !credential || rest.length) throw invalid();
      const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(credential);
      if (!match) throw invalid();
      const centre = await repo.findCentre(Number(match[1]));
      if (!centre || !sameHash(centre.credentialHash, sha256Hex(match[2]!))) throw invalid();
      await repo.touchCentre(centre.id, clock.now());
      return { id: centre.id, instituteId: centre.instituteId, clientId: centre.clientId };
    },

    /** The centre's institute's tests for the window ahead, each paper sealed under its exam's key, with the roster. */
    async stage(centre: CentreCaller, body: StageBody): Promise<StageResult> {
      const now = clock.now();
      const aheadHours = Number(body.aheadHours);
      const schedules = await repo.schedulesToStage(centre.instituteId, now, new Date(now.getTime() + aheadHours * 3_600_000));
      const wraps = await repo.invigilatorWraps(centre.id, schedules.map((s) => s.id));
      const papers = new Map<number, Awaited<ReturnType<CentreRepository['paperRows']>>>();
      const roster = new Map<number, RosterEntry>();
      const exams: StagedExam[] = [];
      for (const schedule of schedules) {
        let rows = papers.get(schedule.taskId);
        if (!rows) {
          rows = await repo.paperRows(schedule.taskId);
          papers.set(schedule.taskId, rows);
        }
        // A random-draw section comes as the window's draw, its questions inside the paper like the test's own.
        const drawnIds = rows.sections.some((s) => s.questionSource === 'draw') ? await stagedDrawOf(centre, schedule) : [];
        if (drawnIds.length) rows = await repo.paperRows(schedule.taskId, drawnIds);
        const byQuestion = new Map(rows.questions.map((q) => [q.id, q.currentVersionId]));
        const paper = {
          format: PAPER_FORMAT,
          scheduleId: schedule.id,
          ...rows,
          // The served set a centre's attempts get: each placed question at its current version.
          servedSet: rows.taskQuestions.map((tq) => ({ questionTaskMapId: tq.id, questionId: tq.questionId, questionVersionId: byQuestion.get(tq.questionId) ?? null })),
          drawnSectionIds: rows.sections.filter((s) => s.questionSource === 'draw').map((s) => s.id),
          // The window's draw, in order: what every attempt there is served in the draw sections.
          drawnQuestionTaskMapIds: drawnIds,
          // Who the window is for: the centre makes the same class and section by name.
          window: { classId: schedule.classId, className: schedule.className, sectionId: schedule.sectionId, sectionName: schedule.sectionName },
        };
        const dataKey = await repo.examKey(schedule.id, newDataKey(), now);
        exams.push({
          scheduleId: schedule.id,
          taskId: schedule.taskId,
          title: schedule.title,
          opensAt: schedule.opensAt.toISOString(),
          closesAt: schedule.closesAt.toISOString(),
          lateStartUntil: schedule.lateStartUntil?.toISOString() ?? null,
          durationMinutes: schedule.durationMinutes,
          paper: await sealPaper(paper, dataKey, schedule.id),
          invigilatorWraps: wraps.filter((w) => w.scheduleId === schedule.id).map((w) => ({ codeId: w.id, wrap: w.wrap as FlattenedJWE as StagedExam['invigilatorWraps'][number]['wrap'] })),
        });
        for (const student of await repo.rosterOf(centre.instituteId, schedule)) {
          const entry = roster.get(student.userId) ?? { ...student, scheduleIds: [] };
          entry.scheduleIds.push(schedule.id);
          roster.set(student.userId, entry);
        }
      }
      await repo.transaction(async (tx) => {
        await tx.recordDeliveries(centre.id, schedules.map((s) => s.id), now);
        await tx.audit({ clientId: centre.clientId, instituteId: centre.instituteId, actorUserId: null, action: 'centre.stage', targetType: 'centre', targetId: centre.id, after: { scheduleIds: schedules.map((s) => s.id), students: roster.size } });
      });
      return { centreId: centre.id, instituteId: centre.instituteId, stagedAt: now.toISOString(), exams, roster: [...roster.values()] };
    },

    /**
     * A batch of the centre's attempts' chained records (decision 063): each attempt's records are
     * checked against what is held, appended, and the attempt imported and scored here once its
     * chain is whole; one that is not whole, or not the centre's to send, stops with its reason.
     */
    async sync(centre: CentreCaller, body: SyncBody): Promise<SyncResult> {
      const records = body.attempts.reduce((sum, attempt) => sum + attempt.records.length, 0);
      if (records > SYNC_RECORDS_PER_BATCH_MAX) throw new AppError(CENTRE_ERRORS.CENTRE_SYNC_BATCH_TOO_LARGE);
      const cache = newBatchCache();
      const attempts: SyncAttemptState[] = [];
      for (const batch of body.attempts) attempts.push(await syncOne(centre, batch as SyncAttemptBatch, cache));
      await repo.markCentreSynced(centre.id, clock.now());
      return { attempts };
    },

    /** A centre's sync state, for the administrators who manage it. */
    async syncState(actor: Actor, query: SyncStateQuery): Promise<CentreSyncState> {
      const centre = await repo.findCentre(Number(query.centreId));
      if (!centre || !canManageCentresOf(actor, { id: centre.instituteId, clientId: centre.clientId })) throw new AppError(CENTRE_ERRORS.CENTRE_NOT_FOUND);
      const { counts, items, lastSyncAt } = await repo.syncStateOf(centre.id, SYNC_STATE_ITEMS_MAX);
      return {
        centreId: centre.id,
        name: centre.name,
        lastSyncAt: lastSyncAt?.toISOString() ?? null,
        counts: { complete: counts.get('complete') ?? 0, damaged: counts.get('damaged') ?? 0, refused: counts.get('refused') ?? 0, pending: counts.get('pending') ?? 0 },
        items: items.map((row) => ({
          centreAttemptId: row.centreAttemptId,
          centralAttemptId: row.attemptId,
          scheduleId: row.scheduleId,
          userId: row.userId,
          state: row.state,
          reason: (row.reason as SyncReason | null) ?? null,
          received: row.received,
          recordCount: row.recordCount,
          resendRequestedAt: row.resendRequestedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    /**
     * An administrator of the centre's institute asks for a fresh copy of a damaged attempt: what
     * was held of its chain is dropped and it waits, pending, for the centre to send it whole from
     * its own records on its next sync (decision 070). Only a damaged attempt; audited.
     */
    async requestResend(actor: Actor, body: RequestResendBody): Promise<RequestResendResult> {
      const centre = await repo.findCentre(Number(body.centreId));
      if (!centre || !canManageCentresOf(actor, { id: centre.instituteId, clientId: centre.clientId })) throw new AppError(CENTRE_ERRORS.CENTRE_NOT_FOUND);
      const centreAttemptId = String(body.centreAttemptId);
      const sync = await repo.findSyncAttempt(centre.id, centreAttemptId);
      if (!sync) throw new AppError(CENTRE_ERRORS.CENTRE_SYNC_ATTEMPT_NOT_FOUND);
      if (sync.state !== 'damaged') throw new AppError(CENTRE_ERRORS.CENTRE_SYNC_NOT_DAMAGED);
      const now = clock.now();
      const reset = await repo.transaction(async (tx) => {
        if (!(await tx.resetDamagedSync(sync.id, now))) return false;
        await tx.audit({
          clientId: centre.clientId,
          instituteId: centre.instituteId,
          actorUserId: actor.userId,
          action: 'centre.resendRequested',
          targetType: 'centre',
          targetId: centre.id,
          after: { centreAttemptId, was: { state: sync.state, reason: sync.reason, received: sync.received }, state: 'pending' },
        });
        return true;
      });
      // Asked by another administrator a moment before: it is no longer damaged.
      if (!reset) throw new AppError(CENTRE_ERRORS.CENTRE_SYNC_NOT_DAMAGED);
      return { centreId: centre.id, centreAttemptId, state: 'pending', resendRequestedAt: now.toISOString() };
    },

    /** The centre's attempts asked for again whose chain has not started to arrive (the centre reseals and sends them). */
    async resendRequests(centre: CentreCaller): Promise<ResendRequests> {
      return { attemptIds: await repo.resendRequestsOf(centre.id, SYNC_ATTEMPTS_PER_BATCH_MAX) };
    },

    /** An exam's data key for a centre of its institute, from its scheduled start on. */
    async releaseKey(centre: CentreCaller, body: ReleaseKeyBody): Promise<ReleaseKey> {
      const schedule = await repo.findSchedule(Number(body.scheduleId));
      if (!schedule || schedule.instituteId !== centre.instituteId) throw examNotFound();
      const now = clock.now();
      if (now < schedule.opensAt) throw new AppError(CENTRE_ERRORS.CENTRE_EXAM_NOT_STARTED);
      const dataKey = await repo.examKey(schedule.id, newDataKey(), now);
      await repo.transaction(async (tx) => {
        await tx.recordKeyRelease(centre.id, schedule.id, now);
        await tx.audit({ clientId: centre.clientId, instituteId: centre.instituteId, actorUserId: null, action: 'centre.releaseKey', targetType: 'centre', targetId: centre.id, after: { scheduleId: schedule.id } });
      });
      return { scheduleId: schedule.id, dataKey, serverNow: clock.now().toISOString() };
    },
  };
}

export type CentralCentreService = ReturnType<typeof createCentralCentreService>;
