import type { AnswerStatus, FeedbackReport, QuestionType } from '@app/contracts';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';
import { isPaperInvalid } from '../../exam/exam.paper.js';
import type { AnswerRow, AttemptRow } from '../../exam/exam.service.js';
import { roundMarks, scoreAll } from '../../grading/grading.scoring.js';
import { SERVER_QUESTION_KINDS } from '../../../question-kinds/index.js';
import { standingOf, type FirstAttemptScore } from '../shared/reports.ranking.js';

/** A topic is weak below this accuracy (percent). */
const WEAK_TOPIC_ACCURACY = 60;

interface Counts {
  correct: number;
  partial: number;
  wrong: number;
  unanswered: number;
  pending: number;
}
const emptyCounts = (): Counts => ({ correct: 0, partial: 0, wrong: 0, unanswered: 0, pending: 0 });
const pct = (part: number, whole: number) => (whole > 0 ? roundMarks((part / whole) * 100) : 0);
/** Graded answers the student attempted: correct, partial or wrong (pending ones are not graded yet). */
const gradedAttempted = (c: Counts) => c.correct + c.partial + c.wrong;

export interface ReportInput {
  attempt: AttemptRow;
  bundle: TaskBundle;
  answers: AnswerRow[];
  /** Each candidate's first submitted attempt of the task (rank and percentile). */
  firstAttempts: FirstAttemptScore[];
  classAccuracy: Map<number, { correct: number; total: number }>;
  /** Question ids whose key, explanation and solution the report leaves out. */
  keysWithheld?: Set<number>;
  /** The test's own setting holds every key back from this reader (and why). */
  answersHidden?: FeedbackReport['answersHidden'];
}

/** Every report type of the spec, from the attempt's own scored answers and the task's attempts. */
export function buildFeedbackReport(input: ReportInput): FeedbackReport {
  const { attempt, bundle, answers } = input;
  const { scores } = scoreAll(bundle, answers);
  const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
  const scoreOf = new Map(bundle.maps.map((m, i) => [m.mapId, scores[i]!]));
  const mapsById = new Map(bundle.maps.map((m) => [m.mapId, m]));

  // Questions in the order this student saw them.
  const ordered = bundle.sections.flatMap((section, position) =>
    (attempt.questionOrder[position] ?? []).map((mapId) => ({ map: mapsById.get(mapId), section })).filter((x) => x.map),
  ) as { map: TaskBundle['maps'][number]; section: TaskBundle['sections'][number] }[];

  const total = emptyCounts();
  const perSection = new Map<number, Counts & { scored: number; total: number; lost: number; time: number; n: number }>();
  const perTopic = new Map<string, Counts & { scored: number; total: number; time: number; n: number }>();

  const questionRows = ordered.map(({ map, section }, index) => {
    const score = scoreOf.get(map.mapId)!;
    const answer = byMap.get(map.mapId);
    const time = answer?.timeSpentSeconds ?? 0;
    const status: AnswerStatus = score.status;
    total[status] += 1;
    const s = perSection.get(section.id) ?? { ...emptyCounts(), scored: 0, total: 0, lost: 0, time: 0, n: 0 };
    s[status] += 1;
    s.scored += score.marksAwarded;
    s.total += map.marks;
    s.lost += score.negativeLost;
    s.time += time;
    s.n += 1;
    perSection.set(section.id, s);
    const topics = map.question.topicTags.length ? map.question.topicTags : [section.name];
    for (const topic of topics) {
      const t = perTopic.get(topic) ?? { ...emptyCounts(), scored: 0, total: 0, time: 0, n: 0 };
      t[status] += 1;
      t.scored += score.marksAwarded;
      t.total += map.marks;
      t.time += time;
      t.n += 1;
      perTopic.set(topic, t);
    }
    const klass = input.classAccuracy.get(map.mapId);
    return { map, section, index, score, answer, time, topics, classAccuracy: klass ? pct(klass.correct, klass.total) : 0 };
  });

  const scored = attempt.scored ?? 0;
  const standing = standingOf(attempt.userId, scored, input.firstAttempts);
  const end = attempt.submittedAt ?? attempt.deadlineAt;

  const topicRows = [...perTopic.entries()].map(([topic, t]) => ({
    topic,
    totalQuestions: t.n,
    correct: t.correct,
    partial: t.partial,
    wrong: t.wrong,
    unanswered: t.unanswered,
    pending: t.pending,
    scored: roundMarks(t.scored),
    total: roundMarks(t.total),
    // Accuracy of a topic counts unanswered questions as not known: correct over all its questions.
    accuracy: pct(t.correct, t.n - t.pending),
    timeSpent: t.time,
  }));

  return {
    attemptId: attempt.id,
    courseID: attempt.courseId,
    taskID: attempt.taskId,
    TaskName: bundle.task.name,
    ScoreVisible: bundle.task.scoreVisible,
    submittedAt: end.toISOString(),
    answersHidden: input.answersHidden ?? null,
    MarkScored: {
      scored,
      total: attempt.total,
      percentage: pct(scored, attempt.total),
      negativeMarksLost: attempt.negativeMarksLost,
      accuracy: pct(total.correct, gradedAttempted(total)),
      rank: standing.rank,
      percentile: standing.percentile,
      candidates: standing.candidates,
      timeSpent: Math.max(0, Math.round((end.getTime() - attempt.startedAt.getTime()) / 1000)),
      pendingEvaluation: attempt.pendingEvaluation,
    },
    SectionWiseCourse: bundle.sections.map((section) => {
      const s = perSection.get(section.id) ?? { ...emptyCounts(), scored: 0, total: 0, lost: 0, time: 0, n: 0 };
      return {
        sectionName: section.name,
        totalQuestions: s.n,
        correct: s.correct,
        partial: s.partial,
        wrong: s.wrong,
        unanswered: s.unanswered,
        pending: s.pending,
        scored: roundMarks(s.scored),
        total: roundMarks(s.total),
        negativeMarksLost: roundMarks(s.lost),
        timeSpent: s.time,
      };
    }),
    QuestionWiseAnalysisBar: bundle.sections.map((section) => {
      const s = perSection.get(section.id) ?? emptyCounts();
      return { sectionName: section.name, correct: s.correct, partial: s.partial, wrong: s.wrong, unanswered: s.unanswered, pending: s.pending };
    }),
    QuestionWiseAnalysisPie: (['correct', 'partial', 'wrong', 'unanswered', 'pending'] as const).map((name) => ({ name, value: total[name] })),
    TopicsToImprove: topicRows
      .filter((t) => t.totalQuestions - t.pending > 0 && t.accuracy < WEAK_TOPIC_ACCURACY)
      .sort((a, b) => a.accuracy - b.accuracy || a.topic.localeCompare(b.topic))
      .map((t) => ({ topic: t.topic, accuracy: t.accuracy, scored: t.scored, total: t.total })),
    QuestionsAttempted: {
      totalQuestions: questionRows.length,
      attempted: questionRows.length - total.unanswered,
      ...total,
    },
    TopicsWiseAnalysis: topicRows,
    QuestionWiseAnalysis: questionRows.map((r) => ({
      questionNumber: r.index + 1,
      questionTaskMapID: r.map.mapId,
      sectionName: r.section.name,
      questionTitle: r.map.question.title,
      questionType: r.map.question.questionType as QuestionType,
      status: r.score.status,
      marks: r.map.marks,
      negativeMarks: r.map.negativeMarks,
      marksAwarded: r.score.marksAwarded,
      timeSpent: r.time,
      topics: r.topics,
      classAccuracy: r.classAccuracy,
    })),
    QuestionsWithAnswer: questionRows.map((r) => {
      const q = r.map.question;
      const isWithheld = !!input.answersHidden || (input.keysWithheld?.has(q.id) ?? false);
      const key = isWithheld ? null : SERVER_QUESTION_KINDS[q.questionType as QuestionType].reveal(q);
      return {
        questionNumber: r.index + 1,
        questionTaskMapID: r.map.mapId,
        questionID: q.id,
        questionType: q.questionType as QuestionType,
        questionTitle: q.title,
        questionData: q.data,
        mediaUrl: q.mediaUrl,
        answer: q.options.map((o) => ({ answerID: o.answerID, answerData: o.answerData })),
        answerID: (r.answer?.answerId ?? null) as FeedbackReport['QuestionsWithAnswer'][number]['answerID'],
        // A sheet's several marks on one question: nothing chosen, and the report says "Invalid".
        answerData: (isPaperInvalid(r.answer?.answerData) ? null : (r.answer?.answerData ?? null)) as FeedbackReport['QuestionsWithAnswer'][number]['answerData'],
        paperInvalid: isPaperInvalid(r.answer?.answerData),
        correctAnswerID: isWithheld ? null : key!.correctAnswerID,
        correctAnswerData: isWithheld ? null : key!.correctAnswerData,
        explanation: isWithheld ? null : q.explanation,
        solution: isWithheld ? null : q.solution,
        status: r.score.status,
        marksAwarded: r.score.marksAwarded,
        teacherComment: r.answer?.teacherComment ?? null,
      };
    }),
  };
}
