import { DEFAULT_HIDDEN_CASE_RESULTS, EXAM_ERRORS, seededOrder, type ExamSession } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { StudentReach } from '../../lib/policy.js';
import type { MappedQuestion, TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { roundMarks, scorable, scorableAnswer, scoreAll, scoreAnswer, STATUS_LETTER, statusOfLetter, type QuestionScore } from '../grading/grading.scoring.js';
import { serverKindOf } from '../../question-kinds/index.js';
import { examError, type AttemptCore, type RescoredQuestion } from './exam.attempts.js';
import type { AnswerRow, AttemptRow, RescoredRow } from './exam.repository.js';
import { initialTiming } from './exam.timing.js';
import { sectionTimings, sessionView } from './exam.views.js';

/** Rows a set-based regrade writes per statement (each statement carries its rows as one JSON value). */
const WRITE_BATCH = 2500;

type ServedItem = Awaited<ReturnType<AttemptCore['repo']['listServedSubmitted']>>[number];

/** The attempts of one test served one version of the question, with it before and after the regrade. */
interface RegradeGroup {
  taskId: number;
  mapId: number;
  fromVersionId: number;
  items: ServedItem[];
  /** The question at the version served and at the new one, with the test's sections. */
  before?: MappedQuestion;
  after?: MappedQuestion;
  sections: TaskBundle['sections'];
  /** Whether only the key can differ, so that patching the question's score is scoring the attempt again. */
  setBased: boolean;
}

const groupKey = (item: Pick<ServedItem, 'taskId' | 'mapId' | 'versionId'>) => `${item.taskId}:${item.mapId}:${item.versionId}`;

/** What a summary counts a question under and how it is marked; a version that changes any of it is scored again whole. */
const countedAs = (m: MappedQuestion) =>
  JSON.stringify([m.question.questionType, m.marks, m.negativeMarks, m.question.award === 'dropped', m.sectionId, m.question.subject ?? null, m.question.topicTags]);

/** One attempt a regrade re-scored (or, in a dry run, would). */
export interface RegradedAttempt {
  attemptId: string;
  userId: number;
  fromVersionId: number;
  oldScored: number | null;
  newScored: number | null;
}

/**
 * What other modules ask of the exam (through the composition root): the runner's question
 * lookup, and reads and writes of attempts and answers for grading, proctoring, reports and the
 * academy. They decide who may see what; the exam owns the rows and keeps scores consistent.
 */
export function createExamEntries(core: AttemptCore) {
  const { repo, clock } = core;

  /** The regrade's work by test and version served, each with the question before and after. */
  async function groupsOf(work: ServedItem[], toVersionId: number): Promise<Map<string, RegradeGroup>> {
    const groups = new Map<string, RegradeGroup>();
    for (const item of work) {
      const key = groupKey(item);
      const group = groups.get(key);
      if (group) group.items.push(item);
      else groups.set(key, { taskId: item.taskId, mapId: item.mapId, fromVersionId: item.versionId, items: [item], sections: [], setBased: false });
    }
    for (const g of groups.values()) {
      const [before, after] = await Promise.all(
        [g.fromVersionId, toVersionId].map((versionId) => core.academy.loadTestBundle(g.taskId, new Map([[g.mapId, versionId]]))),
      );
      g.before = before?.maps.find((m) => m.mapId === g.mapId);
      g.after = after?.maps.find((m) => m.mapId === g.mapId);
      g.sections = after?.sections ?? [];
      g.setBased = g.before !== undefined && g.after !== undefined && countedAs(g.before) === countedAs(g.after);
    }
    return groups;
  }

  /** Of the set-based groups' attempts, those whose summary holds the question (all of them when nothing keeps summaries). */
  async function holdingSummaries(groups: Map<string, RegradeGroup>): Promise<Set<string>> {
    const held = new Set<string>();
    for (const g of groups.values()) {
      if (!g.setBased) continue;
      const ids = g.items.map((item) => item.attemptId);
      const found = core.onQuestionRescored ? await core.onQuestionRescored.holding(g.mapId, ids) : new Set(ids);
      for (const id of found) held.add(id);
    }
    return held;
  }

  /** The attempts scored again whole: each with the test at its served versions, the question at the new one. */
  async function prepareWhole(items: ServedItem[], toVersionId: number) {
    const prepared: { item: ServedItem; attempt: AttemptRow; bundle: TaskBundle }[] = [];
    for (const item of items) {
      const attempt = await repo.getAttempt(item.attemptId);
      if (!attempt || attempt.status !== 'submitted') continue;
      // A copy: the served versions may be shared with other attempts of the set.
      const versions = new Map(await core.servedVersions(attempt.id));
      versions.set(item.mapId, toVersionId);
      const bundle = await core.academy.loadTestBundle(attempt.taskId, versions);
      if (bundle) prepared.push({ item, attempt, bundle });
    }
    return prepared;
  }

  /**
   * One pass over the attempts' answers to the question: each scored with the version served and
   * the new one (through its kind), and the attempt's totals moved by the difference from the
   * marks it holds for the question, so no mark is lost or counted twice.
   */
  function rescoreQuestion(
    g: RegradeGroup,
    attempts: { id: string; userId: number; scored: number | null; negativeMarksLost: number | null; heldMarks: number | null; heldLetter: string | null }[],
    answers: AnswerRow[],
  ): { rows: RescoredRow[]; change: RescoredQuestion; regraded: RegradedAttempt[] } {
    const before = scorable(g.before!);
    const after = scorable(g.after!);
    const answerOf = new Map(answers.map((a) => [a.attemptId, a]));
    const sectionIndex = g.sections.findIndex((s) => s.id === g.after!.sectionId);
    const section = g.sections[sectionIndex]?.name ?? '';
    const rows: RescoredRow[] = [];
    const change: RescoredQuestion = { question: g.after!, sectionIndex, section, topics: g.after!.question.topicTags.length ? g.after!.question.topicTags : [section], attempts: [] };
    const regraded: RegradedAttempt[] = [];
    const itemOf = new Map(g.items.map((item) => [item.attemptId, item]));
    for (const attempt of attempts) {
      const answer = answerOf.get(attempt.id);
      const held = scoreAnswer(before, scorableAnswer(answer));
      // The marks and status the attempt holds for the question are what its totals count.
      const was: QuestionScore = { ...held, status: statusOfLetter(attempt.heldLetter), marksAwarded: attempt.heldMarks ?? 0 };
      const now = scoreAnswer(after, scorableAnswer(answer));
      const scored = roundMarks((attempt.scored ?? 0) - was.marksAwarded + now.marksAwarded);
      const negativeMarksLost = roundMarks((attempt.negativeMarksLost ?? 0) - was.negativeLost + now.negativeLost);
      rows.push({ attemptId: attempt.id, marks: now.marksAwarded, letter: STATUS_LETTER[now.status], scored, negativeMarksLost, wasPending: was.status === 'pending' });
      change.attempts.push({
        attemptId: attempt.id,
        before: was,
        after: now,
        answer,
        scored,
        negativeMarksLost,
      });
      regraded.push({ attemptId: attempt.id, userId: attempt.userId, fromVersionId: itemOf.get(attempt.id)!.versionId, oldScored: attempt.scored, newScored: scored });
    }
    return { rows, change, regraded };
  }

  async function officeQuestionOf(attempt: AttemptRow, questionId: number) {
    const bundle = await core.loadBundle(attempt.taskId, attempt.id);
    const map = bundle.maps.find((m) => m.question.id === questionId);
    if (!map) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
    const q = map.question;
    const isOpen = attempt.status === 'open' && attempt.deadlineAt > clock.now();
    // The solution is part of the key: in practice it shows once the student revealed the answer
    // (revealAnswer, which locks it), by the reveal's rule; after submission the office module asks
    // the feedback report's rule (reports.keyShown).
    const revealed = !!(await repo.listAnswers(attempt.id)).find((a) => a.questionTaskMapId === map.mapId)?.isRevealed;
    const revealShowsSolution = bundle.task.testType === 'practice' && revealed && (await core.academy.questionsInOpenGradedTests([q.id])).size === 0;
    return {
      attempt: { id: attempt.id, userId: attempt.userId, taskId: attempt.taskId, isOpen, submitted: attempt.status === 'submitted' },
      revealed,
      question: { id: q.id, questionType: q.questionType, startFileUrl: q.startFileUrl, solution: q.solution, rubric: q.rubric },
      revealShowsSolution,
    };
  }

  return {
    anyAttempt: core.anyAttempt,
    ownAttempt: core.ownAttempt,
    openOwnAttempt: core.openOwnAttempt,
    assertOpen: core.assertOpen,
    /** Brings an attempt up to now (an expired one is submitted first). */
    currentAttempt: (attempt: AttemptRow) => core.refresh(attempt),
    listAnswers: (attemptId: string) => repo.listAnswers(attemptId),
    /** The summary backfill's walk over submitted attempts, and whether one is its student's first at the task. */
    listSubmittedAttemptIds: (offset: number, limit: number) => repo.listSubmittedAttemptIds(offset, limit),
    isFirstAttemptOf: repo.isFirstAttemptOf,
    listSubmittedAttempts: (userId: number, filter: { courseId?: number; taskId?: number }) => repo.listSubmittedAttempts(userId, filter),
    listSubmittedAttemptIdsOf: (userId: number) => repo.listSubmittedAttemptIdsOf(userId),
    listPendingAnswers: (filter: { taskId?: number; mapId?: number; status: 'pending' | 'marked' }, reach: StudentReach) => repo.listPendingAnswers(filter, reach),
    /** Each student's first submitted attempt of a task (rank and percentile). */
    firstAttemptScores: (taskId: number) => repo.listFirstAttemptScores(taskId),
    /** Scored and total of attempts by id. */
    attemptScores: (ids: string[]) => repo.listAttemptScores(ids),
    /** Per question of a task: how many submitted attempts got it right, out of how many. */
    classAccuracy: (taskId: number) => repo.classAccuracy(taskId),
    classMedianTimes: (taskId: number) => repo.classMedianTimes(taskId),

    /** Attempts per task: with any, a test's questions and scoring are locked. */
    countAttemptsByTask: (taskIds: number[]) => repo.countAttemptsByTask(taskIds),

    /**
     * A test as a student would be served it, for staff to preview: the player's view of an
     * attempt that is never stored (no row, no timer, no score), random sections with a sample
     * draw. The player's schema strips the keys like any session's.
     */
    async previewSession(taskId: number, seed: string): Promise<ExamSession> {
      const bundle = await core.loadBundle(taskId);
      const maps = [...bundle.maps, ...(await core.academy.drawForAttempt(bundle, seed, { record: false }))];
      const now = clock.now();
      const timing = initialTiming(now, bundle.task.durationMinutes, sectionTimings(bundle.sections), bundle.task.sectionWiseTimer);
      const questionOrder = bundle.sections.map((section) => {
        const mapIds = maps.filter((m) => m.sectionId === section.id).map((m) => m.mapId);
        return bundle.task.shuffle ? seededOrder(mapIds, `${seed}:${section.sectionIndex}`) : mapIds;
      });
      const attempt = {
        id: `preview-${seed}`,
        userId: 0,
        taskId,
        courseId: bundle.task.courseId,
        testType: bundle.task.testType ?? 'test',
        status: 'open',
        startedAt: now,
        deadlineAt: timing.deadlineAt,
        activeSectionIndex: timing.activeSectionIndex,
        activeSectionDeadlineAt: timing.activeSectionDeadlineAt,
        sectionState: timing.sectionState,
        questionOrder,
        tabChangeWarnings: 0,
        localState: null,
      } as unknown as AttemptRow;
      return sessionView(attempt, { ...bundle, maps }, [], now);
    },

    /** The test at the versions the attempt was served: what grading and reports score and show it with. */
    loadAttemptBundle: (attempt: { id: string; taskId: number }) => core.loadBundle(attempt.taskId, attempt.id),

    /**
     * Regrade, the exam's part (grading decides, the exam keeps rows consistent): each submitted
     * attempt served one of fromVersionIds of the question moves to toVersionId and is scored again
     * with its saved answers and teachers' marks, logged with its score before and after under one
     * regrade row. The whole regrade is one transaction holding every attempt it touches, and
     * `audit` runs in it with what changed, so the change and its audit entry are written together
     * or not at all. Open attempts keep their version until submitted. A dry run scores the same
     * attempts the same way and writes nothing. Only attempts of students in `reach` (the caller's)
     * are touched; the others are left as they are and only counted (`outsideReach`).
     *
     * Set-based (decision 062): only the question's score changes, so each attempt's answer to it
     * is scored with the old and the new version in one pass, and its marks, the attempts' totals
     * and their summaries are written with a few statements for all of them. An attempt whose
     * summary does not hold the question, or a version that changes more than the key (the kind,
     * the marks, the section or topics the question counts under), is scored again whole.
     */
    async rescoreWithVersion(
      actorId: number,
      input: { questionId: number; toVersionId: number; fromVersion: number | null; fromVersionIds: number[]; dryRun?: boolean; reach: StudentReach },
      audit?: (tx: Db, regrade: { regradeId: number; attempts: RegradedAttempt[] }) => Promise<void>,
    ): Promise<{ regradeId: number | null; attempts: RegradedAttempt[]; outsideReach: number }> {
      const served = await repo.listServedSubmitted(input.questionId, input.fromVersionIds.filter((id) => id !== input.toVersionId), input.reach);
      const work = served.filter((item) => item.inReach);
      const outsideReach = new Set(served.filter((item) => !item.inReach).map((item) => item.attemptId)).size;
      if (!work.length) return { regradeId: null, attempts: [], outsideReach };
      // Everything is read before the transaction (PGlite runs one statement stream: a read outside
      // an open transaction would wait for it); the moves check the versions read.
      const groups = await groupsOf(work, input.toVersionId);
      const summarised = await holdingSummaries(groups);
      const whole = work.filter((item) => !groups.get(groupKey(item))?.setBased || !summarised.has(item.attemptId));
      const prepared = await prepareWhole(whole, input.toVersionId);
      const setBased = [...groups.values()].filter((g) => g.setBased).map((g) => ({ ...g, items: g.items.filter((item) => summarised.has(item.attemptId)) }));
      // The sets the attempts move to (a set never changes; the one differing by this question is made once).
      const targetSets = new Map<number, number>();
      if (!input.dryRun) {
        for (const g of setBased) {
          for (const setId of new Set(g.items.flatMap((item) => (item.setId === null ? [] : [item.setId])))) {
            if (!targetSets.has(setId)) targetSets.set(setId, await repo.servedSetWith(setId, g.mapId, input.toVersionId));
          }
        }
      }
      const order = new Map(work.map((item, i) => [item.attemptId, i]));
      const byOrder = (a: RegradedAttempt, b: RegradedAttempt) => order.get(a.attemptId)! - order.get(b.attemptId)!;

      if (input.dryRun) {
        const attempts: RegradedAttempt[] = [];
        for (const { item, attempt, bundle } of prepared) {
          const { totals } = scoreAll(bundle, await repo.listAnswers(attempt.id));
          attempts.push({ attemptId: attempt.id, userId: attempt.userId, fromVersionId: item.versionId, oldScored: attempt.scored, newScored: totals.scored });
        }
        for (const g of setBased) {
          const ids = g.items.map((item) => item.attemptId);
          const rows = await repo.listAttemptTotals(ids, g.mapId);
          const rescored = rescoreQuestion(g, rows, await repo.listAnswersOf(g.mapId, ids));
          attempts.push(...rescored.regraded);
        }
        return { regradeId: null, attempts: attempts.sort(byOrder), outsideReach };
      }
      return repo.inTransaction(async (tx) => {
        const regradeId = await repo.insertRegrade(tx, {
          questionId: input.questionId,
          fromVersion: input.fromVersion,
          toVersionId: input.toVersionId,
          actorId,
          createdAt: clock.now(),
        });
        const attempts: RegradedAttempt[] = [];
        for (const g of setBased) {
          const ids = g.items.map((item) => item.attemptId);
          // Held in one order, so that two regrades (or a regrade and a close) cannot deadlock.
          const locked = (await repo.listAttemptTotals(ids, g.mapId, tx)).filter((row) => row.status === 'submitted');
          const lockedIds = new Set(locked.map((row) => row.id));
          const bySet = new Map<number, string[]>();
          for (const item of g.items) if (item.setId !== null && lockedIds.has(item.attemptId)) bySet.set(item.setId, [...(bySet.get(item.setId) ?? []), item.attemptId]);
          const moved = await repo.moveServedVersions(tx, {
            mapId: g.mapId,
            fromVersionId: g.fromVersionId,
            toVersionId: input.toVersionId,
            own: g.items.filter((item) => item.setId === null && lockedIds.has(item.attemptId)).map((item) => item.attemptId),
            sets: [...bySet].map(([fromSetId, attemptIds]) => ({ fromSetId, toSetId: targetSets.get(fromSetId)!, attemptIds })),
          });
          const rows = locked.filter((row) => moved.has(row.id));
          const rescored = rescoreQuestion(g, rows, await repo.listAnswersOf(g.mapId, rows.map((row) => row.id), tx));
          for (let from = 0; from < rescored.rows.length; from += WRITE_BATCH) {
            const batch = { ...rescored.change, attempts: rescored.change.attempts.slice(from, from + WRITE_BATCH) };
            await repo.writeQuestionScores(tx, g.mapId, rescored.rows.slice(from, from + WRITE_BATCH), core.onQuestionRescored?.statement(batch));
          }
          attempts.push(...rescored.regraded);
        }
        for (const { item, attempt, bundle } of prepared) {
          const locked = await repo.lockAttempt(tx, attempt.id);
          if (!locked || locked.status !== 'submitted') continue;
          const moved = await repo.moveServedVersion(tx, { attemptId: locked.id, mapId: item.mapId, fromVersionId: item.versionId, toVersionId: input.toVersionId });
          if (!moved) continue;
          const { scored: newScored } = await core.writeScored(tx, locked, bundle);
          attempts.push({ attemptId: locked.id, userId: locked.userId, fromVersionId: item.versionId, oldScored: locked.scored, newScored });
        }
        attempts.sort(byOrder);
        await repo.insertRegradeAttempts(
          tx,
          attempts.map((a) => ({ regradeId, attemptId: a.attemptId, fromVersionId: a.fromVersionId, oldScored: a.oldScored, newScored: a.newScored })),
        );
        await audit?.(tx, { regradeId, attempts });
        return { regradeId, attempts, outsideReach };
      });
    },

    /** The regrade log of a question (who by id; grading names them). */
    listRegrades: (questionId: number, reach: StudentReach) => repo.listRegrades(questionId, reach),

    /** The student's latest attempt per task (the academy's task list). */
    async latestAttempts(userId: number, taskIds: number[]) {
      const rows = await repo.latestAttempts(userId, taskIds);
      return new Map(rows.map(({ taskId, ...attempt }) => [taskId, attempt]));
    },

    /** For the code runner: the cases of a programming question the actor may run. */
    async getProgrammingQuestionForRun(actor: Actor, input: { taskId: number; questionId: number; attemptId?: string }) {
      let bundle = await core.accessibleTest(actor, input.taskId);
      if (input.attemptId) {
        const attempt = await core.openOwnAttempt(actor, input.attemptId);
        if (attempt.taskId !== input.taskId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        // A submission is judged with the cases of the version the attempt was served.
        bundle = await core.loadBundle(input.taskId, attempt.id);
      }
      const map = bundle.maps.find((m) => m.question.id === input.questionId);
      if (!map) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (serverKindOf(map.question.questionType)?.marking !== 'runner' || !map.question.programming) throw examError(EXAM_ERRORS.EXAM_NOT_PROGRAMMING);
      const p = map.question.programming;
      return {
        questionId: map.question.id,
        allowedLanguages: p.allowedLanguages,
        sampleCases: map.question.sampleCases.map((c) => ({ input: c.input, output: c.output })),
        hiddenCases: map.question.hiddenCases.map((c) => ({ input: c.input, output: c.output })),
        timeLimitMs: p.timeLimitMs,
        memoryLimitMb: p.memoryLimitMb,
        hiddenCaseResults: p.hiddenCaseResults === 'perCase' ? ('perCase' as const) : DEFAULT_HIDDEN_CASE_RESULTS,
      };
    },

    /**
     * For the office evaluator: an office question of one of the actor's own attempts (the given
     * one, or the open attempt of the task), with its start file, solution and rubric, and whether
     * the solution may be shown now (after submission; in practice, as a reveal would allow).
     */
    async getOfficeQuestionForAttempt(actor: Actor, input: { taskId: number; questionId: number; attemptId?: string | null }) {
      const found = input.attemptId ? await core.ownAttempt(actor, input.attemptId) : await repo.findOpenAttempt(actor.userId, input.taskId);
      if (!found || found.taskId !== input.taskId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      return officeQuestionOf(await core.refresh(found), input.questionId);
    },

    /** The same for an attempt by id, with no actor (the evaluation job, which checked its owner when queued). */
    async getOfficeQuestionOfAttempt(attemptId: string, questionId: number) {
      return officeQuestionOf(await core.refresh(await core.anyAttempt(attemptId)), questionId);
    },

    /** Grading's write: an evaluated answer of an open attempt and its score (0–1), kept until submit scores it. */
    async storeEvaluatedAnswer(attemptId: string, mapId: number, values: { answerData: unknown; fraction: number }): Promise<void> {
      await repo.upsertEvaluated(attemptId, mapId, { answerData: values.answerData, fraction: values.fraction, now: clock.now() });
    },

    /**
     * Grading's write: a teacher's mark (and comment) on a submitted attempt; the attempt is scored
     * again with it, under its lock. `audit` runs in the same transaction with the mark before and after.
     */
    async recordTeacherMark(
      attemptId: string,
      bundle: TaskBundle,
      input: { mapId: number; marks: number; staffId: number; comment: string | null },
      audit?: (tx: Db, change: { before: { marks: number | null; comment: string | null; scored: number | null }; after: { marks: number; comment: string | null; scored: number } }) => Promise<void>,
    ): Promise<AttemptRow> {
      return repo.withLockedAttempt(attemptId, async (tx, locked) => {
        if (!locked) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        const held = (await repo.listAnswers(attemptId, tx)).find((a) => a.questionTaskMapId === input.mapId);
        await repo.setTeacherMarks(tx, attemptId, input.mapId, input.marks, input.staffId, input.comment);
        const scored = await core.writeScored(tx, locked, bundle);
        await audit?.(tx, {
          before: { marks: held?.teacherMarks ?? null, comment: held?.teacherComment ?? null, scored: locked.scored },
          after: { marks: input.marks, comment: input.comment, scored: scored.scored ?? 0 },
        });
        return scored;
      });
    },
  };
}
