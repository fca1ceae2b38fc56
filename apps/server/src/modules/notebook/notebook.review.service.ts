import {
  DEFAULT_TIME_ZONE,
  NOTEBOOK_ERRORS,
  QUESTION_KINDS,
  REVIEW_ERRORS,
  REVIEW_LIMITS,
  type AnswerReviewBody,
  type ErrorType,
  type GradeReviewBody,
  type NotebookCard,
  type QuestionType,
  type ReviewAnswerResult,
  type ReviewEffort,
  type ReviewGraded,
  type ReviewItem,
  type ReviewQueue,
  type ReviewSettings,
  type ReviewSettingsBody,
  type Weekday,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { addDays, dateIn, startOfDateIn, weekStartOf } from '../../lib/zoned-dates.js';
import { serverKindOf } from '../../question-kinds/index.js';
import type { ExamService } from '../exam/exam.service.js';
import { questionView } from '../exam/exam.views.js';
import { isEvaluatedType, scorable, scoreAnswer } from '../grading/grading.scoring.js';
import { PENDING_DUE, type CardRow, type NotebookRepository } from './notebook.repository.js';
import type { NotebookReviewRepository } from './notebook.review.repository.js';
import {
  averageReviewSeconds,
  dueChoices,
  fsrsCardOf,
  gradeCard,
  queueSize,
  reviewStateOf,
  scheduleStateOf,
  streakOf,
  type ScheduleState,
} from './notebook.schedule.js';

const TZ = DEFAULT_TIME_ZONE;

/** When an answer counts as given: its own time if kept offline, within the server's now and `offlineDaysMax` days before. */
function answeredAtOf(sent: string | undefined, now: Date): Date {
  if (!sent) return now;
  const earliest = now.getTime() - REVIEW_LIMITS.offlineDaysMax * 86_400_000;
  return new Date(Math.min(now.getTime(), Math.max(earliest, new Date(sent).getTime())));
}
/** A streak is counted back at most this far. */
const STREAK_DAYS_MAX = 366;

export interface NotebookReviewDeps {
  repo: NotebookReviewRepository;
  cards: Pick<NotebookRepository, 'get'>;
  clock: Clock;
  /** The installation's first day of the week (`WEEK_STARTS_ON`), for the minutes reviewed this week. */
  weekStartsOn: Weekday;
  exam: Pick<ExamService, 'loadAttemptBundle'>;
  notebook: {
    ensureBuilt: (userId: number) => Promise<unknown>;
    show: (actor: Actor, row: CardRow) => Promise<NotebookCard>;
  };
}

type Bundle = Awaited<ReturnType<ExamService['loadAttemptBundle']>>;

/**
 * Spaced repetition of the notebook's cards (issue 35, item 2; decision 061): FSRS schedules each
 * card; a day's queue is as long as the student's minutes allow at their average review time; a
 * review is answered (scored by the question's kind, never sending the key first), then graded.
 */
export function createNotebookReviewService(deps: NotebookReviewDeps) {
  const { repo, clock } = deps;
  const cardNotFound = () => new AppError(NOTEBOOK_ERRORS.NOTEBOOK_CARD_NOT_FOUND);
  const unavailable = () => new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_QUESTION_UNAVAILABLE);

  async function minutesOf(userId: number): Promise<number> {
    return (await repo.minutesPerDay(userId)) ?? REVIEW_LIMITS.minutesDefault;
  }

  /** The question a card asks, as placed in its test; keyless kinds only (an evaluated kind has no key to score against). */
  function mapOf(bundle: Bundle, card: CardRow) {
    const map = bundle.maps.find((m) => m.mapId === card.questionTaskMapId);
    return map && !isEvaluatedType(map.question.questionType) ? map : undefined;
  }

  return {
    async queue(actor: Actor): Promise<ReviewQueue> {
      await deps.notebook.ensureBuilt(actor.userId);
      const now = clock.now();
      const today = dateIn(now, TZ);
      const endOfToday = startOfDateIn(addDays(today, 1), TZ);
      const [minutesPerDay, latest, reviewedTodaySeconds, counts] = await Promise.all([
        minutesOf(actor.userId),
        repo.latestReviewSeconds(actor.userId, REVIEW_LIMITS.averageOver),
        repo.secondsSince(actor.userId, startOfDateIn(today, TZ)),
        repo.dueCounts(actor.userId, endOfToday),
      ]);
      const average = averageReviewSeconds(latest);
      const size = queueSize(minutesPerDay, reviewedTodaySeconds, average);
      const due = size > 0 ? await repo.dueCards(actor.userId, endOfToday, size) : [];
      const bundles = new Map<string, Promise<Bundle>>();
      for (const { card } of due) {
        if (!bundles.has(card.attemptId)) bundles.set(card.attemptId, deps.exam.loadAttemptBundle({ id: card.attemptId, taskId: card.taskId }));
      }
      const items: ReviewItem[] = [];
      for (const { card, schedule, due: dueAt } of due) {
        const bundle = await bundles.get(card.attemptId)!;
        const map = mapOf(bundle, card);
        if (!map) continue;
        items.push({
          cardId: card.id,
          testName: bundle.task.name,
          subject: card.subject,
          topics: card.topics,
          errorType: (card.errorType ?? card.suggestedErrorType) as ErrorType,
          state: reviewStateOf(schedule?.state ?? 0),
          due: new Date(dueAt).toISOString(),
          question: questionView(map, undefined, false),
        });
      }
      return {
        minutesPerDay,
        averageReviewSeconds: Math.round(average * 10) / 10,
        reviewedTodaySeconds,
        dueToday: counts.today,
        dueLater: counts.later,
        items,
      };
    },

    /** Records the answer, scored with the test's key by the question's kind; the key goes back only as the card's release rule allows. */
    async answer(actor: Actor, body: AnswerReviewBody & { timeSpent: number }): Promise<ReviewAnswerResult> {
      const card = await deps.cards.get(actor.userId, Number(body.cardId));
      // A card kept from a practice still open is not in the review until the practice is submitted.
      if (!card || card.due >= PENDING_DUE) throw cardNotFound();
      const map = mapOf(await deps.exam.loadAttemptBundle({ id: card.attemptId, taskId: card.taskId }), card);
      if (!map) throw unavailable();
      const type = map.question.questionType as QuestionType;
      const answer = { answerID: body.answerID, answerData: body.answerData ?? null };
      const fits = serverKindOf(type)?.fitsQuestion;
      if (
        !QUESTION_KINDS[type].answerSchema.safeParse(answer).success ||
        (fits && answer.answerID !== null && !fits(map.question, answer.answerID))
      ) {
        throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_ANSWER_INVALID);
      }
      const answered = answer.answerID !== null || answer.answerData !== null;
      const score = scoreAnswer(
        scorable(map),
        answered ? { answerId: answer.answerID, answerData: answer.answerData, evaluatedFraction: null, teacherMarks: null } : undefined,
      );
      const scored = (['correct', 'wrong', 'partial'].includes(score.status) ? score.status : 'unanswered') as NonNullable<ReviewAnswerResult['status']>;
      const now = clock.now();
      const { row: review } = await repo.insertReview({
        cardId: card.id,
        userId: actor.userId,
        answerId: answer.answerID,
        answerData: answer.answerData,
        status: scored,
        timeSpentSeconds: body.timeSpent,
        answeredAt: answeredAtOf(body.answeredAt, now),
        clientId: body.clientId ?? null,
      });
      // The same client id names one answer, to one card.
      if (review.cardId !== card.id) throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_ANSWER_INVALID);
      const status = review.status as NonNullable<ReviewAnswerResult['status']>;
      const [shown, schedule] = await Promise.all([deps.notebook.show(actor, card), repo.schedule(card.id)]);
      return {
        reviewId: review.id,
        cardId: card.id,
        // Right or wrong tells the key: it follows the release rule as the key does.
        status: shown.keyReleased ? status : null,
        isCorrect: shown.keyReleased ? status === 'correct' : null,
        keyReleased: shown.keyReleased,
        question: shown.question,
        choices: dueChoices(fsrsCardOf(schedule, card.createdAt), now).map((c) => ({ rating: c.rating, due: c.due.toISOString() })),
      };
    },

    /** The grade moves the card as FSRS says; a review is graded once. */
    async grade(actor: Actor, body: GradeReviewBody): Promise<ReviewGraded> {
      const review = await repo.getReview(actor.userId, Number(body.reviewId));
      if (!review) throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_NOT_FOUND);
      if (review.rating !== null) throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_ALREADY_GRADED);
      const card = await deps.cards.get(actor.userId, review.cardId);
      if (!card) throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_NOT_FOUND);
      const now = clock.now();
      const next: ScheduleState = scheduleStateOf(gradeCard(fsrsCardOf(await repo.schedule(card.id), card.createdAt), body.rating, now));
      if (!(await repo.gradeReview(review, body.rating, next, now))) throw new AppError(REVIEW_ERRORS.NOTEBOOK_REVIEW_ALREADY_GRADED);
      return {
        cardId: card.id,
        rating: body.rating,
        state: reviewStateOf(next.state),
        due: next.due.toISOString(),
        reps: next.reps,
        lapses: next.lapses,
      };
    },

    async updateSettings(actor: Actor, body: ReviewSettingsBody & { minutesPerDay: number }): Promise<ReviewSettings> {
      await repo.setMinutesPerDay(actor.userId, body.minutesPerDay, clock.now());
      return { minutesPerDay: body.minutesPerDay };
    },

    /** A student's streak and minutes this week, for their parents (no card content). The caller checks who may see it. */
    async effortOf(userId: number): Promise<ReviewEffort> {
      const today = dateIn(clock.now(), TZ);
      const [times, secondsThisWeek] = await Promise.all([
        repo.reviewTimes(userId, startOfDateIn(addDays(today, -STREAK_DAYS_MAX), TZ)),
        repo.secondsSince(userId, startOfDateIn(weekStartOf(today, deps.weekStartsOn), TZ)),
      ]);
      return { streakDays: streakOf(times.map((at) => dateIn(at, TZ)), today), secondsThisWeek };
    },
  };
}

export type NotebookReviewService = ReturnType<typeof createNotebookReviewService>;
