import {
  DEFAULT_TIME_ZONE,
  RETEST_ERRORS,
  RETEST_LIMITS,
  RETEST_TAKEN_MESSAGES,
  type ErrorType,
  type ListCoursesResult,
  type Retest,
  type RetestStatus,
  type ReviewRating,
  type Weekday,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { addDays, dateIn, startOfDateIn, weekStartOf } from '../../lib/zoned-dates.js';
import type { ExamContent } from '../academy/student/academy.student.exam-content.js';
import type { AttemptRow, ExamService } from '../exam/exam.service.js';
import { isEvaluatedType } from '../grading/grading.scoring.js';
import type { CardRow, NotebookRepository } from './notebook.repository.js';
import type { RetestRow, NotebookRetestRepository } from './notebook.retest.repository.js';
import type { NotebookReviewRepository } from './notebook.review.repository.js';
import { fsrsCardOf, gradeCard, scheduleStateOf } from './notebook.schedule.js';

const TZ = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;
/** Due cards read to choose from: the oldest due first, enough to weigh and mix several weeks' backlog. */
const CANDIDATES_MAX = 200;
/** Past re-tests listed. */
const PAST_MAX = 12;

/**
 * How much an error type says the question is not yet known: a concept gap most, then a guess and
 * a slip of calculation, then a misreading and time pressure (known, lost to the moment).
 */
const ERROR_TYPE_WEIGHT: Record<ErrorType, number> = { concept: 3, guessed: 2, calculation: 2, misread: 1, timePressure: 1 };

/** A due card that can be asked in a re-test: its question (once per re-test) and what weighs it. */
export interface RetestCandidate {
  cardId: number;
  questionId: number;
  subject: string;
  lapses: number;
  errorType: ErrorType;
  /** Days since it fell due (0 when due today). */
  overdueDays: number;
}

/** The weakest first: each lapse counts most, then the error type, then how overdue (up to two weeks, at most one point). */
export function weightOf(candidate: RetestCandidate): number {
  return 1 + 3 * candidate.lapses + ERROR_TYPE_WEIGHT[candidate.errorType] + Math.min(candidate.overdueDays, 14) / 14;
}

/**
 * The re-test's questions: each question once (its heaviest card), the heaviest first within each
 * subject, the subjects taken in turn (the subject of the heaviest card first) so that a backlog in
 * one subject does not fill the test, at most `max`.
 */
export function pickRetest(candidates: readonly RetestCandidate[], max: number): RetestCandidate[] {
  const ranked = [...candidates].sort((a, b) => weightOf(b) - weightOf(a) || a.cardId - b.cardId);
  const seen = new Set<number>();
  const bySubject = new Map<string, RetestCandidate[]>();
  for (const candidate of ranked) {
    if (seen.has(candidate.questionId)) continue;
    seen.add(candidate.questionId);
    const list = bySubject.get(candidate.subject) ?? [];
    list.push(candidate);
    bySubject.set(candidate.subject, list);
  }
  const queues = [...bySubject.values()];
  const picked: RetestCandidate[] = [];
  for (let round = 0; picked.length < max && queues.some((q) => q.length > round); round += 1) {
    for (const queue of queues) {
      if (picked.length >= max) break;
      const next = queue[round];
      if (next) picked.push(next);
    }
  }
  return picked;
}

/** The grade a re-test answer gives its card: right is good, partly right is hard, wrong or left is again. */
export function ratingOf(status: string | null | undefined): ReviewRating {
  if (status === 'correct') return 'good';
  if (status === 'partial') return 'hard';
  return 'again';
}

type Latest = NonNullable<ReturnType<Awaited<ReturnType<ExamService['latestAttempts']>>['get']>>;

function present(row: RetestRow, attempt: Latest | undefined): Retest {
  const questions = row.items.length;
  return {
    weekStart: row.weekStart,
    taskId: row.taskId,
    courseId: row.courseId,
    questions,
    minutes: questions * RETEST_LIMITS.minutesPerQuestion,
    status: !attempt ? 'notStarted' : attempt.status === 'submitted' ? 'submitted' : 'open',
    attemptId: attempt?.id ?? null,
    scored: attempt?.status === 'submitted' ? (attempt.scored ?? null) : null,
    total: attempt?.total ?? questions * RETEST_LIMITS.marks,
  };
}

export interface RetestGradingDeps {
  retests: Pick<NotebookRetestRepository, 'byTask' | 'claimGrading'>;
  reviews: Pick<NotebookReviewRepository, 'insertReview' | 'gradeReview' | 'schedule'>;
  cards: Pick<NotebookRepository, 'get'>;
  exam: Pick<ExamService, 'listAnswers'>;
  clock: Clock;
}

/**
 * The re-test's results fed back into the cards: once its attempt is submitted, each card is
 * reviewed with its question's answer and graded from the result by FSRS, as a review is.
 */
export function createRetestGrading(deps: RetestGradingDeps) {
  return {
    /** The student's re-tests by their test (a re-test's attempt makes no cards of its own). */
    byTask: (userId: number) => deps.retests.byTask(userId),

    /** Grades the cards of a re-test from its submitted attempt, once; a second call changes nothing. */
    async grade(retest: RetestRow, attempt: AttemptRow): Promise<void> {
      const at = attempt.submittedAt ?? deps.clock.now();
      if (!(await deps.retests.claimGrading(retest.id, deps.clock.now()))) return;
      const answers = new Map((await deps.exam.listAnswers(attempt.id)).map((a) => [a.questionTaskMapId, a]));
      for (const item of retest.items) {
        const card: CardRow | undefined = await deps.cards.get(attempt.userId, item.cardId);
        if (!card) continue; // taken back since the re-test was made
        const answer = answers.get(item.questionTaskMapId);
        const status = ['correct', 'wrong', 'partial'].includes(answer?.status ?? '') ? answer!.status! : 'unanswered';
        const rating = ratingOf(status);
        const { row: review } = await deps.reviews.insertReview({
          cardId: card.id,
          userId: attempt.userId,
          answerId: answer?.answerId ?? null,
          answerData: answer?.answerData ?? null,
          status,
          timeSpentSeconds: answer?.timeSpentSeconds ?? 0,
          answeredAt: at,
          clientId: null,
        });
        const next = scheduleStateOf(gradeCard(fsrsCardOf(await deps.reviews.schedule(card.id), card.createdAt), rating, at));
        await deps.reviews.gradeReview(review, rating, next, at);
      }
    },
  };
}

export type RetestGrading = ReturnType<typeof createRetestGrading>;

export interface NotebookRetestDeps {
  retests: NotebookRetestRepository;
  clock: Clock;
  /** The installation's first day of the week (`WEEK_STARTS_ON`): one re-test a week from that day. */
  weekStartsOn: Weekday;
  exam: Pick<ExamService, 'loadAttemptBundle' | 'latestAttempts'>;
  academy: Pick<ExamContent, 'createOwnedTest' | 'deleteOwnedTest'> & { listCourses: (actor: Actor) => Promise<ListCoursesResult> };
  notebook: { ensureBuilt: (userId: number) => Promise<unknown> };
}

/**
 * The weekly re-test of the notebook (issue 35, item 2; decisions 081, 088): once a week (from
 * the installation's first day of the week, India calendar) a timed test of the student's own, made from their due cards, taken in
 * the player as any test is; its results grade the cards.
 */
export function createNotebookRetestService(deps: NotebookRetestDeps) {
  const { retests, clock, exam } = deps;

  function weekOf(now: Date) {
    const today = dateIn(now, TZ);
    const weekStart = weekStartOf(today, deps.weekStartsOn);
    return { weekStart, nextWeekStart: addDays(weekStart, 7), endOfToday: startOfDateIn(addDays(today, 1), TZ) };
  }

  /** The due cards that can be asked (not an evaluated kind: it has no key to grade from), with their courses. */
  async function candidatesOf(userId: number, endOfToday: Date, now: Date): Promise<{ candidates: RetestCandidate[]; courses: Map<number, number> }> {
    const due = await retests.dueCards(userId, endOfToday, CANDIDATES_MAX);
    const bundles = new Map<string, ReturnType<ExamService['loadAttemptBundle']>>();
    for (const { card } of due) {
      if (!bundles.has(card.attemptId)) bundles.set(card.attemptId, exam.loadAttemptBundle({ id: card.attemptId, taskId: card.taskId }));
    }
    const candidates: RetestCandidate[] = [];
    const courses = new Map<number, number>();
    for (const { card, lapses } of due) {
      const bundle = await bundles.get(card.attemptId)!.catch(() => null);
      const map = bundle?.maps.find((m) => m.mapId === card.questionTaskMapId);
      if (!map || isEvaluatedType(map.question.questionType)) continue;
      candidates.push({
        cardId: card.id,
        questionId: map.question.id,
        subject: card.subject,
        lapses: lapses ?? 0,
        errorType: (card.errorType ?? card.suggestedErrorType) as ErrorType,
        overdueDays: Math.max(0, Math.floor((now.getTime() - card.due.getTime()) / DAY_MS)),
      });
      courses.set(card.id, card.courseId);
    }
    return { candidates, courses };
  }

  async function listed(userId: number): Promise<Retest[]> {
    const rows = await retests.list(userId, PAST_MAX + 1);
    const latest = await exam.latestAttempts(userId, rows.map((r) => r.taskId));
    return rows.map((row) => present(row, latest.get(row.taskId)));
  }

  return {
    async status(actor: Actor): Promise<RetestStatus> {
      // Reading the notebook grades a submitted re-test's cards first (as it makes cards).
      await deps.notebook.ensureBuilt(actor.userId);
      const now = clock.now();
      const week = weekOf(now);
      const [all, { candidates }] = await Promise.all([listed(actor.userId), candidatesOf(actor.userId, week.endOfToday, now)]);
      const current = all.find((r) => r.weekStart === week.weekStart) ?? null;
      const questions = current ? current.questions : pickRetest(candidates, RETEST_LIMITS.questionsMax).length;
      const blockedBy = current?.status === 'submitted' ? 'takenThisWeek' : !current && questions === 0 ? 'noDueCards' : null;
      return {
        weekStart: week.weekStart,
        nextWeekStart: week.nextWeekStart,
        dueCards: candidates.length,
        questions,
        minutes: questions * RETEST_LIMITS.minutesPerQuestion,
        blockedBy,
        current,
        past: all.filter((r) => r.weekStart !== week.weekStart).slice(0, PAST_MAX),
      };
    },

    /** Makes this week's re-test from the due cards, or returns the one made (not yet submitted). */
    async start(actor: Actor): Promise<Retest> {
      await deps.notebook.ensureBuilt(actor.userId);
      const now = clock.now();
      const week = weekOf(now);
      const existing = await retests.findOfWeek(actor.userId, week.weekStart);
      if (existing) {
        const shown = present(existing, (await exam.latestAttempts(actor.userId, [existing.taskId])).get(existing.taskId));
        if (shown.status === 'submitted') throw new AppError(RETEST_ERRORS.NOTEBOOK_RETEST_TAKEN, { detail: RETEST_TAKEN_MESSAGES[deps.weekStartsOn] });
        return shown;
      }
      const { candidates, courses } = await candidatesOf(actor.userId, week.endOfToday, now);
      const picked = pickRetest(candidates, RETEST_LIMITS.questionsMax);
      if (picked.length === 0) throw new AppError(RETEST_ERRORS.NOTEBOOK_RETEST_NO_DUE_CARDS);
      // The test sits in a course the student reaches: the one most of its cards came from, else any.
      const reachable = (await deps.academy.listCourses(actor)).map((c) => c.courseID);
      const counts = new Map<number, number>();
      for (const c of picked) counts.set(courses.get(c.cardId)!, (counts.get(courses.get(c.cardId)!) ?? 0) + 1);
      const courseId = [...reachable].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
      if (courseId === undefined) throw new AppError(RETEST_ERRORS.NOTEBOOK_RETEST_NO_COURSE);
      const sections = new Map<string, number[]>();
      for (const c of picked) sections.set(c.subject, [...(sections.get(c.subject) ?? []), c.questionId]);
      const made = await deps.academy.createOwnedTest({
        ownerUserId: actor.userId,
        courseId,
        name: `Notebook re-test, week of ${week.weekStart}`,
        durationMinutes: picked.length * RETEST_LIMITS.minutesPerQuestion,
        marks: RETEST_LIMITS.marks,
        negativeMarks: RETEST_LIMITS.negativeMarks,
        sections: [...sections].map(([name, questionIds]) => ({ name, questionIds })),
      });
      if (!made) throw new AppError(RETEST_ERRORS.NOTEBOOK_RETEST_NO_COURSE);
      const row = await retests.insert({
        userId: actor.userId,
        weekStart: week.weekStart,
        taskId: made.taskId,
        courseId,
        items: picked.map((c) => ({ cardId: c.cardId, questionTaskMapId: made.mapIds.get(c.questionId)! })),
        createdAt: now,
      });
      if (row) return present(row, undefined);
      // Two starts at once: the week's first re-test stands, and the test made for the other goes.
      await deps.academy.deleteOwnedTest(made.taskId, actor.userId);
      return present((await retests.findOfWeek(actor.userId, week.weekStart))!, undefined);
    },
  };
}

export type NotebookRetestService = ReturnType<typeof createNotebookRetestService>;
