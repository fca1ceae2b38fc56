import { roundMarks } from '../../grading/grading.scoring.js';

/** One candidate's first submitted attempt of a task: the only attempt that ranks. */
export interface FirstAttemptScore {
  userId: number;
  scored: number;
}

export interface Standing {
  /** 1 is best; equal scores share a rank (1, 2, 2, 4). */
  rank: number;
  /** NTA percentile: candidates scoring at or below this score, over all candidates, ×100. */
  percentile: number;
  /** How many candidates the rank and percentile are among, this student included. */
  candidates: number;
}

/** Competition rank: one more than the number of scores strictly above. */
export function rankOf(score: number, scores: readonly number[]): number {
  return scores.filter((s) => s > score).length + 1;
}

/** NTA percentile of a score among scores that include it: share at or below it, ×100. */
export function percentileOf(score: number, scores: readonly number[]): number {
  if (scores.length === 0) return 100;
  return roundMarks((scores.filter((s) => s <= score).length / scores.length) * 100);
}

/**
 * Where a student's score stands among the task's candidates. Each candidate counts once, by
 * their first attempt; the student counts once with the given score, so a retake is compared
 * with everyone else's first attempt and never with the student's own.
 */
export function standingOf(userId: number, score: number, firstAttempts: readonly FirstAttemptScore[]): Standing {
  const scores = [...firstAttempts.filter((a) => a.userId !== userId).map((a) => a.scored), score];
  return { rank: rankOf(score, scores), percentile: percentileOf(score, scores), candidates: scores.length };
}
