import {
  ADAPTIVE_ERRORS,
  ADAPTIVE_MAX_ITEMS,
  type AdaptiveAnswerBody,
  type AdaptiveOverview,
  type AdaptiveSession,
  type AdaptiveSessionQuery,
  type StartAdaptiveBody,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import {
  ADAPTIVE_MIN_CALIBRATED,
  PRIOR_DIFFICULTY,
  PRIOR_DISCRIMINATION,
  estimateAbility,
  isFinished,
  scoreBand,
  selectNextItem,
  topicGains,
  type PoolItem,
} from './adaptive.cat.js';
import type { AdaptiveAnswerRow, AdaptiveRepository, AdaptiveSessionRow, BankScope } from './adaptive.repository.js';

/** A subject needs at least this many items for an adaptive test. */
export const ADAPTIVE_MIN_POOL = 10;
const SESSIONS_LISTED = 20;

export interface AdaptiveServiceDeps {
  repo: AdaptiveRepository;
  clock: Clock;
  /** Draws among the most informative items (exposure control); tests may fix it. */
  random?: () => number;
}

interface Pool {
  items: PoolItem[];
  usesPrior: boolean;
  topicNames: Map<number, string>;
}

export function createAdaptiveService(deps: AdaptiveServiceDeps) {
  const { repo, clock } = deps;
  const random = deps.random ?? Math.random;

  const scopeOf = (actor: Actor): BankScope => ({ clientId: actor.clientId, instituteId: actor.instituteId });

  /**
   * The student's reachable one-answer items with their parameters. Each item sits in its first
   * topic; its subject is that topic's top-level ancestor. With fewer than ADAPTIVE_MIN_CALIBRATED
   * calibrated items, uncalibrated ones join at the prior of their difficulty label.
   */
  async function loadPool(actor: Actor): Promise<Pool> {
    const [rows, topicRows] = await Promise.all([repo.listPoolRows(scopeOf(actor)), repo.listTopics()]);
    const parent = new Map(topicRows.map((t) => [t.id, t.parentId]));
    const topicNames = new Map(topicRows.map((t) => [t.id, t.name]));
    const rootOf = (id: number): number => {
      let at = id;
      for (let depth = 0; depth < 32; depth += 1) {
        const up = parent.get(at);
        if (up === null || up === undefined) return at;
        at = up;
      }
      return at;
    };
    const byVersion = new Map<number, (typeof rows)[number]>();
    for (const row of rows) {
      const seen = byVersion.get(row.versionId);
      // The first topic is kept; an institute's own calibration wins over the client's.
      if (!seen || (seen.topicId === row.topicId && seen.calibrationInstituteId === null && row.calibrationInstituteId !== null)) byVersion.set(row.versionId, row);
    }
    const all = [...byVersion.values()];
    const calibrated = all.filter((row) => row.difficulty !== null && row.discrimination !== null);
    const usesPrior = calibrated.length < ADAPTIVE_MIN_CALIBRATED && calibrated.length < all.length;
    const chosen = usesPrior ? all : calibrated;
    const items = chosen.map((row) => ({
      versionId: row.versionId,
      subjectId: rootOf(row.topicId),
      topicId: row.topicId,
      difficulty: row.difficulty ?? PRIOR_DIFFICULTY[row.label] ?? 0,
      discrimination: row.discrimination ?? PRIOR_DISCRIMINATION,
      guessing: row.difficulty === null ? null : row.guessing,
    }));
    return { items, usesPrior, topicNames };
  }

  const subjectPool = (pool: Pool, subjectId: number | null): PoolItem[] => (subjectId === null ? pool.items : pool.items.filter((item) => item.subjectId === subjectId));

  async function ownSession(actor: Actor, sessionId: number): Promise<AdaptiveSessionRow> {
    const session = await repo.findSession(sessionId, actor.userId);
    if (!session) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_SESSION_NOT_FOUND);
    return session;
  }

  const countsOf = (answers: readonly AdaptiveAnswerRow[]) => {
    const subjectCounts = new Map<number, number>();
    const topicCounts = new Map<number, number>();
    for (const a of answers) {
      subjectCounts.set(a.subjectTopicId, (subjectCounts.get(a.subjectTopicId) ?? 0) + 1);
      topicCounts.set(a.topicId, (topicCounts.get(a.topicId) ?? 0) + 1);
    }
    return { subjectCounts, topicCounts };
  };

  /** What the student sees: the item being asked (text and options, no key) or the result. */
  async function view(session: AdaptiveSessionRow, answers: readonly AdaptiveAnswerRow[]): Promise<AdaptiveSession> {
    const names = await repo.topicNames([...(session.subjectTopicId ? [session.subjectTopicId] : []), ...(session.result?.topics.map((t) => t.topicId) ?? [])]);
    let item: AdaptiveSession['item'] = null;
    if (session.status === 'active' && session.currentVersionId !== null) {
      const [texts, topic] = await Promise.all([repo.versionTexts(session.currentVersionId), repo.topicOfVersion(session.currentVersionId)]);
      item = { questionVersionId: session.currentVersionId, position: answers.length + 1, topicName: topic ?? '', texts };
    }
    const result = session.result
      ? { ...session.result, theta: session.theta, se: session.se, topics: session.result.topics.map((t) => ({ ...t, name: names.get(t.topicId) ?? '' })) }
      : null;
    const last = answers.at(-1);
    return {
      sessionId: session.id,
      subjectName: session.subjectTopicId ? (names.get(session.subjectTopicId) ?? null) : null,
      status: session.status as AdaptiveSession['status'],
      answered: answers.length,
      maxItems: ADAPTIVE_MAX_ITEMS,
      usesPrior: session.usesPrior,
      lastCorrect: last ? last.isCorrect : null,
      item,
      result,
    };
  }

  return {
    async getOverview(actor: Actor): Promise<AdaptiveOverview> {
      const [pool, sessions] = await Promise.all([loadPool(actor), repo.listSessions(actor.userId, SESSIONS_LISTED)]);
      const perSubject = new Map<number, number>();
      for (const item of pool.items) perSubject.set(item.subjectId, (perSubject.get(item.subjectId) ?? 0) + 1);
      const subjects = [...perSubject.entries()]
        .filter(([, n]) => n >= ADAPTIVE_MIN_POOL)
        .map(([id, items]) => ({ id, name: pool.topicNames.get(id) ?? '', items }))
        .sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
      return {
        subjects,
        items: pool.items.length,
        sessions: sessions.map((s) => ({
          sessionId: s.id,
          subjectName: s.subjectTopicId ? (pool.topicNames.get(s.subjectTopicId) ?? null) : null,
          status: s.status as AdaptiveSession['status'],
          answered: s.answered,
          startedAt: s.startedAt.toISOString(),
          score: s.result?.score ?? null,
        })),
      };
    },

    async startSession(actor: Actor, body: StartAdaptiveBody): Promise<AdaptiveSession> {
      const pool = await loadPool(actor);
      const items = subjectPool(pool, body.subjectId);
      if (body.subjectId !== null && items.length === 0) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_SUBJECT_NOT_FOUND);
      if (items.length < ADAPTIVE_MIN_POOL) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_TOO_FEW_ITEMS);
      const first = selectNextItem(items, { theta: 0, served: new Set(), subjectCounts: new Map(), topicCounts: new Map() }, random)!;
      const now = clock.now();
      const session = await repo.createSession({
        userId: actor.userId,
        subjectTopicId: body.subjectId,
        usesPrior: pool.usesPrior,
        currentVersionId: first.versionId,
        startedAt: now,
        updatedAt: now,
      });
      return view(session, []);
    },

    async getSession(actor: Actor, query: AdaptiveSessionQuery): Promise<AdaptiveSession> {
      const session = await ownSession(actor, query.sessionId);
      return view(session, await repo.listAnswers(session.id));
    },

    /** Scores the answer with the stored key, re-estimates, and picks the next item or finishes. */
    async answer(actor: Actor, body: AdaptiveAnswerBody): Promise<AdaptiveSession> {
      const session = await ownSession(actor, body.sessionId);
      if (session.status !== 'active' || session.currentVersionId !== body.questionVersionId) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_ITEM_NOT_CURRENT);
      const texts = await repo.versionTexts(body.questionVersionId);
      if (!texts.some((text) => text.options.some((option) => option.answerID === body.answerId))) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_OPTION_NOT_FOUND);
      const [key, answers, pool] = await Promise.all([repo.keyOf(body.questionVersionId), repo.listAnswers(session.id), loadPool(actor)]);
      const items = subjectPool(pool, session.subjectTopicId);
      const asked = items.find((item) => item.versionId === body.questionVersionId) ?? pool.items.find((item) => item.versionId === body.questionVersionId);
      // An item that left the pool since it was served (deleted topic, new version) is scored at the prior.
      const params = asked ?? { versionId: body.questionVersionId, subjectId: session.subjectTopicId ?? 0, topicId: 0, difficulty: 0, discrimination: PRIOR_DISCRIMINATION };
      const isCorrect = Array.isArray(key) ? key.length === 1 && key[0] === body.answerId : key === body.answerId;
      const now = clock.now();
      const answer = {
        sessionId: session.id,
        position: answers.length + 1,
        questionVersionId: body.questionVersionId,
        subjectTopicId: params.subjectId,
        topicId: params.topicId,
        difficulty: params.difficulty,
        discrimination: params.discrimination,
        guessing: params.guessing ?? null,
        answerId: body.answerId,
        isCorrect,
        answeredAt: now,
      };
      const all = [...answers, answer];
      const estimate = estimateAbility(all.map((a) => ({ difficulty: a.difficulty, discrimination: a.discrimination, guessing: a.guessing, correct: a.isCorrect })));
      const { subjectCounts, topicCounts } = countsOf(all);
      const next = isFinished(estimate, all.length)
        ? null
        : selectNextItem(items, { theta: estimate.theta, served: new Set(all.map((a) => a.questionVersionId)), subjectCounts, topicCounts }, random);
      const finished = next === null;
      const band = finished ? scoreBand(items, estimate) : null;
      const moved = await repo.recordAnswer(session.id, body.questionVersionId, answer, {
        theta: estimate.theta,
        se: estimate.se,
        currentVersionId: next?.versionId ?? null,
        status: finished ? 'finished' : 'active',
        result: band ? { ...band, topics: topicGains(items, estimate.theta) } : null,
        updatedAt: now,
        finishedAt: finished ? now : null,
      });
      if (!moved) throw new AppError(ADAPTIVE_ERRORS.ADAPTIVE_ITEM_NOT_CURRENT);
      const updated = (await repo.findSession(session.id, actor.userId))!;
      return view(updated, await repo.listAnswers(session.id));
    },
  };
}

export type AdaptiveService = ReturnType<typeof createAdaptiveService>;
