import { AUTO_SCORED_QUESTION_TYPES } from '@app/contracts';
import type { SummaryFigures, SummaryQuestion, SummarySubject, SummaryTopic } from '../../../db/schema/reports.js';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';
import type { AnswerRow, AttemptRow, RescoredQuestion } from '../../exam/exam.service.js';
import { roundMarks, scoreAll, scoreAnswer, scorable, STATUS_LETTER, sumScores, type QuestionScore } from '../../grading/grading.scoring.js';

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
  topics: SummaryTopic[];
  questions: SummaryQuestion[];
  /** The questions' counts by subject (subjectFigures): what the subject totals add up. */
  subjects: SummarySubject[];
  /** The questions again as parallel arrays (item statistics; see db/schema/reports.ts). */
  itemMapIds: number[];
  itemMarks: number[];
  itemStatuses: string;
  itemChoices: number[];
  submittedAt: Date;
}

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
export function answerChanges(map: TaskBundle['maps'][number], answer: AnswerRow | undefined): { changes: number; firstStatus: string } | null {
  if (!answer || answer.changeCount <= 0 || !answer.firstAnswer || !AUTO_SCORED.has(map.question.questionType)) return null;
  const first = answer.firstAnswer;
  const score = scoreAnswer(scorable(map), { answerId: first.id ?? null, answerData: first.data ?? null, evaluatedFraction: null, teacherMarks: null });
  return { changes: answer.changeCount, firstStatus: score.status };
}

/** One question's entry in a summary: where it counts, how it was marked, the time on it and its changes. */
function questionEntry(map: TaskBundle['maps'][number], section: string, score: QuestionScore, answer: AnswerRow | undefined): SummaryQuestion {
  return {
    mapId: map.mapId,
    section,
    ...(map.question.subject ? { subject: map.question.subject } : {}),
    topics: map.question.topicTags.length ? map.question.topicTags : [section],
    status: score.status,
    marks: map.marks,
    negativeMarks: map.negativeMarks,
    marksAwarded: score.marksAwarded,
    timeSpent: answer?.timeSpentSeconds ?? 0,
    ...(answerChanges(map, answer) ?? {}),
  };
}

/**
 * Every figure the dashboards need from one submitted attempt, scored as grading scores it
 * (or with the scores the close has just worked out, in the bundle's order).
 */
export function summariseAttempt(attempt: AttemptRow, bundle: TaskBundle, answers: AnswerRow[], given?: QuestionScore[]): AttemptSummary {
  const { scores, totals } = given ? { scores: given, totals: sumScores(bundle.maps.map(scorable), given) } : scoreAll(bundle, answers);
  const answerOf = new Map(answers.map((a) => [a.questionTaskMapId, a]));
  const sectionName = new Map(bundle.sections.map((s) => [s.id, s.name]));
  const overall = emptyFigures('');
  const sections = new Map(bundle.sections.map((s) => [s.id, emptyFigures(s.name)]));
  const topics = new Map<string, SummaryTopic>();
  const questions: SummaryQuestion[] = bundle.maps.map((map, i) => {
    const score = scores[i]!;
    const answer = answerOf.get(map.mapId);
    const section = sectionName.get(map.sectionId) ?? '';
    const entry = questionEntry(map, section, score, answer);
    const item = { status: score.status, marks: map.marks, marksAwarded: score.marksAwarded, negativeLost: score.negativeLost, time: entry.timeSpent };
    add(overall, item);
    const s = sections.get(map.sectionId);
    if (s) add(s, item);
    for (const tag of entry.topics) {
      const key = `${section}\u0000${tag}`;
      const t = topics.get(key) ?? { ...emptyFigures(tag), section };
      add(t, item);
      topics.set(key, t);
    }
    return entry;
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
    topics: [...topics.values()],
    questions,
    subjects: subjectFigures(questions),
    itemMapIds: questions.map((q) => q.mapId),
    itemMarks: questions.map((q) => q.marksAwarded),
    itemStatuses: questions.map((q) => STATUS_LETTER[q.status as keyof typeof STATUS_LETTER] ?? 'u').join(''),
    itemChoices: questions.map((q) => chosenOption(answerOf.get(q.mapId)?.answerId)),
    submittedAt: end,
  };
}

/**
 * The subject a summarised question counts under in students' and parents' analytics: the
 * question's own subject (the top of its topic tree), else the section it was asked in.
 */
export const subjectOf = (q: Pick<SummaryQuestion, 'section' | 'subject'>): string => q.subject ?? q.section;

/** Graded questions and correct answers per subject in one attempt (pending evaluation left out). */
export function subjectFigures(questions: readonly SummaryQuestion[]): SummarySubject[] {
  const out = new Map<string, SummarySubject>();
  for (const q of questions) {
    const name = subjectOf(q);
    const row = out.get(name) ?? { name, questions: 0, correct: 0 };
    if (q.status !== 'pending') row.questions += 1;
    if (q.status === 'correct') row.correct += 1;
    out.set(name, row);
  }
  return [...out.values()];
}

/** What patching the summaries for one question scored again takes: where it counts, and each attempt's change. */
export interface SummaryPatch {
  mapId: number;
  /** 1-based place of the question's section among the summary's sections (0: none). */
  section: number;
  sectionName: string;
  topics: string[];
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
    /** The question's entry, whole, and its item figures. */
    question: SummaryQuestion;
    itemMarks: number;
    itemStatus: string;
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
    sectionName: rescored.section,
    topics: rescored.topics,
    // As questionEntry keeps it: the question's own subject, else its section.
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
        question: questionEntry(rescored.question, rescored.section, after, answer),
        itemMarks: after.marksAwarded,
        itemStatus: STATUS_LETTER[after.status] ?? 'u',
        scored,
        negativeMarksLost,
      };
    }),
  };
}
