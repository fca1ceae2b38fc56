import type { QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, revealKey, roundMarks } from '../scoring.js';

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** Pending until a teacher marks it; the teacher's marks (within 0 and the question's marks) decide. */
export function scoreWritten(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  if (!hasText(answer.answerData)) return UNANSWERED;
  if (answer.teacherMarks === null) return { status: 'pending', marksAwarded: 0, negativeLost: 0 };
  const awarded = roundMarks(Math.min(Math.max(answer.teacherMarks, 0), question.marks));
  if (awarded >= question.marks) return correct(question);
  if (awarded > 0) return { status: 'partial', marksAwarded: awarded, negativeLost: 0 };
  return { status: 'wrong', marksAwarded: 0, negativeLost: 0 };
}

/** A written answer within a line limit, marked by a teacher; Moodle `essay`, GIFT's essay form. */
export const comprehensiveServerKind: ServerQuestionKind = {
  score: scoreWritten,
  // Pending is already "not decided" by its status; the scorer says so.
  isDecided: isDecidedNow,
  marking: 'teacher',
  playerPart: (question) => ({ ...basePlayerPart(question), lineNumber: question.lineNumber }),
  reveal: revealKey,
  itemStatistics: 'none',
  paperAnswer: null,
  exchange: { moodleXml: { form: 'essay', partialCreditByDefault: false }, gift: 'essay', template: 'none', aiken: false },
};
