import type { ExamStatistics, ReportMatrix } from '@app/contracts';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';
import { roundMarks } from '../../grading/grading.scoring.js';
import { serverKindOf } from '../../../question-kinds/index.js';
import { describeScores, histogram, itemFlags, itemStatistics, optionCounts, type StatAttempt, type StatItem } from './reports.staff.item-stats.js';

/** A student is at risk when their last this-many first attempts each score lower than the one before… */
export const FALLING_RUN = 3;
/** …and the last is at least this many percentage points under the first of them. */
export const FALLING_DROP = 10;

const pct = (part: number, whole: number) => (whole > 0 ? roundMarks((part / whole) * 100) : 0);
const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** The last FALLING_RUN percentages when each is lower than the one before and they fell by FALLING_DROP or more; else none. */
export function fallingScores(percentages: readonly number[]): number[] {
  if (percentages.length < FALLING_RUN) return [];
  const last = percentages.slice(-FALLING_RUN);
  const isFalling = last.every((p, i) => i === 0 || p < last[i - 1]!);
  return isFalling && last[0]! - last[last.length - 1]! >= FALLING_DROP ? last : [];
}

// ── The students × tests matrix ────────────────────────────────────────────────────────────────

export interface MatrixInput {
  className: string;
  sectionName: string | null;
  students: Array<{ id: number; displayName: string; username: string; sectionName: string | null }>;
  /** First attempts of those students, oldest first. */
  attempts: Array<{ userId: number; taskId: number; scored: number; total: number }>;
  tests: Map<number, { name: string; courseName: string }>;
}

/** One row per student, one column per test the class took (in order of first submission). */
export function buildMatrix(input: MatrixInput): ReportMatrix {
  const taskOrder: number[] = [];
  const totals = new Map<number, number>();
  const cells = new Map<string, number>();
  for (const a of input.attempts) {
    if (!totals.has(a.taskId)) taskOrder.push(a.taskId);
    totals.set(a.taskId, Math.max(totals.get(a.taskId) ?? 0, a.total));
    cells.set(`${a.userId}:${a.taskId}`, a.scored);
  }
  const students = input.students.map((s) => {
    const scores = taskOrder.map((taskId) => cells.get(`${s.id}:${taskId}`) ?? null);
    const taken = taskOrder.map((taskId, i) => ({ score: scores[i], total: totals.get(taskId)! })).filter((c): c is { score: number; total: number } => c.score !== null && c.score !== undefined);
    const average = taken.length ? roundMarks(taken.reduce((sum, c) => sum + pct(c.score, c.total), 0) / taken.length) : null;
    return { userId: s.id, displayName: s.displayName, username: s.username, sectionName: s.sectionName, scores, average, taken: taken.length };
  });
  const tests = taskOrder.map((taskId, i) => {
    const column = students.map((s) => s.scores[i]).filter((v): v is number => v !== null && v !== undefined);
    return {
      taskId,
      taskName: input.tests.get(taskId)?.name ?? '',
      courseName: input.tests.get(taskId)?.courseName ?? '',
      total: totals.get(taskId)!,
      attempts: column.length,
      mean: column.length ? roundMarks(column.reduce((a, b) => a + b, 0) / column.length) : null,
    };
  });
  return { className: input.className, sectionName: input.sectionName, tests, students };
}

/** Rows sorted by name, average or a test's column; students without a figure go last either way. */
export function sortMatrix(matrix: ReportMatrix, sort: string, direction: 'asc' | 'desc'): ReportMatrix['students'] {
  const sign = direction === 'asc' ? 1 : -1;
  const column = sort.startsWith('task:') ? matrix.tests.findIndex((t) => t.taskId === Number(sort.slice(5))) : -1;
  const valueOf = (row: ReportMatrix['students'][number]): number | null => (sort === 'average' ? row.average : column >= 0 ? (row.scores[column] ?? null) : null);
  return [...matrix.students].sort((a, b) => {
    if (sort === 'name') return sign * a.displayName.localeCompare(b.displayName) || a.userId - b.userId;
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? a.displayName.localeCompare(b.displayName) : x === null ? 1 : -1;
    return sign * (x - y) || a.displayName.localeCompare(b.displayName);
  });
}

/**
 * A comma-separated list of numbers, as PostgreSQL writes an array with array_to_string: read
 * character by character (thousands of lists of 180 marks); anything unusual goes to Number.
 */
export function parseNumberList(text: string): number[] {
  const out: number[] = [];
  if (text === '') return out;
  let start = 0;
  for (let end = 0; end <= text.length; end++) {
    if (end < text.length && text.charCodeAt(end) !== 44) continue;
    let value = 0;
    let sign = 1;
    let scale = 0;
    let isSimple = end > start;
    for (let k = start; k < end && isSimple; k++) {
      const c = text.charCodeAt(k);
      if (c >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        if (scale) scale *= 10;
      } else if (c === 45 && k === start) sign = -1;
      else if (c === 46 && !scale) scale = 1;
      else isSimple = false;
    }
    out.push(isSimple ? (sign * value) / (scale || 1) : Number(text.slice(start, end)));
    start = end + 1;
  }
  return out;
}

// ── A test's statistics ────────────────────────────────────────────────────────────────────────

export interface StatisticsAttempt extends StatAttempt {
  userId: number;
  correct: number;
  wrong: number;
  skipped: number;
  submittedAt: Date;
}

export interface StatisticsInput {
  bundle: TaskBundle;
  attempts: StatisticsAttempt[];
  names: Map<number, { displayName: string; username: string }>;
}

/** Histogram ranges: ten equal ranges from 0 (or the lowest score, when negative) to the test's total. */
const HISTOGRAM_BINS = 10;

/** Everything the Exam Report shows of one test, from its first attempts' summaries. */
export function buildExamStatistics({ bundle, attempts, names }: StatisticsInput): ExamStatistics {
  const sectionName = new Map(bundle.sections.map((s) => [s.id, s.name]));
  const bundleItems = new Map(bundle.maps.map((m) => [m.mapId, m]));
  // Items in the test's order, then any drawn for single attempts (random draws), by first appearance.
  const order = [...bundle.maps.map((m) => m.mapId)];
  const seen = new Set(order);
  const observedMax = new Map<number, number>();
  for (const a of attempts) {
    a.mapIds.forEach((id, j) => {
      if (!seen.has(id)) {
        seen.add(id);
        order.push(id);
      }
      observedMax.set(id, Math.max(observedMax.get(id) ?? 0, a.marks[j]!));
    });
  }
  const items: StatItem[] = order.map((mapId) => ({ mapId, maxMark: bundleItems.get(mapId)?.marks ?? observedMax.get(mapId) ?? 0 }));
  const { items: stats, consistency } = itemStatistics(items, attempts);
  const options = optionCounts(items, attempts);
  const totals = attempts.map((a) => a.marks.reduce((sum, m) => sum + m, 0));
  const description = describeScores(totals);
  const testTotal = roundMarks(bundle.maps.reduce((sum, m) => sum + m.marks, 0)) || Math.max(0, ...items.map((i) => i.maxMark));
  const lowest = Math.min(0, Math.floor(description.min ?? 0));

  // Sections and topics: the mean marks of their items per attempt, and correct over served.
  type Area = { questions: number; meanScored: number; total: number; correct: number; served: number };
  const sections = new Map<string, Area>();
  const topics = new Map<string, Area & { section: string; topic: string }>();
  const itemRows = stats.map((stat, i) => {
    const map = bundleItems.get(stat.mapId);
    const section = map ? (sectionName.get(map.sectionId) ?? '') : '';
    const tags = map?.question.topicTags.length ? map.question.topicTags : [section];
    const mean = stat.meanMark ?? 0;
    const add = (area: Area) => {
      area.questions += 1;
      area.meanScored += mean * (stat.attempts / Math.max(1, attempts.length));
      area.total += stat.maxMark;
      area.correct += stat.counts.correct;
      area.served += stat.attempts;
    };
    const s = sections.get(section) ?? { questions: 0, meanScored: 0, total: 0, correct: 0, served: 0 };
    add(s);
    sections.set(section, s);
    for (const tag of tags) {
      const key = `${section}\u0000${tag}`;
      const t = topics.get(key) ?? { questions: 0, meanScored: 0, total: 0, correct: 0, served: 0, section, topic: tag };
      add(t);
      topics.set(key, t);
    }
    const correct = map?.question.correctAnswerId;
    const isCorrect = (answerId: number) => (Array.isArray(correct) ? correct.includes(answerId) : correct === answerId);
    const labels = new Map((map?.question.options ?? []).map((o) => [o.answerID, o.answerData]));
    const analysis = map ? serverKindOf(map.question.questionType)?.itemStatistics : 'options';
    // A kind whose options are not all answers (matching's lists) names the ones counted.
    const analysed = typeof analysis === 'function' ? new Set(analysis(map!.question)) : null;
    const counted = new Map((options.get(stat.mapId) ?? []).map((o) => [o.answerId, o]));
    // Every option of the question, chosen or not, then "no single option" when any attempt gave none.
    const optionIds = [...new Set([...labels.keys(), ...counted.keys()].filter((id) => id !== 0))].sort((a, b) => a - b);
    if (counted.has(0)) optionIds.push(0);
    return {
      number: i + 1,
      questionTaskMapID: stat.mapId,
      title: map?.question.title ?? '',
      text: map?.question.data ?? '',
      section,
      topics: tags,
      maxMark: stat.maxMark,
      attempts: stat.attempts,
      facility: round2(stat.facility),
      sd: round2(stat.sd),
      discriminationIndex: round2(stat.discriminationIndex),
      discriminativeEfficiency: round2(stat.discriminativeEfficiency),
      effectiveWeight: round2(stat.effectiveWeight),
      counts: stat.counts,
      flags: itemFlags(stat),
      // Distractor analysis where the kind has options to choose from; none for the others.
      options: (analysis === 'none' || analysis === undefined || analysed?.size === 0 ? [] : optionIds.filter((id) => !analysed || id === 0 || analysed.has(id))).map((answerId) => {
        const c = counted.get(answerId);
        return { answerId, label: labels.get(answerId) ?? '', isCorrect: answerId !== 0 && isCorrect(answerId), chosen: c?.chosen ?? 0, top: c?.top ?? 0, bottom: c?.bottom ?? 0 };
      }),
    };
  });
  const area = (a: Area) => ({ questions: a.questions, meanScored: roundMarks(a.meanScored), total: roundMarks(a.total), accuracy: pct(a.correct, a.served) });

  // Competition ranks (1, 2, 2, 4) from the totals sorted once.
  const descending = [...totals].sort((a, b) => b - a);
  const rankOfTotal = new Map<number, number>();
  descending.forEach((total, i) => {
    if (!rankOfTotal.has(total)) rankOfTotal.set(total, i + 1);
  });
  const students = attempts
    .map((a, i) => {
      const name = names.get(a.userId);
      return {
        userId: a.userId,
        displayName: name?.displayName ?? '',
        username: name?.username ?? '',
        scored: roundMarks(totals[i]!),
        total: testTotal,
        percentage: pct(totals[i]!, testTotal),
        rank: rankOfTotal.get(totals[i]!)!,
        correct: a.correct,
        wrong: a.wrong,
        skipped: a.skipped,
        submittedAt: a.submittedAt.toISOString(),
      };
    })
    // Ties by name with a plain comparison: thousands of rows, and the order only has to be stable.
    .sort((a, b) => a.rank - b.rank || (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : a.userId - b.userId));

  return {
    taskId: bundle.task.id,
    TaskName: bundle.task.name,
    total: testTotal,
    attempts: attempts.length,
    scores: {
      mean: round2(description.mean),
      median: round2(description.median),
      sd: round2(description.sd),
      skewness: round2(description.skewness),
      kurtosis: round2(description.kurtosis),
      min: round2(description.min),
      max: round2(description.max),
    },
    consistency: { cic: round2(consistency.cic), errorRatio: round2(consistency.errorRatio), standardError: round2(consistency.standardError) },
    histogram: attempts.length ? histogram(totals, { lowest, highest: Math.max(testTotal, description.max ?? 0, lowest + 1), bins: HISTOGRAM_BINS }).map((b) => ({ from: round2(b.from)!, to: round2(b.to)!, count: b.count })) : [],
    sections: [...sections].map(([name, a]) => ({ name, ...area(a) })),
    topics: [...topics.values()].map((t) => ({ section: t.section, topic: t.topic, ...area(t) })),
    items: itemRows,
    students,
  };
}
