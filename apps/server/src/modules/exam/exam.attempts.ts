import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { EXAM_ERRORS, isStaffRole, type TestResult } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { testOpenTo } from '../../lib/content-reach.js';
import type { ExamContent, MappedQuestion, TaskBundle, TestTaskRow } from '../academy/student/academy.student.exam-content.js';
import { scoreAll, type QuestionScore } from '../grading/grading.scoring.js';
import type { AnswerRow, AnswerToScore, AttemptRow, ExamRepository, ScoresToWrite, Statement, Statements } from './exam.repository.js';
import { rollForward } from './exam.timing.js';
import { sectionTimings, timingOf } from './exam.views.js';

export interface AttemptCoreDeps {
  repo: ExamRepository;
  clock: Clock;
  /** The academy's view of a test (tasks, sections, questions) and its course progress. */
  academy: ExamContent;
  /** The schedule's check before a new attempt starts (who may take it, test window, topic opening); absent allows all. */
  assertCanStart?: (actor: Actor, task: TestTaskRow, at?: Date) => Promise<{ shiftId: number | null }>;
  /** Whether the account may take the test at all (decision 038); absent: the owner rule of lib/content-reach.ts. */
  reachesTest?: (actor: Actor, task: TestTaskRow) => Promise<boolean>;
  /**
   * Asked every time submitted attempts are scored (a group of closes, one close, a teacher's
   * mark) for the statements that record them (the reports' attempt summaries): they run in the
   * same statement as the marks and the totals.
   */
  onScored?: (scored: ScoredAttempts) => Statements;
  /**
   * The set-based regrade's counterpart of onScored: which of the attempts have a summary holding
   * the question (those are patched; the others are scored again one by one), and the statement
   * that patches them, run in the same statement as the new marks and totals.
   */
  onQuestionRescored?: {
    holding: (mapId: number, attemptIds: string[]) => Promise<Set<string>>;
    statement: (rescored: RescoredQuestion) => Statement;
  };
  /** On an exam centre, the staged draw a start in this window is served (decision 076); null or absent: drawn here. */
  stagedDraw?: (taskId: number, shiftId: number | null) => Promise<number[] | null>;
  /** Attempts closed and scored at once in this process (SUBMIT_CONCURRENCY); 4 when not given. */
  submitConcurrency?: number;
  /** Closes made together at most (SUBMIT_GROUP); CLOSE_GROUP when not given. */
  submitGroup?: number;
  /**
   * Closes waiting beyond which a student's submit is answered at once as accepted and scored in
   * its turn (SUBMIT_ACCEPT_AFTER); 16 when not given, 0 accepts every submit.
   */
  submitAcceptAfter?: number;
  /**
   * How long a student's submit waits for its close before it is answered as accepted and scored
   * in its turn (SUBMIT_ANSWER_WITHIN, milliseconds); SUBMIT_ANSWER_WITHIN_MS when not given.
   */
  submitAnswerWithinMs?: number;
}

/** A submit is answered within this, closed or accepted: well inside the player's wait for it. */
export const SUBMIT_ANSWER_WITHIN_MS = 2_000;

/** A submitted attempt as scored, for the statement that records it. */
export interface ScoredAttempt {
  attempt: AttemptRow;
  bundle: TaskBundle;
  answers: AnswerToScore[];
  /** Each question's score, in the bundle's order. */
  scores: QuestionScore[];
}

/** Submitted attempts scored together, for the statements that record them. */
export interface ScoredAttempts {
  attempts: ScoredAttempt[];
  /**
   * Whether no attempt of the student at the test started before the one whose id `attemptId`
   * gives (an expression of the recording statement): the exam's rule, worked out by that statement.
   */
  isFirstAttempt: (attemptId: Statement) => Statement;
}

/** One question of a test scored again across attempts (a regrade), for the statement that records it. */
export interface RescoredQuestion {
  /** The question as placed in the test, at the version the attempts now hold. */
  question: MappedQuestion;
  /** The question's section: its place among the test's sections (-1: none) and its name. */
  sectionIndex: number;
  section: string;
  /** The topics the question counts under (its tags, else its section's name). */
  topics: string[];
  attempts: {
    attemptId: string;
    /** The saved answer to the question (none: unanswered). */
    answer: AnswerRow | undefined;
    /** The score the attempt held for the question, and its new one. */
    before: QuestionScore;
    after: QuestionScore;
    /** The attempt's new totals. */
    scored: number;
    negativeMarksLost: number;
  }[];
}

/** Served sets whose versions a process keeps (a few hundred tests' worth). */
const SET_VERSIONS_CACHE = 500;

/** How a close is made: the submit's analytics id, the supervisor's audit. */
interface CloseOptions {
  analyticsId?: string | null;
  onClose?: (tx: Db, before: AttemptRow, after: AttemptRow) => Promise<void>;
}

/** An attempt closed (or found closed) with the test it was served. */
export interface Closed {
  attempt: AttemptRow;
  bundle: TaskBundle;
}

/** A close asked for: the attempt, why, and how. */
interface CloseAsked {
  attemptId: string;
  reason: TestResult['submitReason'];
  extra: CloseOptions;
}

/** A close waiting its turn, with its caller's answer. */
interface QueuedClose extends CloseAsked {
  resolve: (closed: Closed) => void;
  reject: (error: unknown) => void;
}

/**
 * Closes made together at most (one transaction, one read of their answers, one write of their
 * scores): enough to share a statement's cost, few enough that a group's locks and statement stay short.
 */
export const CLOSE_GROUP = 32;

export const examError = (def: (typeof EXAM_ERRORS)[keyof typeof EXAM_ERRORS]) => new AppError(def);

/**
 * The attempt's life every exam call shares: finding the test and the actor's attempt, bringing
 * an attempt up to the server's now, and closing it exactly once.
 */

/**
 * How long an accepted submit may wait for its close in the queue of the process that accepted it
 * before any reader of the attempt, or the sweeper, closes it instead (decision 069).
 */
export const ACCEPTED_CLOSE_GRACE_MS = 120_000;

export function createAttemptCore(deps: AttemptCoreDeps) {
  const { repo, clock, academy } = deps;
  /**
   * Closing an attempt scores every question and writes the attempt and its summary: at the end of an exam
   * thousands close within seconds (the students' submits and the sweeper's). A few groups at once keep
   * the database's transactions and the processor for the saves still coming in; the closes asked for
   * meanwhile wait in arrival order (the `submits` queue on /metrics) and go together, up to
   * CLOSE_GROUP, in the next free place: one transaction and a few statements for the whole group
   * (decision 096).
   */
  const groupsAtOnce = deps.submitConcurrency ?? 4;
  const groupSize = deps.submitGroup ?? CLOSE_GROUP;
  const waiting: QueuedClose[] = [];
  let groupsClosing = 0;
  /** Students' submits being received (see receivingSubmit). */
  let receipts = 0;

  function pump(): void {
    // While submits are being received, one group closes at a time: at a synchronised end every
    // student hears "accepted" first, and the closes take the processor after (decision 101).
    while (groupsClosing < (receipts ? 1 : groupsAtOnce) && waiting.length) {
      const group = waiting.splice(0, groupSize);
      groupsClosing += 1;
      void settleGroup(group).finally(() => {
        groupsClosing -= 1;
        pump();
      });
    }
  }

  /** Closes a group and answers each of its callers; when the group fails, each is closed alone, so one attempt cannot fail the others. */
  async function settleGroup(group: QueuedClose[]): Promise<void> {
    let outcomes: Map<string, Closed | Error>;
    try {
      outcomes = await closeGroup(group);
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const close of group) await settleGroup([close]);
      return;
    }
    for (const close of group) {
      const outcome = outcomes.get(close.attemptId)!;
      if (outcome instanceof Error) close.reject(outcome);
      else close.resolve(outcome);
    }
  }

  /**
   * The one place an attempt's scores are written: its answers are scored once with the bundle
   * (each through its kind), then the marks of every question, the attempt row's totals plus
   * extra and, for a submitted attempt, onScored's summary go in one statement.
   */
  async function writeScored(tx: Db, locked: AttemptRow, bundle: TaskBundle, extra: Partial<AttemptRow> = {}): Promise<AttemptRow> {
    const answers = (await repo.listAnswersToScore([locked.id], tx)).get(locked.id) ?? [];
    const scored = scoresOf(locked, bundle, answers, extra);
    await repo.writeScoresOf(tx, [scored.write], recordedOf([scored]));
    return scored.attempt;
  }

  /** An attempt scored (each answer through its kind) with the row's new values that write it. */
  function scoresOf(locked: AttemptRow, bundle: TaskBundle, answers: AnswerToScore[], extra: Partial<AttemptRow>): ScoredAttempt & { write: ScoresToWrite } {
    const { scores, totals } = scoreAll(bundle, answers);
    const values = { scored: totals.scored, total: totals.total, negativeMarksLost: totals.negativeMarksLost, pendingEvaluation: totals.pendingEvaluation, ...extra };
    const attempt = { ...locked, ...values } as AttemptRow;
    return { attempt, bundle, answers, scores, write: { attemptId: locked.id, marks: { mapIds: bundle.maps.map((m) => m.mapId), scores }, attempt: values } };
  }

  /** What records the submitted ones of attempts scored together (onScored's summaries), for the statement that writes their scores. */
  function recordedOf(scored: ScoredAttempt[]): Statements[] {
    const submitted = scored.filter((s) => s.attempt.status === 'submitted');
    return submitted.length && deps.onScored ? [deps.onScored({ attempts: submitted, isFirstAttempt: repo.isFirstAttemptOf })] : [];
  }

  /**
   * Served sets' versions, by set: a set never changes once written, and every close, resume and
   * reveal of its thousands of attempts needs it, so a process reads each once. The map is shared:
   * an attempt without rows of its own gets the set's map itself (and the bundle cache its key).
   */
  const setVersions = new LRUCache<number, Promise<ReadonlyMap<number, number>>>({ max: SET_VERSIONS_CACHE });
  function versionsOfSet(setId: number): Promise<ReadonlyMap<number, number>> {
    let versions = setVersions.get(setId);
    if (!versions) {
      const reading = repo.listSetVersions(setId).then((pairs) => new Map(pairs));
      // A failed read is forgotten, so the next call reads again.
      reading.catch(() => setVersions.get(setId) === reading && setVersions.delete(setId));
      setVersions.set(setId, reading);
      versions = reading;
    }
    return versions;
  }

  /** The version of each question an attempt was served: its set's, then its own rows (draws, regrades). */
  async function servedVersions(attemptId: string): Promise<ReadonlyMap<number, number>> {
    return versionsServed(await repo.servedVersionsOf(attemptId));
  }

  async function versionsServed(served: { setId: number | null; own: [number, number][] } | undefined): Promise<ReadonlyMap<number, number>> {
    const fromSet = served?.setId ? await versionsOfSet(served.setId) : undefined;
    if (fromSet && !served?.own.length) return fromSet;
    return new Map([...(fromSet ?? []), ...(served?.own ?? [])]);
  }

  /** The test at the versions an attempt was served (recorded at its start); without one, at the current versions. */
  async function loadBundle(taskId: number, attemptId?: string): Promise<TaskBundle> {
    const served = attemptId ? await servedVersions(attemptId) : undefined;
    return bundleAt(taskId, served);
  }

  async function bundleAt(taskId: number, served: ReadonlyMap<number, number> | undefined): Promise<TaskBundle> {
    const bundle = await academy.loadTestBundle(taskId, served);
    if (!bundle) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    return bundle;
  }

  const reachesTest =
    deps.reachesTest ??
    (async (actor: Actor, task: TestTaskRow) => testOpenTo(actor, task, { id: task.courseId, clientId: task.courseClientId, instituteId: task.courseInstituteId }, null));

  /** A published test task of a published course the student may take (courseId checked when given). */
  async function accessibleTest(actor: Actor, taskId: number, courseId?: number): Promise<TaskBundle> {
    const bundle = await academy.loadTestBundle(taskId);
    const staff = isStaffRole(actor.role);
    if (!bundle || (courseId !== undefined && bundle.task.courseId !== courseId)) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    // A test made for one student (decision 081) is theirs alone, staff included; it is never published.
    const owned = bundle.task.ownerUserId !== null;
    if (owned && bundle.task.ownerUserId !== actor.userId) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (!staff && !owned && (!bundle.task.isPublished || !bundle.task.coursePublished)) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    if (bundle.task.kind !== 'test') throw examError(EXAM_ERRORS.EXAM_NOT_A_TEST);
    // Another institute's test (or a course the student's institute does not give them) does not exist for this account.
    if (!(await reachesTest(actor, bundle.task))) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    return bundle;
  }

  /** Any attempt by id (staff screens and reports check who may see it). */
  async function anyAttempt(attemptId: string): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  /** The actor's own attempt; anyone else's is "not found", never "forbidden". */
  async function ownAttempt(actor: Actor, attemptId: string): Promise<AttemptRow> {
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt || attempt.userId !== actor.userId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    return attempt;
  }

  function assertOpen(attempt: AttemptRow): void {
    if (attempt.status !== 'open') throw examError(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
    if (attempt.deadlineAt <= clock.now()) throw examError(EXAM_ERRORS.EXAM_TIME_OVER);
  }

  /**
   * Closes an attempt and scores it, exactly once: the row is locked, and an attempt that is
   * already submitted is returned as it is. A timed-out attempt is stamped with its deadline.
   * It waits its turn, and goes with the closes asked for meanwhile (see pump).
   */
  function finalize(attemptId: string, reason: TestResult['submitReason'], extra: CloseOptions = {}): Promise<Closed> {
    return new Promise<Closed>((resolve, reject) => {
      waiting.push({ attemptId, reason, extra, resolve, reject });
      pump();
    });
  }

  /** Closes an attempt at once, without waiting its turn. */
  async function closeNow(attemptId: string, reason: TestResult['submitReason'], extra: CloseOptions = {}): Promise<Closed> {
    const outcome = (await closeGroup([{ attemptId, reason, extra }])).get(attemptId)!;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /**
   * Closes attempts together: their tests read once per served set, then one transaction holding
   * their rows (in id order) that reads all their answers in one statement and writes all their
   * scores, summaries and course progress in another. Each attempt's outcome is its row closed now,
   * its row as it was when already submitted, or the error it meets (not found); an attempt named
   * twice is closed once, as the first asked.
   */
  async function closeGroup(closes: CloseAsked[]): Promise<Map<string, Closed | Error>> {
    const asked = new Map<string, CloseAsked>();
    for (const close of closes) if (!asked.has(close.attemptId)) asked.set(close.attemptId, close);
    const outcomes = new Map<string, Closed | Error>();
    const served = await repo.servedVersionsOfMany([...asked.keys()]);
    // The row only names the test and its served set here: the transaction below reads it again, locked.
    const bundles = new Map<string, TaskBundle>();
    const loading = new Map<number, Map<ReadonlyMap<number, number>, Promise<TaskBundle>>>();
    for (const id of asked.keys()) {
      const of = served.get(id);
      if (!of) {
        outcomes.set(id, examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND));
        continue;
      }
      // Attempts of one served set share its map of versions, and so one load of the test.
      const versions = await versionsServed(of);
      const ofTask = loading.get(of.taskId) ?? new Map<ReadonlyMap<number, number>, Promise<TaskBundle>>();
      loading.set(of.taskId, ofTask);
      if (!ofTask.has(versions)) ofTask.set(versions, bundleAt(of.taskId, versions));
      bundles.set(id, await ofTask.get(versions)!);
    }
    if (!bundles.size) return outcomes;
    await repo.withLockedAttempts([...bundles.keys()], async (tx, rows) => {
      const now = clock.now();
      const open: AttemptRow[] = [];
      for (const row of rows) {
        if (row.status === 'submitted') outcomes.set(row.id, { attempt: row, bundle: bundles.get(row.id)! });
        else if (row.status !== 'prepared') open.push(row);
      }
      for (const id of bundles.keys()) if (!outcomes.has(id) && !open.some((row) => row.id === id)) outcomes.set(id, examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND));
      if (!open.length) return;
      const answers = await repo.listAnswersToScore(
        open.map((row) => row.id),
        tx,
      );
      const scored = [];
      for (const locked of open) {
        // One attempt scored and summarised a turn: the saves still coming in are answered between them.
        if (scored.length) await yieldToOthers();
        const { reason, extra } = asked.get(locked.id)!;
        scored.push({ locked, extra, ...scoresOf(locked, bundles.get(locked.id)!, answers.get(locked.id) ?? [], closingValues(locked, reason, extra, now)) });
      }
      // Course progress is the academy's: its upsert keeps the first completion time.
      const completions = scored.map(({ attempt }) => ({ userId: attempt.userId, taskId: attempt.taskId, courseId: attempt.courseId, at: attempt.submittedAt ?? attempt.deadlineAt }));
      await repo.writeScoresOf(
        tx,
        scored.map((s) => s.write),
        [...recordedOf(scored), academy.completionStatement(completions)],
      );
      for (const { locked, attempt, extra } of scored) {
        // A supervisor's submit is audited in the transaction that closes the attempt.
        await extra.onClose?.(tx, locked, attempt);
        outcomes.set(attempt.id, { attempt, bundle: bundles.get(attempt.id)! });
      }
    });
    return outcomes;
  }

  /** An open attempt's row as closed now for this reason. */
  function closingValues(locked: AttemptRow, reason: TestResult['submitReason'], extra: CloseOptions, now: Date): Partial<AttemptRow> {
    // A submit accepted earlier is the student's, at the time it was accepted, however late its close.
    const requestedAt = locked.submitRequestedAt && locked.submitRequestedAt < locked.deadlineAt ? locked.submitRequestedAt : null;
    const expired = requestedAt === null && locked.deadlineAt <= now;
    return {
      status: 'submitted',
      submittedAt: requestedAt ?? (expired ? locked.deadlineAt : now),
      submitReason: requestedAt ? 'student' : expired && reason === 'student' ? 'timeout' : reason,
      activeSectionIndex: null,
      activeSectionDeadlineAt: null,
      ...(extra.analyticsId !== undefined ? { analyticsId: extra.analyticsId } : {}),
    };
  }

  /**
   * Brings an attempt up to the server's now: an attempt past its deadline is submitted with
   * what was saved; section timers move on. Returns the current row.
   */
  async function refresh(attempt: AttemptRow, bundle?: TaskBundle): Promise<AttemptRow> {
    if (attempt.status !== 'open') return attempt;
    const now = clock.now();
    // Its submit was accepted long enough ago that its close was lost with the process that queued
    // it: closed now (a close still queued somewhere then finds it closed).
    if (attempt.submitRequestedAt && now.getTime() - attempt.submitRequestedAt.getTime() >= ACCEPTED_CLOSE_GRACE_MS) {
      return (await closeNow(attempt.id, 'student')).attempt;
    }
    if (attempt.deadlineAt <= now) return (await finalize(attempt.id, 'timeout')).attempt;
    if (attempt.activeSectionDeadlineAt && attempt.activeSectionDeadlineAt <= now) {
      const sections = bundle?.sections ?? (await academy.listSections(attempt.taskId));
      const { timing, changed } = rollForward(timingOf(attempt), sectionTimings(sections), now);
      if (changed) {
        await repo.updateTiming(attempt.id, timing);
        if (timing.deadlineAt <= now) return (await finalize(attempt.id, 'timeout')).attempt;
        return { ...attempt, ...timing };
      }
    }
    return attempt;
  }

  /** The actor's own attempt, brought up to now, that must still be open. */
  async function openOwnAttempt(actor: Actor, attemptId: string): Promise<AttemptRow> {
    const attempt = await refresh(await ownAttempt(actor, attemptId));
    assertOpen(attempt);
    return attempt;
  }

  const assertCanStart = deps.assertCanStart ?? (async () => ({ shiftId: null }));

  /**
   * Marks a student's submit as being received (its reads and writes before its close is asked
   * for, or its acceptance answered): meanwhile one group closes at a time. The function returned
   * ends it; calling it again does nothing.
   */
  function receivingSubmit(): () => void {
    receipts += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      receipts -= 1;
      pump();
    };
  }

  /** The test's task row, the same at every version of its questions: for an answer that needs only it (a submit's). */
  async function taskOf(taskId: number): Promise<TaskBundle['task']> {
    const task = await academy.loadTestTask(taskId);
    if (!task) throw examError(EXAM_ERRORS.EXAM_TASK_NOT_FOUND);
    return task;
  }

  /** Attempts waiting their turn to be closed. */
  const submitsWaiting = () => waiting.length;
  /** Whether a close asked for now would wait longer than a submit should (see submitAcceptAfter). */
  const isCloseQueueLong = () => waiting.length >= (deps.submitAcceptAfter ?? 16);
  const submitAnswerWithinMs = deps.submitAnswerWithinMs ?? SUBMIT_ANSWER_WITHIN_MS;

  /**
   * Closes attempts without waiting their turn, together in groups of CLOSE_GROUP: for the sweeper,
   * one per cluster, which bounds itself. It works when the deadline has passed, when the saves
   * have stopped, and thousands of closed browsers' attempts must be closed within seconds.
   * Each attempt's outcome is settled on its own (a failed group is closed again one by one).
   */
  async function finalizeNow(attemptIds: string[], reason: TestResult['submitReason']): Promise<PromiseSettledResult<Closed>[]> {
    const settled = new Map<string, PromiseSettledResult<Closed>>();
    const groups: QueuedClose[][] = [];
    for (let from = 0; from < attemptIds.length; from += groupSize) {
      groups.push(
        attemptIds.slice(from, from + groupSize).map((attemptId) => ({
          attemptId,
          reason,
          extra: {},
          resolve: (value: Closed) => settled.set(attemptId, { status: 'fulfilled', value }),
          reject: (error: unknown) => settled.set(attemptId, { status: 'rejected', reason: error }),
        })),
      );
    }
    await Promise.all(groups.map(settleGroup));
    return attemptIds.map((id) => settled.get(id)!);
  }

  const stagedDraw = deps.stagedDraw ?? (async () => null);
  return { repo, clock, academy, stagedDraw, onQuestionRescored: deps.onQuestionRescored, writeScored, submitsWaiting, receivingSubmit, taskOf, isCloseQueueLong, submitAnswerWithinMs, finalizeNow, servedVersions, assertCanStart, loadBundle, accessibleTest, anyAttempt, ownAttempt, assertOpen, finalize, refresh, openOwnAttempt };
}

export type AttemptCore = ReturnType<typeof createAttemptCore>;
