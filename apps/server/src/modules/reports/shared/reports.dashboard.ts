import type { StudentDashboard } from '@app/contracts';
import type { SummaryQuestion } from '../../../db/schema/reports.js';
import { roundMarks } from '../../grading/grading.scoring.js';
import { standingOf } from './reports.ranking.js';
import type { FirstAttemptRow, SummaryRow } from './reports.repository.js';

export type { FirstAttemptRow } from './reports.repository.js';
import { subjectOf } from './reports.summary.js';

/** A topic is weak below this accuracy (percent), as in the feedback report. */
const WEAK_TOPIC_ACCURACY = 60;
const WEAKEST_TOPICS_SHOWN = 5;
/** The class's top scorers whose time is the yardstick: this share of a task's candidates, at least one. */
const TOP_SHARE = 0.1;
/** Correct but slower than this many times the top scorers' time is "slow"; wrong and faster than FAST is "fast". */
const SLOW_FACTOR = 1.5;
const FAST_FACTOR = 0.5;

const pct = (part: number, whole: number) => (whole > 0 ? roundMarks((part / whole) * 100) : 0);

interface Tally {
  questions: number;
  correct: number;
  partial: number;
  wrong: number;
  skipped: number;
  pending: number;
  scored: number;
  total: number;
  negativeMarksLost: number;
  answered: number;
  answeredTime: number;
  /** Answered questions that have a top-10 % time, and the sums of both times over them. */
  compared: number;
  comparedMine: number;
  comparedTop: number;
}
const emptyTally = (): Tally => ({
  questions: 0,
  correct: 0,
  partial: 0,
  wrong: 0,
  skipped: 0,
  pending: 0,
  scored: 0,
  total: 0,
  negativeMarksLost: 0,
  answered: 0,
  answeredTime: 0,
  compared: 0,
  comparedMine: 0,
  comparedTop: 0,
});

function tally(t: Tally, q: SummaryQuestion, topTime: number | undefined): void {
  t.questions += 1;
  if (q.status === 'unanswered') t.skipped += 1;
  else if (q.status === 'correct' || q.status === 'partial' || q.status === 'wrong' || q.status === 'pending') t[q.status] += 1;
  t.scored += q.marksAwarded;
  t.total += q.marks;
  if (q.marksAwarded < 0) t.negativeMarksLost -= q.marksAwarded;
  if (q.status !== 'unanswered') {
    t.answered += 1;
    t.answeredTime += q.timeSpent;
    if (topTime !== undefined) {
      t.compared += 1;
      t.comparedMine += q.timeSpent;
      t.comparedTop += topTime;
    }
  }
}

function figures(t: Tally) {
  return {
    questions: t.questions,
    correct: t.correct,
    partial: t.partial,
    wrong: t.wrong,
    skipped: t.skipped,
    accuracy: pct(t.correct, t.questions - t.pending),
    scored: roundMarks(t.scored),
    total: roundMarks(t.total),
    negativeMarksLost: roundMarks(t.negativeMarksLost),
    secondsPerQuestion: t.answered ? roundMarks(t.answeredTime / t.answered) : 0,
    topSecondsPerQuestion: t.compared ? roundMarks(t.comparedTop / t.compared) : null,
  };
}

export type ChangeKind = 'wrongToRight' | 'rightToWrong' | 'wrongToWrong' | 'rightToRight' | 'cleared';

/** How a changed answer went, its first answer against the final one; null when never changed. */
export function changeKind(q: Pick<SummaryQuestion, 'status' | 'changes' | 'firstStatus'>): ChangeKind | null {
  if (!q.changes || !q.firstStatus) return null;
  if (q.status === 'unanswered') return 'cleared';
  const firstRight = q.firstStatus === 'correct';
  const finalRight = q.status === 'correct';
  if (firstRight) return finalRight ? 'rightToRight' : 'rightToWrong';
  return finalRight ? 'wrongToRight' : 'wrongToWrong';
}


/** The top 10 % (at least one) of one task's first attempts by score; ties keep the given order. */
export function topShare<T extends Pick<SummaryRow, 'scored'>>(firstAttempts: readonly T[]): T[] {
  const ranked = [...firstAttempts].sort((a, b) => b.scored - a.scored);
  return ranked.slice(0, Math.max(1, Math.ceil(ranked.length * TOP_SHARE)));
}

/**
 * Per question of a task, the average time the class's top 10 % (by first-attempt score) spent
 * on it, over those of them who answered it.
 */
export function topTimes(firstAttempts: readonly FirstAttemptRow[]): Map<number, number> {
  const top = topShare(firstAttempts);
  const sums = new Map<number, { time: number; n: number }>();
  for (const row of top) {
    for (const q of row.questions) {
      if (q.status === 'unanswered') continue;
      const s = sums.get(q.mapId) ?? { time: 0, n: 0 };
      s.time += q.timeSpent;
      s.n += 1;
      sums.set(q.mapId, s);
    }
  }
  return new Map([...sums].map(([mapId, s]) => [mapId, s.time / s.n]));
}

export interface DashboardInput {
  studentId: number;
  /** The student's attempt summaries, oldest first. */
  mine: SummaryRow[];
  /** First-attempt summaries of every candidate of the tasks the student took. */
  firstAttempts: FirstAttemptRow[];
  tasks: Map<number, { name: string; scoreVisible: boolean }>;
}

/** The tests where a topic's questions were missed (wrong or left blank), newest first. */
function missedIn(summaries: SummaryRow[], topic: { subject: string; topic: string }, tasks: DashboardInput['tasks']) {
  const out: { attemptId: string; taskName: string; missed: number }[] = [];
  for (const s of [...summaries].reverse()) {
    const missed = s.questions.filter((q) => subjectOf(q) === topic.subject && q.topics.includes(topic.topic) && (q.status === 'wrong' || q.status === 'unanswered')).length;
    if (missed > 0) out.push({ attemptId: s.attemptId, taskName: tasks.get(s.taskId)?.name ?? '', missed });
  }
  return out;
}

/** A student's analytics across attempts, from summaries only (hidden-score tests left out). */
export function buildStudentDashboard(input: DashboardInput): StudentDashboard {
  const visible = input.mine.filter((s) => input.tasks.get(s.taskId)?.scoreVisible === true);
  const firstsByTask = new Map<number, FirstAttemptRow[]>();
  for (const row of input.firstAttempts) {
    const rows = firstsByTask.get(row.taskId);
    if (rows) rows.push(row);
    else firstsByTask.set(row.taskId, [row]);
  }
  const topByTask = new Map([...firstsByTask].map(([taskId, rows]) => [taskId, topTimes(rows)]));

  const subjects = new Map<string, Tally>();
  const topics = new Map<string, Tally & { subject: string; topic: string; courseId: number }>();
  const changed = { questions: 0, wrongToRight: 0, rightToWrong: 0, wrongToWrong: 0, rightToRight: 0, cleared: 0 };
  const quality = { correctInTime: 0, correctSlow: 0, wrongFast: 0, wrongOther: 0, skipped: 0, changed };

  const attempts = visible.map((s) => {
    const top = topByTask.get(s.taskId) ?? new Map<number, number>();
    for (const q of s.questions) {
      const topTime = top.get(q.mapId);
      const subjectName = subjectOf(q);
      const subject = subjects.get(subjectName) ?? emptyTally();
      tally(subject, q, topTime);
      subjects.set(subjectName, subject);
      for (const name of q.topics) {
        const key = `${subjectName}\u0000${name}`;
        const topic = topics.get(key) ?? { ...emptyTally(), subject: subjectName, topic: name, courseId: s.courseId };
        tally(topic, q, topTime);
        topic.courseId = s.courseId;
        topics.set(key, topic);
      }
      if (q.status === 'unanswered') quality.skipped += 1;
      else if (q.status === 'correct') {
        if (topTime !== undefined && q.timeSpent > SLOW_FACTOR * topTime) quality.correctSlow += 1;
        else quality.correctInTime += 1;
      } else if (q.status === 'wrong') {
        if (topTime !== undefined && q.timeSpent < FAST_FACTOR * topTime) quality.wrongFast += 1;
        else quality.wrongOther += 1;
      }
      const kind = changeKind(q);
      if (kind) {
        changed.questions += 1;
        changed[kind] += 1;
      }
    }
    const standing = standingOf(input.studentId, s.scored, (firstsByTask.get(s.taskId) ?? []).map((f) => ({ userId: f.userId, scored: f.scored })));
    return {
      attemptId: s.attemptId,
      taskId: s.taskId,
      courseId: s.courseId,
      taskName: input.tasks.get(s.taskId)?.name ?? '',
      testType: s.testType,
      submittedAt: s.submittedAt.toISOString(),
      isFirstAttempt: s.isFirstAttempt,
      scored: s.scored,
      total: s.total,
      percentage: pct(s.scored, s.total),
      accuracy: pct(s.correct, s.correct + s.partial + s.wrong),
      ...standing,
      negativeMarksLost: s.negativeMarksLost,
      scoredSkippingWrong: roundMarks(s.scored + s.negativeMarksLost),
      timeSpent: s.timeSpent,
    };
  });

  const topicRows = [...topics.values()].map((t) => ({ subject: t.subject, topic: t.topic, courseId: t.courseId, pending: t.pending, ...figures(t) }));
  const marksLost = roundMarks(visible.reduce((sum, s) => sum + s.negativeMarksLost, 0));
  const scored = roundMarks(visible.reduce((sum, s) => sum + s.scored, 0));
  const weakestTopics = topicRows
    .filter((t) => t.questions - t.pending > 0 && t.accuracy < WEAK_TOPIC_ACCURACY)
    .sort((a, b) => a.accuracy - b.accuracy || b.questions - a.questions || a.topic.localeCompare(b.topic))
    .slice(0, WEAKEST_TOPICS_SHOWN)
    .map((t) => ({ subject: t.subject, topic: t.topic, accuracy: t.accuracy, questions: t.questions, courseId: t.courseId }));
  return {
    studentId: input.studentId,
    attempts,
    subjects: [...subjects].map(([subject, t]) => ({ subject, ...figures(t) })),
    topics: topicRows.map(({ courseId: _courseId, pending: _pending, ...row }) => row),
    weakestTopics,
    practise: weakestTopics.map((w) => ({ subject: w.subject, topic: w.topic, attempts: missedIn(visible, w, input.tasks) })),
    quality,
    negativeMarking: {
      marksLost,
      wrongAnswers: visible.reduce((sum, s) => sum + s.wrong, 0),
      scored,
      scoredSkippingWrong: roundMarks(scored + marksLost),
    },
  };
}
