import { REVIEW_LIMITS, REVIEW_STATES, type ReviewRating, type ReviewState } from '@app/contracts';
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { addDays } from '../../lib/zoned-dates.js';

/**
 * FSRS with ts-fsrs's default weights, target retention 0.9 and short-term learning steps. No fuzz:
 * a grade gives one due date, the one the grade buttons showed (decision 061).
 */
export const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

const RATINGS: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

/** A card's stored FSRS state, as its row keeps it. */
export interface ScheduleState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

/** The FSRS card of a notebook card: its stored state, or a new card due from when the notebook card was made. */
export function fsrsCardOf(stored: ScheduleState | undefined, createdAt: Date): Card {
  if (!stored) return createEmptyCard(createdAt);
  return {
    due: stored.due,
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsed_days: stored.elapsedDays,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.state,
    ...(stored.lastReview ? { last_review: stored.lastReview } : {}),
  };
}

export function scheduleStateOf(card: Card): ScheduleState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

export const reviewStateOf = (state: number): ReviewState => REVIEW_STATES[state] ?? 'new';

/** The card after a grade given at `now`. */
export function gradeCard(card: Card, rating: ReviewRating, now: Date): Card {
  return scheduler.next(card, now, RATINGS[rating]).card;
}

/** The due date each grade would give, for the grade buttons. */
export function dueChoices(card: Card, now: Date): { rating: ReviewRating; due: Date }[] {
  const preview = scheduler.repeat(card, now);
  return (Object.keys(RATINGS) as ReviewRating[]).map((rating) => ({ rating, due: preview[RATINGS[rating]].card.due }));
}

/**
 * The student's average seconds per review over their latest reviews; the assumed time before
 * the first review. At least 5 s, so a run of skipped questions does not flood the queue.
 */
export function averageReviewSeconds(latest: number[]): number {
  if (latest.length === 0) return REVIEW_LIMITS.assumedReviewSeconds;
  return Math.max(5, latest.reduce((sum, s) => sum + s, 0) / latest.length);
}

/** How many cards today's queue holds: the minutes left of the day's budget over the average review time. */
export function queueSize(minutesPerDay: number, reviewedTodaySeconds: number, averageSeconds: number): number {
  const left = minutesPerDay * 60 - reviewedTodaySeconds;
  if (left <= 0) return 0;
  return Math.min(REVIEW_LIMITS.queueMax, Math.max(1, Math.floor(left / averageSeconds)));
}

/** Days in a row with a review, ending today or (when none yet today) yesterday; `days` are calendar dates. */
export function streakOf(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  let day = set.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (set.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
