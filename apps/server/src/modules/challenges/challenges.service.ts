import {
  CHALLENGE_ERRORS,
  isStaffRole,
  type Challenge,
  type ChallengeList,
  type CreateChallengeBodySchema,
  type CreatePostBodySchema,
  type DecideBodySchema,
  type DecisionResult,
  type ExamStatistics,
  type KeyDecision,
  type Language,
  type Post,
  type Thread,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditEntry } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { acceptUpload, CHALLENGE_IMAGE_POLICY, type FileStore } from '../../lib/file-store/index.js';
import type { Mailer } from '../../lib/mailer.js';
import type { MappedQuestion, TaskBundle } from '../academy/student/academy.student.exam-content.js';
import type { AttemptRow } from '../exam/exam.repository.js';
import { decisionMail } from './challenges.mail.js';
import { inStaffPlace, staffPlaceOf, staffReachesTest } from './challenges.policy.js';
import type { ChallengeRow, ChallengesRepository, PostRow, ThreadRef } from './challenges.repository.js';
import { plainText } from './challenges.text.js';

type Award = 'key' | 'bonus' | 'dropped';

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

const notFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_QUESTION_NOT_FOUND);
const postNotFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_POST_NOT_FOUND);

const challengeNotFound = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_NOT_FOUND);

/** How long a link to a challenge's picture works: long enough to read the list, short enough not to travel far. */
export const CHALLENGE_IMAGE_LINK_SECONDS = 3600;

/** The award and key a decision gives the question's next version, from its current one. */
function nextKey(
  decision: Exclude<KeyDecision, 'keep'>,
  question: MappedQuestion['question'],
  answerIds: number[],
): { correctAnswerId?: number | number[]; acceptedAnswerIds: number[]; award: Award } {
  if (decision === 'bonus') return { acceptedAnswerIds: [], award: 'bonus' };
  if (decision === 'drop') return { acceptedAnswerIds: [], award: 'dropped' };
  const key = question.correctAnswerId;
  if (key === null) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_KEY_NOT_OPTIONS);
  const optionIds = new Set(question.options.map((o) => o.answerID));
  const ids = [...new Set(answerIds)];
  const invalid = () => new AppError(CHALLENGE_ERRORS.CHALLENGE_ANSWERS_INVALID);
  if (!ids.length || ids.some((id) => !optionIds.has(id))) throw invalid();
  if (decision === 'change') {
    if (Array.isArray(key)) return { correctAnswerId: ids.sort((a, b) => a - b), acceptedAnswerIds: [], award: 'key' };
    if (ids.length !== 1) throw invalid();
    return { correctAnswerId: ids[0]!, acceptedAnswerIds: [], award: 'key' };
  }
  // Several answers accepted: a single-answer question keeps one key and accepts the others beside it.
  if (Array.isArray(key) || ids.length < 2) throw invalid();
  const kept = ids.includes(key) ? key : ids[0]!;
  return { correctAnswerId: kept, acceptedAnswerIds: ids.filter((id) => id !== kept).sort((a, b) => a - b), award: 'key' };
}

/**
 * Answer-key challenges and question threads (issue 35, items 3 and 4; decision 067). A student
 * reaches a question through their own submitted attempt that was served it, and only once the
 * feedback report's release rule shows its key to them: so nothing in a thread (a teacher's
 * explanation, a classmate's reasoning) reaches anyone before the answers are theirs to see.
 * Staff reach a test as its statistics do and see their institute's threads and challenges.
 */
export function createChallengesService(deps: ChallengesServiceDeps) {
  const { repo, clock } = deps;
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

  /** A post staff may moderate: in their place, on a test they reach. */
  async function moderatedPost(actor: Actor, postId: number): Promise<PostRow> {
    const post = await repo.getPost(postId);
    if (!post || !inStaffPlace(actor, post)) throw postNotFound();
    const bundle = await deps.academy.loadTestBundle(post.taskId);
    if (!bundle || !staffReachesTest(actor, bundle.task)) throw postNotFound();
    return post;
  }

  return {
    async thread(actor: Actor, query: { taskId: number; questionTaskMapID: number }): Promise<Thread> {
      const { thread } = await threadOf(actor, query.taskId, query.questionTaskMapID);
      const isStaff = isStaffRole(actor.role);
      const [rows, mine] = await Promise.all([
        repo.listPosts(thread, isStaff),
        isStaff ? Promise.resolve([]) : repo.challengesOf(actor.userId, query.taskId),
      ]);
      const myChallenge = mine.find((c) => c.questionTaskMapId === query.questionTaskMapID);
      return {
        taskId: query.taskId,
        questionTaskMapID: query.questionTaskMapID,
        posts: await presentPosts(actor, rows),
        myChallenge: myChallenge ? await toChallenge(myChallenge) : null,
        canChallenge: !isStaff && myChallenge?.status !== 'open',
      };
    },

    async post(actor: Actor, body: z.output<typeof CreatePostBodySchema>): Promise<Post> {
      const text = plainText(body.text);
      const { thread } = await threadOf(actor, body.taskId, body.questionTaskMapID);
      const row = await repo.insertPost({
        ...thread,
        userId: actor.userId,
        isStaff: isStaffRole(actor.role),
        language: body.language,
        text,
        createdAt: clock.now(),
      });
      return (await presentPosts(actor, [row]))[0]!;
    },

    async challenge(actor: Actor, body: z.output<typeof CreateChallengeBodySchema>): Promise<Challenge> {
      const reason = plainText(body.reason);
      const { attempt, map } = await studentQuestion(actor, body.taskId, body.questionTaskMapID);
      const row = await repo.insertChallenge({
        clientId: actor.clientId,
        instituteId: actor.instituteId,
        userId: actor.userId,
        attemptId: attempt.id,
        taskId: body.taskId,
        questionTaskMapId: map.mapId,
        questionId: map.question.id,
        versionId: map.question.versionId,
        reason,
        status: 'open',
        createdAt: clock.now(),
      });
      if (!row) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_ALREADY_OPEN);
      return toChallenge({ ...row, decisionNote: null });
    },

    /**
     * A picture for the student's own open challenge, checked by content (PNG, JPEG, WebP, the
     * image size limit); a second one replaces the first. The file is read only once the
     * challenge is known to be theirs and open; a refused file stores nothing.
     */
    async attachImage(actor: Actor, query: { challengeId: number }, readFile: () => Promise<Uint8Array>): Promise<Challenge> {
      const row = await repo.getChallenge(query.challengeId);
      if (!row || row.userId !== actor.userId || isStaffRole(actor.role)) throw challengeNotFound();
      if (row.status !== 'open') throw new AppError(CHALLENGE_ERRORS.CHALLENGE_CLOSED);
      const bytes = await readFile();
      const detected = await acceptUpload(bytes, CHALLENGE_IMAGE_POLICY);
      const stored = await deps.files.put({ prefix: `challenges/${row.id}` }, bytes, { contentType: detected.mime });
      const saved = await repo.setChallengeImage(row.id, { key: stored.key, type: detected.mime });
      const dropped = saved ? row.imageKey : stored.key;
      if (dropped) await deps.files.delete(dropped).catch((error: unknown) => log(`challenge picture ${dropped} not deleted`, error));
      if (!saved) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_CLOSED);
      return toChallenge({ ...saved, decisionNote: null });
    },

    async mine(actor: Actor, query: { taskId: number }): Promise<Challenge[]> {
      // A test the student has not sat is not theirs to ask about.
      if (!(await deps.exam.listSubmittedAttempts(actor.userId, { taskId: query.taskId })).length) throw notFound();
      return Promise.all((await repo.challengesOf(actor.userId, query.taskId)).map(toChallenge));
    },

    /** The challenged questions of a test, each with its item statistics, challenges and decisions. */
    async list(actor: Actor, query: { taskId: number }): Promise<ChallengeList> {
      const test = await staffTest(actor, query.taskId);
      const place = staffPlaceOf(actor);
      const [challenges, decisions, names] = await Promise.all([
        repo.challengesOfTest(place, query.taskId),
        repo.decisionsOfTest(place, query.taskId),
        deps.academy.taskNames([query.taskId]),
      ]);
      // The statistics are those of the students the caller reaches; none yet reads as no figures.
      const stats = await deps.statistics(actor, query.taskId).catch(() => null);
      const people = await deps.displayNames([...new Set([...challenges.map((c) => c.userId), ...decisions.flatMap((d) => (d.decidedBy ? [d.decidedBy] : []))])]);
      const mapIds = [...new Set([...challenges.map((c) => c.questionTaskMapId), ...decisions.map((d) => d.questionTaskMapId)])];
      const bundle = await withDrawn(test, mapIds);
      const shown = new Map(await Promise.all(challenges.map(async (c) => [c.id, await toChallenge(c)] as const)));
      const questions = mapIds.flatMap((mapId) => {
        const index = bundle.maps.findIndex((m) => m.mapId === mapId);
        if (index < 0) return [];
        const map = bundle.maps[index]!;
        const q = map.question;
        const item = stats?.items.find((i) => i.questionTaskMapID === mapId);
        const keys = new Set(Array.isArray(q.correctAnswerId) ? q.correctAnswerId : q.correctAnswerId === null ? [] : [q.correctAnswerId]);
        const own = challenges.filter((c) => c.questionTaskMapId === mapId);
        return [
          {
            questionTaskMapID: mapId,
            questionId: q.id,
            number: item?.number ?? index + 1,
            title: q.title,
            text: q.data,
            options: q.options.map((o) => ({ answerId: o.answerID, label: o.answerData, isKey: keys.has(o.answerID), alsoAccepted: q.acceptedAnswerIds.includes(o.answerID) })),
            award: q.award,
            stats: item
              ? {
                  attempts: item.attempts,
                  facility: item.facility,
                  discriminationIndex: item.discriminationIndex,
                  chosen: item.options.map((o) => ({ answerId: o.answerId, count: o.chosen })),
                }
              : null,
            openCount: own.filter((c) => c.status === 'open').length,
            challenges: own.map((c) => ({ ...shown.get(c.id)!, studentName: people.get(c.userId) ?? '' })),
            decisions: decisions
              .filter((d) => d.questionTaskMapId === mapId)
              .map((d) => ({
                id: d.id,
                decision: d.decision as KeyDecision,
                note: d.note,
                byName: (d.decidedBy ? people.get(d.decidedBy) : undefined) ?? '',
                at: d.createdAt.toISOString(),
                regradeId: d.regradeId,
                attemptsRegraded: d.attemptsRegraded,
              })),
          },
        ];
      });
      questions.sort((a, b) => b.openCount - a.openCount || a.number - b.number);
      return { taskId: query.taskId, testName: names.get(query.taskId)?.name ?? bundle.task.name, questions };
    },

    /**
     * A decision on a question's key: a new version of the question (the key, the accepted options,
     * a bonus or a drop) and the bank's regrade of every submitted attempt served an older version
     * (scores, ranks and reports follow; decision 062); then the decision is recorded, the open
     * challenges closed, the change audited and the challengers told. A later decision is another
     * version and another audited regrade, never a silent change. "Keep" changes no score.
     */
    async decide(actor: Actor, body: z.output<typeof DecideBodySchema>): Promise<DecisionResult> {
      const note = plainText(body.note);
      const { map, number, bundle } = await staffQuestion(actor, body.taskId, body.questionTaskMapID);
      const q = map.question;
      let toVersion = q.version;
      let regradeId: number | null = null;
      let attemptsRegraded = 0;
      if (body.decision !== 'keep') {
        const next = nextKey(body.decision, q, body.answerIds ?? []);
        const made = await deps.bank.decideKey(actor, { questionId: q.id, ...next, changeNote: `Key decision (${body.decision}): ${note}` });
        toVersion = made.version;
        const regrade = await deps.bank.regrade(actor, { questionId: q.id });
        regradeId = regrade.regradeId;
        attemptsRegraded = regrade.attempts.length;
      }
      const place = staffPlaceOf(actor);
      const { decision, closed } = await repo.recordDecision(
        {
          clientId: place.clientId,
          instituteId: place.instituteId,
          taskId: body.taskId,
          questionTaskMapId: map.mapId,
          questionId: q.id,
          decision: body.decision,
          note,
          toVersion,
          regradeId,
          attemptsRegraded,
          decidedBy: actor.userId,
          createdAt: clock.now(),
        },
        place,
        (tx, row, closedRows) =>
          deps.audit(tx, actor, {
            action: 'challenges.decide',
            targetType: 'question',
            targetId: q.id,
            before: { version: q.version, award: q.award, key: q.correctAnswerId, accepted: q.acceptedAnswerIds },
            after: { decisionId: row.id, decision: body.decision, version: toVersion, regradeId, attemptsRegraded, challengesClosed: closedRows.length, taskId: body.taskId },
            reason: note,
          }),
      );
      await notify(closed, { testName: bundle.task.name, number, decision: body.decision, note });
      return { decisionId: decision.id, decision: body.decision, regradeId, attemptsRegraded, challengesClosed: closed.length, toVersion };
    },

    async hidePost(actor: Actor, body: { postId: number; reason: string }): Promise<Post> {
      const reason = plainText(body.reason);
      const post = await moderatedPost(actor, body.postId);
      const row = await repo.hidePost(post.id, { by: actor.userId, reason, at: clock.now() }, (tx) =>
        deps.audit(tx, actor, {
          action: 'challenges.hidePost',
          targetType: 'questionPost',
          targetId: post.id,
          targetUserId: post.userId,
          instituteId: post.instituteId,
          before: { text: post.text },
          reason,
        }),
      );
      if (!row) throw postNotFound();
      return (await presentPosts(actor, [row]))[0]!;
    },

    /** A teacher's verified explanation: a visible staff post pinned first in its thread (one per thread). */
    async pinPost(actor: Actor, body: { postId: number; pinned: boolean }): Promise<Post> {
      const post = await moderatedPost(actor, body.postId);
      if (body.pinned && (!post.isStaff || post.hiddenAt)) throw new AppError(CHALLENGE_ERRORS.CHALLENGE_PIN_STAFF_ONLY);
      const row = await repo.pinPost(post, body.pinned, clock.now());
      return (await presentPosts(actor, [row]))[0]!;
    },
  };

  /**
   * The question's number as the challenger's report shows it: their attempt's order, which a draw
   * (or questions drawn before it) makes differ from the test's; the test's number otherwise.
   */
  async function numberServed(row: ChallengeRow, fallback: number): Promise<number> {
    const attempt = (await deps.exam.listSubmittedAttempts(row.userId, { taskId: row.taskId })).find((a) => a.id === row.attemptId);
    const index = attempt ? attempt.questionOrder.flat().indexOf(row.questionTaskMapId) : -1;
    return index < 0 ? fallback : index + 1;
  }

  /** Each challenger is told in their language; a failed mail is logged, the decision stands. */
  async function notify(closed: ChallengeRow[], input: { testName: string; number: number; decision: KeyDecision; note: string }) {
    const contacts = await repo.contactsOf([...new Set(closed.map((c) => c.userId))]);
    for (const contact of contacts) {
      if (!contact.email) continue;
      const language: Language = contact.language === 'tn' ? 'tn' : 'en';
      try {
        const number = await numberServed(closed.find((c) => c.userId === contact.id)!, input.number);
        await deps.mailer.send(decisionMail(contact.email, language, { ...input, number }));
      } catch (error) {
        log('challenge decision mail failed', error);
      }
    }
  }
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
