import {
  type CheckSessionResult,
  type ExamSession,
  type PracticeAnswer,
  type QuestionType,
  type SessionQuestionBase,
  type SessionQuestionKindFields,
  type SessionSection,
  type TestResult,
} from '@app/contracts';
import type { MappedQuestion, SectionRow, TaskBundle, TaskRow } from '../academy/student/academy.student.exam-content.js';
import { scorable, scorableAnswer, scoreAnswer } from '../grading/grading.scoring.js';
import { SERVER_QUESTION_KINDS } from '../../question-kinds/index.js';
import type { AnswerRow, AttemptRow } from './exam.repository.js';
import { SHARED_SOURCE } from './exam.session-json.js';
import { secondsLeft, type AttemptTiming, type SectionTiming } from './exam.timing.js';

/** Pure views of an attempt: what the player and the result screens are sent. Keys are never copied onto a session. */

export function sectionTimings(sections: SectionRow[]): SectionTiming[] {
  return sections.map((s) => ({ sectionIndex: s.sectionIndex, durationSeconds: Math.max(0, s.durationMinutes) * 60 }));
}

export function timingOf(attempt: AttemptRow): AttemptTiming {
  return {
    deadlineAt: attempt.deadlineAt,
    activeSectionIndex: attempt.activeSectionIndex,
    activeSectionDeadlineAt: attempt.activeSectionDeadlineAt,
    sectionState: attempt.sectionState,
  };
}

/** Spec 001 §3 Test result; the score is hidden when the task hides scores. */
export function resultOf(attempt: AttemptRow, task: Pick<TaskRow, 'name' | 'scoreVisible'>): TestResult {
  return {
    ScoreVisible: task.scoreVisible,
    TaskName: task.name,
    scored: task.scoreVisible ? (attempt.scored ?? 0) : null,
    total: attempt.total,
    courseID: attempt.courseId,
    taskID: attempt.taskId,
    analyticsID: attempt.analyticsId,
    attemptId: attempt.id,
    pendingEvaluation: attempt.pendingEvaluation,
    submittedAt: (attempt.submittedAt ?? attempt.deadlineAt).toISOString(),
    submitReason: (attempt.submitReason ?? 'student') as TestResult['submitReason'],
  };
}

/**
 * A submit accepted while the closes queue up: the answers are saved and the attempt is closed
 * in its turn; the player asks again (the same submit) for the score.
 */
export function acceptedOf(attempt: AttemptRow, task: Pick<TaskRow, 'name' | 'scoreVisible'>, now: Date): TestResult {
  return { ...resultOf({ ...attempt, submittedAt: now, submitReason: 'student' }, task), scored: null, isBeingScored: true };
}

function sectionTimes(attempt: AttemptRow, sections: SectionRow[], sectionWiseTimer: boolean, now: Date) {
  return sections.map((section, position) => {
    const state = attempt.sectionState.find((s) => s.sectionIndex === section.sectionIndex);
    const isActive = attempt.status === 'open' && (sectionWiseTimer ? attempt.activeSectionIndex === section.sectionIndex : position === 0);
    const completed = attempt.status === 'submitted' || (state?.completed ?? false);
    let remaining: number | null = null;
    if (sectionWiseTimer) {
      if (completed) remaining = 0;
      else if (state?.deadlineAt) remaining = secondsLeft(new Date(state.deadlineAt), now);
      else remaining = section.durationMinutes * 60;
    }
    return { section, isActive, completed, remaining };
  });
}

export function checkResult(attempt: AttemptRow, bundle: TaskBundle, now: Date): CheckSessionResult {
  // A submit accepted and waiting for its close (decision 069) is over for the player: being scored.
  const accepted = attempt.status === 'open' && attempt.submitRequestedAt !== null;
  const open = attempt.status === 'open' && !accepted;
  return {
    TestSessionID: attempt.id,
    isValid: open,
    RemainingTime: open ? secondsLeft(attempt.deadlineAt, now) : 0,
    Section: sectionTimes(attempt, bundle.sections, bundle.task.sectionWiseTimer, now).map((s) => ({
      sectionIndex: s.section.sectionIndex,
      sectionName: s.section.name,
      RemainingTime: s.remaining,
      active: s.isActive,
      isSectionCompleted: s.completed,
    })),
    CurrentDate: now.toISOString(),
    testResult: accepted ? acceptedOf(attempt, bundle.task, attempt.submitRequestedAt!) : open ? null : resultOf(attempt, bundle.task),
  };
}

type SessionQuestion = ExamSession['section'][number]['question'][number];

/**
 * What the view builds for a question of any kind: every question's fields and the kinds' own
 * parts (`PlayerPart`); the contract's union on the kind keeps only the question's own kind's
 * fields when it is serialised.
 */
type BuiltQuestion = SessionQuestionBase & { questionType: QuestionType } & SessionQuestionKindFields;

type QuestionContentView = Omit<BuiltQuestion, 'answerID' | 'answerData' | 'timeSpent' | 'isMarked' | 'isShowAnswer' | 'seq' | 'itemOrder'>;

/** Each question's content view, made once per question as placed (graded and practice differ in hints). */
const contentViews = new WeakMap<MappedQuestion, { test?: QuestionContentView; practice?: QuestionContentView }>();

function contentView(m: MappedQuestion, isPractice: boolean): QuestionContentView {
  const slot = isPractice ? 'practice' : 'test';
  const known = contentViews.get(m)?.[slot];
  if (known) return known;
  const q = m.question;
  // The kind's own part (blanks, line limit, program settings, start file): never its key.
  const part = SERVER_QUESTION_KINDS[q.questionType as QuestionType].playerPart(q, String(m.mapId));
  // Every language lists the options in the order the kind serves them (a shuffling kind's own order).
  const served = new Map(part.answer.map((o, i) => [o.answerID, i]));
  const inServedOrder = (options: { answerID: number; answerData: string }[]) =>
    [...options].sort((a, b) => (served.get(a.answerID) ?? 0) - (served.get(b.answerID) ?? 0));
  const view: QuestionContentView = {
    questionID: q.id,
    questionTaskMapID: m.mapId,
    questionType: q.questionType as QuestionType,
    contentType: q.contentType as BuiltQuestion['contentType'],
    questionTitle: q.title,
    questionData: q.data,
    mediaUrl: q.mediaUrl,
    answerTitle: q.answerTitle,
    marks: m.marks,
    negativeMarks: m.negativeMarks,
    blankCount: part.blankCount,
    answer: part.answer,
    hint: isPractice ? q.hint : null,
    instructions: q.instructions,
    lineNumber: part.lineNumber,
    questionDetails: part.questionDetails,
    sampleInputOutputs: part.sampleInputOutputs,
    startFileUrl: part.startFileUrl,
    allowsPartialCredit: q.allowsPartialCredit,
    language: q.language,
    languages: q.texts.map((text) => ({
      language: text.language,
      questionTitle: text.title,
      questionData: text.data,
      answerTitle: text.answerTitle,
      answer: inServedOrder(text.options).map((o) => ({ answerID: o.answerID, answerData: o.answerData })),
      hint: isPractice ? text.hint : null,
      instructions: text.instructions,
    })),
  };
  contentViews.set(m, { ...contentViews.get(m), [slot]: view });
  return view;
}

/** The attempt's own order of a question's options, for a kind that shuffles per attempt; undefined otherwise. */
function attemptOrderOf(m: MappedQuestion, attemptId: string | undefined): number[] | undefined {
  const order = SERVER_QUESTION_KINDS[m.question.questionType as QuestionType].attemptOrder;
  return attemptId && order ? order(m.question, `${attemptId}:${m.mapId}`) : undefined;
}

/**
 * One question as placed, for the player: its content (no key) and the student's answer (and,
 * given the attempt, its own order of the options when the kind shuffles per attempt). The
 * content comes from `m` alone: its view is made once per question as placed and shared by every
 * session (never changed: the views are only serialised), its JSON is made once
 * (exam.session-json), and it is what the test's content resource holds (exam.content).
 */
export function questionView(m: MappedQuestion, answer: AnswerRow | undefined, isPractice: boolean, attemptId?: string): SessionQuestion {
  const c = contentView(m, isPractice);
  // Written out (not spread): one shape for every view, the nested parts shared, nothing copied.
  const view: BuiltQuestion & { [SHARED_SOURCE]?: object } = {
    questionID: c.questionID,
    questionTaskMapID: c.questionTaskMapID,
    questionType: c.questionType,
    contentType: c.contentType,
    questionTitle: c.questionTitle,
    questionData: c.questionData,
    mediaUrl: c.mediaUrl,
    answerTitle: c.answerTitle,
    marks: c.marks,
    negativeMarks: c.negativeMarks,
    blankCount: c.blankCount,
    answer: c.answer,
    hint: c.hint,
    instructions: c.instructions,
    lineNumber: c.lineNumber,
    questionDetails: c.questionDetails,
    sampleInputOutputs: c.sampleInputOutputs,
    startFileUrl: c.startFileUrl,
    allowsPartialCredit: c.allowsPartialCredit,
    answerID: (answer?.answerId ?? null) as BuiltQuestion['answerID'],
    answerData: (answer?.answerData ?? null) as BuiltQuestion['answerData'],
    timeSpent: answer?.timeSpentSeconds ?? 0,
    isMarked: answer?.isMarked ?? false,
    isShowAnswer: answer?.isRevealed ?? false,
    seq: answer?.seq ?? 0,
    itemOrder: attemptOrderOf(m, attemptId),
    language: c.language,
    languages: c.languages,
    [SHARED_SOURCE]: m,
  };
  // Everything but the answer comes from m alone: its JSON is made once (exam.session-json).
  return view as SessionQuestion;
}

/** The player's view of an attempt. Keys are never copied onto it. */
export function sessionView(attempt: AttemptRow, bundle: TaskBundle, answers: AnswerRow[], now: Date): ExamSession {
  const byMap = new Map(answers.map((a) => [a.questionTaskMapId, a]));
  const mapsById = new Map(bundle.maps.map((m) => [m.mapId, m]));
  const isPractice = bundle.task.testType === 'practice';
  const times = sectionTimes(attempt, bundle.sections, bundle.task.sectionWiseTimer, now);
  const section: SessionSection[] = bundle.sections.map((row, position) => {
    const order = attempt.questionOrder[position] ?? [];
    const question = order
      .map((mapId) => mapsById.get(mapId))
      .filter((m): m is MappedQuestion => !!m)
      .map((m) => questionView(m, byMap.get(m.mapId), isPractice, attempt.id));
    const time = times[position]!;
    return {
      sectionIndex: row.sectionIndex,
      sectionName: row.name,
      sectionDuration: bundle.task.sectionWiseTimer ? row.durationMinutes * 60 : 0,
      sectionTimeRemaining: time.remaining,
      sectionWiseTimer: bundle.task.sectionWiseTimer,
      totalQuestions: question.length,
      isActiveSection: time.isActive,
      isSectionCompleted: time.completed,
      question,
    };
  });
  const t = bundle.task;
  return {
    taskID: t.id,
    courseID: t.courseId,
    TaskName: t.name,
    type: (t.testType ?? 'test') as ExamSession['type'],
    QuestionDisplayType: t.questionDisplayType as ExamSession['QuestionDisplayType'],
    shuffle: t.shuffle,
    sectionWiseTimer: t.sectionWiseTimer,
    questionSwitch: t.questionSwitch,
    mandatory: t.mandatory,
    IsSectionNavigationAllowed: t.isSectionNavigationAllowed,
    IsEditorAllowed: t.isEditorAllowed,
    IsCameraAllowed: t.isCameraAllowed,
    IsTabAlertAllowed: t.isTabAlertAllowed,
    Warnings: t.warnings,
    ScoreVisible: t.scoreVisible,
    englishAuthoritative: t.englishAuthoritative,
    partialSubmit: t.partialSubmitMinutes,
    TestSessionID: attempt.id,
    status: attempt.status as ExamSession['status'],
    totalDuration: Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000),
    RemainingTime: attempt.status === 'open' ? secondsLeft(attempt.deadlineAt, now) : 0,
    timeSpent: Math.max(0, Math.floor((Math.min(now.getTime(), (attempt.submittedAt ?? attempt.deadlineAt).getTime()) - attempt.startedAt.getTime()) / 1000)),
    date: attempt.startedAt.toISOString(),
    expiryDate: attempt.deadlineAt.toISOString(),
    CurrentDate: now.toISOString(),
    tabChangeWarnings: attempt.tabChangeWarnings,
    localState: attempt.localState ?? null,
    section,
  };
}

/** Whether the student has given an answer the scorer can look at. */
function isAnswered(answer: AnswerRow | undefined): boolean {
  return !!answer && answer.answerId !== null && answer.answerId !== undefined;
}

/** The key of one practice question, with how the student's answer scored once it can be decided. */
export function practiceAnswerOf(map: MappedQuestion, answer: AnswerRow | undefined): PracticeAnswer {
  const q = map.question;
  const kind = SERVER_QUESTION_KINDS[q.questionType as QuestionType];
  const score = scoreAnswer(scorable(map), scorableAnswer(answer));
  const decided = score.status !== 'pending' && kind.isDecided(answer);
  const key = kind.reveal(q);
  return {
    questionTaskMapID: map.mapId,
    questionID: q.id,
    questionType: q.questionType as QuestionType,
    correctAnswerID: key.correctAnswerID,
    correctAnswerData: key.correctAnswerData,
    explanation: q.explanation,
    solution: q.solution,
    isCorrect: isAnswered(answer) && decided ? score.status === 'correct' : null,
    marksAwarded: isAnswered(answer) && decided ? score.marksAwarded : null,
  };
}
