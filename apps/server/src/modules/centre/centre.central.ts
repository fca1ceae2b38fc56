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
  type RosterEntry,
  type StageBody,
  type StagedExam,
  type StageResult,
} from '@app/contracts';
import type { FlattenedJWE } from 'jose';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newCentreCode, newDataKey, newSecret, sameHash, sealPaper, sha256Hex, wrapKeyForCode } from './centre.envelope.js';
import { canManageCentresOf, centreListScopeOf } from './centre.policy.js';
import type { CentreRepository } from './centre.repository.js';

/** The scheme of a centre's credential in the Authorization header. */
export const CENTRE_AUTH_SCHEME = 'Centre';

/** A centre as its credential identifies it. */
export interface CentreCaller {
  id: number;
  instituteId: number;
  clientId: string;
}

export interface CentralDeps {
  repo: CentreRepository;
  clock: Clock;
}

/** The paper's format version: what a centre loads into its own tables once the key arrives. */
export const PAPER_FORMAT = 1;

/** The central server's side of exam centres: pairing codes, staging, key release, invigilator codes. */
export function createCentralCentreService({ repo, clock }: CentralDeps) {
  const examNotFound = () => new AppError(CENTRE_ERRORS.CENTRE_EXAM_NOT_FOUND);

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
        const byQuestion = new Map(rows.questions.map((q) => [q.id, q.currentVersionId]));
        const paper = {
          format: PAPER_FORMAT,
          scheduleId: schedule.id,
          ...rows,
          // The served set a centre's attempts get: each placed question at its current version.
          servedSet: rows.taskQuestions.map((tq) => ({ questionTaskMapId: tq.id, questionId: tq.questionId, questionVersionId: byQuestion.get(tq.questionId) ?? null })),
          // Random draws happen per attempt from the bank; a later slice stages their pools.
          drawnSectionIds: rows.sections.filter((s) => s.questionSource === 'draw').map((s) => s.id),
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
      return { scheduleId: schedule.id, dataKey };
    },
  };
}

export type CentralCentreService = ReturnType<typeof createCentralCentreService>;
