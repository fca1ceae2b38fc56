import type { CardReason, ErrorType } from '@app/contracts';
import type { TaskBundle } from '../academy/student/academy.student.exam-content.js';
import type { AnswerRow, AttemptRow } from '../exam/exam.service.js';

/** "Far faster than the class": under this share of the median time, a wrong answer counts as guessed. */
export const GUESS_TIME_SHARE = 0.5;
/** At least this many medians on a wrong answer suggests a gap in the concept rather than a slip. */
export const CONCEPT_TIME_SHARE = 2;
/** An answer last saved in this share of the attempt's time before its end was made under time pressure (at least a minute). */
export const TIME_PRESSURE_SHARE = 0.1;
const TIME_PRESSURE_MIN_MS = 60_000;

export interface CardDraft {
  questionTaskMapId: number;
  subject: string;
  topics: string[];
  reasons: CardReason[];
  suggestedErrorType: ErrorType;
  timeSpentSeconds: number;
  classMedianSeconds: number | null;
  answerChanges: number;
}

export interface AnswerFacts {
  status: string | null;
  timeSpentSeconds: number;
  changeCount: number;
  isMarked: boolean;
  /** When the answer was last saved. */
  updatedAt: Date;
}

/** Why a question becomes a card; empty when it does not. */
export function reasonsFor(answer: AnswerFacts, median: number | null): CardReason[] {
  const isWrong = answer.status === 'wrong' || answer.status === 'partial';
  const isAnswered = answer.status !== null && answer.status !== 'unanswered';
  const isFarFaster = median !== null && median > 0 && answer.timeSpentSeconds < median * GUESS_TIME_SHARE;
  const reasons: CardReason[] = [];
  if (isWrong) reasons.push('wrong');
  if ((isAnswered && answer.changeCount > 0) || (isWrong && isFarFaster)) reasons.push('guessed');
  if (answer.isMarked) reasons.push('marked');
  return reasons;
}

/**
 * The error type suggested from the student's time and answer changes: guessed (changed, or far
 * faster than the class and wrong), time pressure (last saved in the closing minutes), misread
 * (wrong under the class median), calculation (wrong in a normal time), concept (long and wrong,
 * or nothing to compare with). The student can change it.
 */
export function suggestErrorType(
  answer: AnswerFacts,
  reasons: CardReason[],
  median: number | null,
  window: { startedAt: Date; endedAt: Date },
): ErrorType {
  if (reasons.includes('guessed')) return 'guessed';
  const length = window.endedAt.getTime() - window.startedAt.getTime();
  const closing = Math.max(TIME_PRESSURE_MIN_MS, length * TIME_PRESSURE_SHARE);
  const isAnswered = answer.status !== null && answer.status !== 'unanswered';
  if (isAnswered && window.endedAt.getTime() - answer.updatedAt.getTime() <= closing) return 'timePressure';
  if (median === null || median <= 0 || !isAnswered) return 'concept';
  if (answer.timeSpentSeconds < median) return 'misread';
  if (answer.timeSpentSeconds < median * CONCEPT_TIME_SHARE) return 'calculation';
  return 'concept';
}

/** The cards of one submitted attempt, in the order of the test's questions. */
export function draftCards(input: {
  attempt: AttemptRow;
  bundle: TaskBundle;
  answers: AnswerRow[];
  medians: Map<number, number>;
}): CardDraft[] {
  const { attempt, bundle } = input;
  const answers = new Map(input.answers.map((a) => [a.questionTaskMapId, a]));
  const sections = new Map(bundle.sections.map((s) => [s.id, s.name]));
  const window = { startedAt: attempt.startedAt, endedAt: attempt.submittedAt ?? attempt.deadlineAt };
  const drafts: CardDraft[] = [];
  for (const map of bundle.maps) {
    const answer = answers.get(map.mapId);
    if (!answer) continue;
    const median = input.medians.get(map.mapId) ?? null;
    const reasons = reasonsFor(answer, median);
    if (reasons.length === 0) continue;
    drafts.push({
      questionTaskMapId: map.mapId,
      subject: map.question.subject ?? sections.get(map.sectionId) ?? '',
      topics: map.question.topicTags,
      reasons,
      suggestedErrorType: suggestErrorType(answer, reasons, median, window),
      timeSpentSeconds: answer.timeSpentSeconds,
      classMedianSeconds: median,
      answerChanges: answer.changeCount,
    });
  }
  return drafts;
}
