import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { AUTO_SCORED_QUESTION_TYPES } from '@app/contracts';
import type { SummaryFigures, SummaryLayoutQuestion, SummaryQuestion, SummarySubject, SummaryTopic } from '../../../db/schema/reports.js';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';
import type { AnswerToScore, AttemptRow, RescoredQuestion } from '../../exam/exam.service.js';
import { roundMarks, scoreAll, scoreAnswer, scorable, STATUS_LETTER, statusOfLetter, sumScores, type QuestionScore } from '../../grading/grading.scoring.js';

/** A test's questions as its summaries count them (db/schema/reports.ts summary_layouts), with its key and its JSON sent as is. */
export interface SummaryLayout {
  key: string;
  taskId: number;
  questions: SummaryLayoutQuestion[];
  /** `questions` as JSON, made once per layout. */
  json: string;
}

/** The row written for a scored attempt (see db/schema/reports.ts), less what the repository adds. */
export interface AttemptSummary {
  attemptId: string;
  userId: number;
  taskId: number;
  courseId: number;
  testType: string;
  scored: number;
  total: number;
  correct: number;
  partial: number;
  wrong: number;
  skipped: number;
  pending: number;
  negativeMarksLost: number;
  timeSpent: number;
  sections: SummaryFigures[];
  /** The questions' counts by subject (subjectFigures): what the subject totals add up. */
  subjects: SummarySubject[];
  /** The test's questions (written once and shared: summary_layouts); the items below follow its order. */
  layout: SummaryLayout;
  layoutKey: string;
  /** The questions as this attempt answered them, as parallel arrays (see db/schema/reports.ts). */
  itemMapIds: number[];
  itemMarks: number[];
  itemStatuses: string;
  itemChoices: number[];
  itemTimes: number[];
  itemChanges: number[];
  itemFirstStatuses: string;
  submittedAt: Date;
}

/** The letter of item_first_statuses for an answer never changed. */
const UNCHANGED = '-';

/** One letter per answer status, for `item_statuses` (the same letters as the attempt's). */
export { STATUS_LETTER };

/** The option an answer chose when it is a single option (0 otherwise). */
export function chosenOption(answerId: unknown): number {
  return typeof answerId === 'number' && Number.isInteger(answerId) ? answerId : 0;
}

const STATUS_FIELD = { correct: 'correct', partial: 'partial', wrong: 'wrong', unanswered: 'skipped', pending: 'pending' } as const;

const emptyFigures = (name: string): SummaryFigures => ({
  name,
  questions: 0,
  correct: 0,
  partial: 0,
  wrong: 0,
  skipped: 0,
  pending: 0,
  scored: 0,
  total: 0,
  negativeMarksLost: 0,
  timeSpent: 0,
});

function add(f: SummaryFigures, q: { status: keyof typeof STATUS_FIELD; marks: number; marksAwarded: number; negativeLost: number; time: number }): void {
  f.questions += 1;
  f[STATUS_FIELD[q.status]] += 1;
  f.scored = roundMarks(f.scored + q.marksAwarded);
  f.total = roundMarks(f.total + q.marks);
  f.negativeMarksLost = roundMarks(f.negativeMarksLost + q.negativeLost);
  f.timeSpent += q.time;
}

/** Question types scored from the answer alone, so a first answer can be scored after the fact. */
const AUTO_SCORED: ReadonlySet<string> = new Set(AUTO_SCORED_QUESTION_TYPES);

/**
 * How an answer changed after it was first given: the number of changes and how the first answer
 * scores by the same rules, or nothing when it was never changed (or needs an evaluator or a teacher).
 */
export function answerChanges(map: TaskBundle['maps'][number], answer: AnswerToScore | undefined): { changes: number; firstStatus: string } | null {
  if (!answer || answer.changeCount <= 0 || !answer.firstAnswer || !AUTO_SCORED.has(map.question.questionType)) return null;
  const first = answer.firstAnswer;
  const score = scoreAnswer(scorable(map), { answerId: first.id ?? null, answerData: first.data ?? null, evaluatedFraction: null, teacherMarks: null });
  return { changes: answer.changeCount, firstStatus: score.status };
}

/** Where one placed question counts and its marks: its entry in the test's layout. */
function layoutEntry(map: TaskBundle['maps'][number], section: string): SummaryLayoutQuestion {
  return {
    mapId: map.mapId,
    section,
    ...(map.question.subject ? { subject: map.question.subject } : {}),
    topics: map.question.topicTags.length ? map.question.topicTags : [section],
    marks: map.marks,
    negativeMarks: map.negativeMarks,
  };
}

/**
 * Layouts already made, by the bundle's sections and questions (the arrays a cached test shares
 * with every close of it; the task row around them is read anew) and by key (one object per layout).
 */
const layoutOfBundle = new WeakMap<TaskBundle['maps'], WeakMap<TaskBundle['sections'], SummaryLayout>>();
const layoutOfKey = new LRUCache<string, SummaryLayout>({ max: 500 });

/** The layout of a test as served (its questions in the bundle's order), made once per bundle and key. */
export function summaryLayoutOf(bundle: TaskBundle): SummaryLayout {
  const bySections = layoutOfBundle.get(bundle.maps) ?? new WeakMap<TaskBundle['sections'], SummaryLayout>();
  const known = bySections.get(bundle.sections);
  if (known?.taskId === bundle.task.id) return known;
  const sectionName = new Map(bundle.sections.map((s) => [s.id, s.name]));
  const questions = bundle.maps.map((map) => layoutEntry(map, sectionName.get(map.sectionId) ?? ''));
  const json = JSON.stringify(questions);
  const key = createHash('sha256').update(`${bundle.task.id}:`).update(json).digest('base64url');
  let layout = layoutOfKey.get(key);
  if (!layout) {
    layout = { key, taskId: bundle.task.id, questions, json };
    layoutOfKey.set(key, layout);
  }
  bySections.set(bundle.sections, layout);
  layoutOfBundle.set(bundle.maps, bySections);
  return layout;
}

/** A summary's per-attempt item arrays, what questionsOf makes whole with its layout. */
export type SummaryItems = Pick<AttemptSummary, 'itemMapIds' | 'itemMarks' | 'itemStatuses' | 'itemTimes' | 'itemChanges' | 'itemFirstStatuses'>;

/**
 * A summary's questions whole, as the dashboards read them: its layout's entries with this
 * attempt's status, marks, time and answer changes (the item arrays, in the layout's order).
 */
export function questionsOf(items: SummaryItems, layout: readonly SummaryLayoutQuestion[]): SummaryQuestion[] {
  const byMap = layout.length === items.itemMapIds.length && layout.every((q, i) => q.mapId === items.itemMapIds[i]) ? null : new Map(layout.map((q) => [q.mapId, q]));
  return items.itemMapIds.map((mapId, i) => {
    const place = byMap ? byMap.get(mapId) : layout[i];
    const changes = items.itemChanges[i] ?? 0;
    const first = items.itemFirstStatuses[i];
    return {
      mapId,
      section: place?.section ?? '',
      ...(place?.subject ? { subject: place.subject } : {}),
      topics: place?.topics ?? [],
      status: statusOfLetter(items.itemStatuses[i]),
      marks: place?.marks ?? 0,
      negativeMarks: place?.negativeMarks ?? 0,
      marksAwarded: items.itemMarks[i] ?? 0,
      timeSpent: items.itemTimes[i] ?? 0,
      ...(changes > 0 && first && first !== UNCHANGED ? { changes, firstStatus: statusOfLetter(first) } : {}),
    };
  });
}

/** The negative marks one question lost: what a wrong answer was awarded below zero. */
const negativeLostOf = (q: Pick<SummaryQuestion, 'status' | 'marksAwarded'>): number => (q.status === 'wrong' && q.marksAwarded < 0 ? roundMarks(-q.marksAwarded) : 0);

/** The figures of each topic (by section and topic, in the order they first appear) of a summary's questions. */
export function topicFiguresOf(questions: readonly SummaryQuestion[]): SummaryTopic[] {
  const topics = new Map<string, SummaryTopic>();
  for (const q of questions) {
    const item = { status: q.status as keyof typeof STATUS_FIELD, marks: q.marks, marksAwarded: q.marksAwarded, negativeLost: negativeLostOf(q), time: q.timeSpent };
    for (const tag of q.topics) {
      const key = `${q.section}\u0000${tag}`;
      const t = topics.get(key) ?? { ...emptyFigures(tag), section: q.section };
      add(t, item);
      topics.set(key, t);
    }
  }
  return [...topics.values()];
}

/** The letter of item_first_statuses for an answer's changes. */
const firstLetter = (changed: { firstStatus: string } | null): string => (changed ? (STATUS_LETTER[changed.firstStatus as keyof typeof STATUS_LETTER] ?? UNCHANGED) : UNCHANGED);

/**
 * Every figure the dashboards need from one submitted attempt, scored as grading scores it
 * (or with the scores the close has just worked out, in the bundle's order).
 */
export function summariseAttempt(attempt: AttemptRow, bundle: TaskBundle, answers: AnswerToScore[], given?: QuestionScore[]): AttemptSummary {
  const { scores, totals } = given ? { scores: given, totals: sumScores(bundle.maps.map(scorable), given) } : scoreAll(bundle, answers);
  const layout = summaryLayoutOf(bundle);
  const answerOf = new Map(answers.map((a) => [a.questionTaskMapId, a]));
  const overall = emptyFigures('');
  const sections = new Map(bundle.sections.map((s) => [s.id, emptyFigures(s.name)]));
  const subjects = new Map<string, SummarySubject>();
  const n = bundle.maps.length;
  const itemMapIds = new Array<number>(n);
  const itemMarks = new Array<number>(n);
  const itemChoices = new Array<number>(n);
  const itemTimes = new Array<number>(n);
  const itemChanges = new Array<number>(n);
  let itemStatuses = '';
  let itemFirstStatuses = '';
  bundle.maps.forEach((map, i) => {
    const score = scores[i]!;
    const answer = answerOf.get(map.mapId);
    const place = layout.questions[i]!;
    const time = answer?.timeSpentSeconds ?? 0;
    const changed = answerChanges(map, answer);
    const item = { status: score.status, marks: map.marks, marksAwarded: score.marksAwarded, negativeLost: score.negativeLost, time };
    add(overall, item);
    const s = sections.get(map.sectionId);
    if (s) add(s, item);
    countSubject(subjects, subjectOf(place), score.status);
    itemMapIds[i] = map.mapId;
    itemMarks[i] = score.marksAwarded;
    itemChoices[i] = chosenOption(answer?.answerId);
    itemTimes[i] = time;
    itemChanges[i] = changed?.changes ?? 0;
    itemStatuses += STATUS_LETTER[score.status] ?? 'u';
    itemFirstStatuses += firstLetter(changed);
  });
  const end = attempt.submittedAt ?? attempt.deadlineAt;
  return {
    attemptId: attempt.id,
    userId: attempt.userId,
    taskId: attempt.taskId,
    courseId: attempt.courseId,
    testType: attempt.testType,
    scored: totals.scored,
    total: totals.total,
    correct: overall.correct,
    partial: overall.partial,
    wrong: overall.wrong,
    skipped: overall.skipped,
    pending: overall.pending,
    negativeMarksLost: totals.negativeMarksLost,
    timeSpent: Math.max(0, Math.round((end.getTime() - attempt.startedAt.getTime()) / 1000)),
    sections: [...sections.values()],
    subjects: [...subjects.values()],
    layout,
    layoutKey: layout.key,
    itemMapIds,
    itemMarks,
    itemStatuses,
    itemChoices,
    itemTimes,
    itemChanges,
    itemFirstStatuses,
    submittedAt: end,
  };
}

function countSubject(out: Map<string, SummarySubject>, name: string, status: string): void {
  const row = out.get(name) ?? { name, questions: 0, correct: 0 };
  if (status !== 'pending') row.questions += 1;
  if (status === 'correct') row.correct += 1;
  out.set(name, row);
}

/**
 * The subject a summarised question counts under in students' and parents' analytics: the
 * question's own subject (the top of its topic tree), else the section it was asked in.
 */
export const subjectOf = (q: Pick<SummaryQuestion, 'section' | 'subject'>): string => q.subject ?? q.section;

/** Graded questions and correct answers per subject in one attempt (pending evaluation left out). */
export function subjectFigures(questions: readonly SummaryQuestion[]): SummarySubject[] {
  const out = new Map<string, SummarySubject>();
  for (const q of questions) countSubject(out, subjectOf(q), q.status);
  return [...out.values()];
}

/** What patching the summaries for one question scored again takes: where it counts, and each attempt's change. */
export interface SummaryPatch {
  mapId: number;
  /** 1-based place of the question's section among the summary's sections (0: none). */
  section: number;
  /** The subject the question counts under (subjectOf): its figures in `subjects` move. */
  subject: string;
  attempts: {
    attemptId: string;
    /** Differences of the figures: marks, negative marks lost, and the five status counts. */
    marks: number;
    negativeLost: number;
    correct: number;
    partial: number;
    wrong: number;
    skipped: number;
    pending: number;
    /** The question's item figures: marks, status letter and its first answer's letter (item_first_statuses). */
    itemMarks: number;
    itemStatus: string;
    itemFirstStatus: string;
    scored: number;
    negativeMarksLost: number;
  }[];
}

/**
 * The patch of each summary for a question scored again: the same figures summariseAttempt would
 * give the attempt whole, as differences from what the summary holds for the question.
 */
export function summaryPatchOf(rescored: RescoredQuestion): SummaryPatch {
  const count = (status: QuestionScore['status'], field: (typeof STATUS_FIELD)[keyof typeof STATUS_FIELD]) => (STATUS_FIELD[status] === field ? 1 : 0);
  return {
    mapId: rescored.question.mapId,
    section: rescored.sectionIndex + 1,
    // As layoutEntry keeps it: the question's own subject, else its section.
    subject: subjectOf({ section: rescored.section, ...(rescored.question.question.subject ? { subject: rescored.question.question.subject } : {}) }),
    attempts: rescored.attempts.map(({ attemptId, answer, before, after, scored, negativeMarksLost }) => {
      const delta = (field: (typeof STATUS_FIELD)[keyof typeof STATUS_FIELD]) => count(after.status, field) - count(before.status, field);
      return {
        attemptId,
        marks: roundMarks(after.marksAwarded - before.marksAwarded),
        negativeLost: roundMarks(after.negativeLost - before.negativeLost),
        correct: delta('correct'),
        partial: delta('partial'),
        wrong: delta('wrong'),
        skipped: delta('skipped'),
        pending: delta('pending'),
        itemMarks: after.marksAwarded,
        itemStatus: STATUS_LETTER[after.status] ?? 'u',
        itemFirstStatus: firstLetter(answerChanges(rescored.question, answer)),
        scored,
        negativeMarksLost,
      };
    }),
  };
}
