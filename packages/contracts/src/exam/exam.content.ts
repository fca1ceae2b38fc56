import type { ExamContent, ExamSession, SessionQuestion, SessionQuestionState, StudentSession } from './exam.schemas.js';

/** Whether a session question came whole (a draw, or an attempt without a served set) or as ids and state only. */
export const isWholeQuestion = (question: SessionQuestion | SessionQuestionState): question is SessionQuestion => 'questionType' in question;

/** The options in `order` (their ids), any option it does not name after them in their own order. */
function inOrder<T extends { answerID: number }>(options: readonly T[], order: readonly number[]): T[] {
  const place = new Map(order.map((id, i) => [id, i]));
  return options
    .map((option, i) => ({ option, at: place.get(option.answerID) ?? order.length + i }))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.option);
}

/** A question with its options (in every language) in the attempt's own order, when it has one. */
function inAttemptOrder(question: SessionQuestion): SessionQuestion {
  const order = question.itemOrder;
  if (!order) return question;
  return {
    ...question,
    answer: inOrder(question.answer, order),
    languages: question.languages.map((text) => ({ ...text, answer: inOrder(text.answer, order) })),
  };
}

/**
 * The full session the player works with: each question of the served set gets its content from
 * `content` (by questionTaskMapID) under the student's own state from the session, its options in the attempt's order when the
 * kind shuffles them per attempt (`itemOrder`). Throws when
 * the session refers to a question the content does not hold (the content is of another set).
 */
export function mergeSessionContent(session: StudentSession, content: ExamContent | null): ExamSession {
  const byMap = new Map(content?.questions.map((q) => [q.questionTaskMapID, q]));
  const { contentKey: _contentKey, ...rest } = session;
  return {
    ...rest,
    section: session.section.map((section) => ({
      ...section,
      question: section.question.map((question): SessionQuestion => {
        if (isWholeQuestion(question)) return inAttemptOrder(question);
        const shared = byMap.get(question.questionTaskMapID);
        if (!shared) throw new Error(`The test content holds no question ${question.questionTaskMapID}`);
        return inAttemptOrder({ ...shared, ...question });
      }),
    })),
  };
}
