import type { KindExchange, QuestionScore, ScorableAnswer, ScorableQuestion, ServerQuestionKind } from '../question-kinds.types.js';
import { UNANSWERED, basePlayerPart, correct, isDecidedNow, partial, revealKey, roundMarks, wrong } from '../scoring.js';

function toIdList(value: unknown): number[] | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return [value];
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return [Number(value.trim())];
  if (Array.isArray(value)) {
    const ids = value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
    return ids.length === value.length ? [...new Set(ids)] : null;
  }
  return null;
}

/** One option chosen: right or wrong (negative marks). */
export function scoreSingleChoice(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  // The common case (one option id against one key id) without building lists: most of a NEET paper.
  if (typeof answer.answerId === 'number' && typeof question.correctAnswerId === 'number') {
    return answer.answerId === question.correctAnswerId ? correct(question) : wrong(question);
  }
  const chosen = toIdList(answer.answerId);
  if (!chosen || chosen.length === 0) return UNANSWERED;
  const key = toIdList(question.correctAnswerId) ?? [];
  return chosen.length === 1 && key.includes(chosen[0]!) ? correct(question) : wrong(question);
}

/**
 * All the right options and no other; partial credit (when allowed) for only right ones, some missing. Any wrong option is a wrong answer.
 * JEE Advanced marking (the question's `marking` setting): +1 per right option chosen when no wrong one is, whatever the test allows.
 */
export function scoreMultipleChoice(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore {
  const chosen = toIdList(answer.answerId);
  if (!chosen || chosen.length === 0) return UNANSWERED;
  const keySet = new Set(toIdList(question.correctAnswerId) ?? []);
  const allRight = chosen.length === keySet.size && chosen.every((id) => keySet.has(id));
  if (allRight) return correct(question);
  if (question.settings?.marking === 'jee-advanced') {
    return chosen.every((id) => keySet.has(id)) ? { status: 'partial', marksAwarded: roundMarks(Math.min(chosen.length, question.marks)), negativeLost: 0 } : wrong(question);
  }
  if (question.allowsPartialCredit && chosen.every((id) => keySet.has(id)) && keySet.size > 0) {
    return partial(question, chosen.length / keySet.size);
  }
  return wrong(question);
}

/** What every choice kind shares on the server; a kind gives its scoring, sheet answer and file mapping. */
export function choiceKind(parts: Pick<ServerQuestionKind, 'score' | 'paperAnswer'> & { exchange: KindExchange; guessable: boolean }): ServerQuestionKind {
  return {
    score: parts.score,
    isDecided: isDecidedNow,
    marking: 'key',
    playerPart: basePlayerPart,
    reveal: revealKey,
    itemStatistics: 'options',
    paperAnswer: parts.paperAnswer,
    exchange: parts.exchange,
    guessable: parts.guessable,
  };
}
