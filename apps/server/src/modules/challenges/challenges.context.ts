import { CHALLENGE_ERRORS, isStaffRole, type Challenge, type ExamStatistics, type Language, type Post } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditEntry } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import type { Mailer } from '../../lib/mailer.js';
import type { MappedQuestion, TaskBundle } from '../academy/student/academy.student.exam-content.js';
import type { AttemptRow } from '../exam/exam.repository.js';
import { staffReachesTest } from './challenges.policy.js';
import type { ChallengeRow, ChallengesRepository, PostRow, ThreadRef } from './challenges.repository.js';

export type Award = 'key' | 'bonus' | 'dropped';

export interface ChallengesServiceDeps {
  repo: ChallengesRepository;
  clock: Clock;
  mailer: Mailer;
  /** Where a challenge's picture is kept; it is shown through links that expire. */
  files: FileStore;
  exam: {
    listSubmittedAttempts(userId: number, filter: { taskId?: number }): Promise<AttemptRow[]>;
    loadAttemptBundle(attempt: { id: string; taskId: number }): Promise<TaskBundle>;
  };
  academy: {
    loadTestBundle(taskId: number): Promise<TaskBundle | undefined>;
    /** Of these placements, the test's drawn ones (served by draws), at their current versions. */
    drawnPlacements(taskId: number, mapIds: number[]): Promise<MappedQuestion[]>;
    taskNames(taskIds: number[]): Promise<Map<number, { name: string }>>;
  };
  /** The feedback report's release rule: whether the attempt's report shows this question's key to the actor. */
  keyShown(actor: Actor, attemptId: string, questionId: number): Promise<boolean>;
  /** The test's statistics as its statistics page shows them (item statistics per question). */
  statistics(actor: Actor, taskId: number): Promise<ExamStatistics>;
  bank: {
    decideKey(
      actor: Actor,
      input: { questionId: number; correctAnswerId?: number | number[]; acceptedAnswerIds: number[]; award: Award; changeNote: string },
    ): Promise<{ version: number; versionId: number }>;
    regrade(actor: Actor, body: { questionId: number }): Promise<{ regradeId: number | null; toVersion: number; attempts: unknown[] }>;
  };
  displayNames(userIds: number[]): Promise<Map<number, string>>;
  audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void>;
  log?: (text: string, error?: unknown) => void;
}

export const notFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_QUESTION_NOT_FOUND);
export const postNotFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_POST_NOT_FOUND);

export const challengeNotFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_NOT_FOUND);

/** How long a link to a challenge's picture works: long enough to read the list, short enough not to travel far. */
export const CHALLENGE_IMAGE_LINK_SECONDS = 3600;

/**
 * What the challenges service's operation files share: a challenge and posts as their reader sees
 * them, and the question a student (through their released attempt) or staff (through the test)
 * reaches, with its thread.
 */
export function createChallengesContext(deps: ChallengesServiceDeps) {
  const log = deps.log ?? (() => undefined);

  /** A challenge as its reader sees it; the caller has checked the reader may see it (its student, the test's staff). */
  const toChallenge = async (row: ChallengeRow & { decisionNote: string | null }): Promise<Challenge> => ({
    id: row.id,
    taskId: row.taskId,
    questionTaskMapID: row.questionTaskMapId,
    reason: row.reason,
    status: row.status as Challenge['status'],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    imageUrl: row.imageKey ? await deps.files.signedUrl(row.imageKey, { expiresIn: CHALLENGE_IMAGE_LINK_SECONDS }) : null,
  });

  /** The student's newest submitted attempt served the question, once its key is released to them. */
  async function studentQuestion(actor: Actor, taskId: number, mapId: number) {
    if (isStaffRole(actor.role)) throw notFound();
    for (const attempt of await deps.exam.listSubmittedAttempts(actor.userId, { taskId })) {
      const bundle = await deps.exam.loadAttemptBundle(attempt);
      const map = bundle.maps.find((m) => m.mapId === mapId);
      if (!map) continue;
      if (!(await deps.keyShown(actor, attempt.id, map.question.id))) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_NOT_RELEASED);
      const thread: ThreadRef = { clientId: actor.clientId, instituteId: actor.instituteId, taskId, questionTaskMapId: mapId };
      return { attempt, map, thread };
    }
    throw notFound();
  }

  /** The test (at its current versions), for staff who reach it. */
  async function staffTest(actor: Actor, taskId: number) {
    const bundle = await deps.academy.loadTestBundle(taskId);
    if (!bundle || !staffReachesTest(actor, bundle.task)) throw notFound();
    return bundle;
  }

  /**
   * The test's own placements and, of these ids, the drawn ones its attempts were served (a draw
   * section's questions are placements of single attempts or shifts, not of the test): a copy,
   * the bundle being shared.
   */
  async function withDrawn(bundle: TaskBundle, mapIds: number[]): Promise<TaskBundle> {
    const own = new Set(bundle.maps.map((m) => m.mapId));
    const missing = [...new Set(mapIds)].filter((id) => !own.has(id));
    if (!missing.length) return bundle;
    const drawn = await deps.academy.drawnPlacements(bundle.task.id, missing);
    return drawn.length ? { ...bundle, maps: [...bundle.maps, ...drawn] } : bundle;
  }

  async function staffQuestion(actor: Actor, taskId: number, mapId: number) {
    const bundle = await withDrawn(await staffTest(actor, taskId), [mapId]);
    const index = bundle.maps.findIndex((m) => m.mapId === mapId);
    if (index < 0) throw notFound();
    const thread: ThreadRef = { clientId: actor.clientId, instituteId: actor.instituteId, taskId, questionTaskMapId: mapId };
    return { bundle, map: bundle.maps[index]!, number: index + 1, thread };
  }

  /** The thread the caller may read or write: the student's own institute's, or the staff member's. */
  async function threadOf(actor: Actor, taskId: number, mapId: number) {
    if (isStaffRole(actor.role)) return { ...(await staffQuestion(actor, taskId, mapId)), attempt: null };
    return { ...(await studentQuestion(actor, taskId, mapId)) };
  }

  async function presentPosts(actor: Actor, rows: PostRow[]): Promise<Post[]> {
    const names = await deps.displayNames([...new Set(rows.flatMap((r) => (r.hiddenBy ? [r.userId, r.hiddenBy] : [r.userId])))]);
    const isStaff = isStaffRole(actor.role);
    return rows.map((r) => ({
      id: r.id,
      authorName: names.get(r.userId) ?? '',
      isStaff: r.isStaff,
      isOwn: r.userId === actor.userId,
      language: r.language as Language,
      text: r.text,
      isPinned: r.pinnedAt !== null,
      createdAt: r.createdAt.toISOString(),
      moderation:
        isStaff && r.hiddenAt
          ? { reason: r.hiddenReason ?? '', by: (r.hiddenBy ? names.get(r.hiddenBy) : undefined) ?? '', at: r.hiddenAt.toISOString() }
          : null,
    }));
  }

  return { deps, log, toChallenge, studentQuestion, staffTest, withDrawn, staffQuestion, threadOf, presentPosts };
}
export type ChallengesContext = ReturnType<typeof createChallengesContext>;
