import type { ExamContent, ExamSession, SessionQuestion, SessionQuestionState, StudentSession } from './exam.schemas.js';

/** Whether a session question came whole (a draw, or an attempt without a served set) or as ids and state only. */
export const isWholeQuestion = (question: SessionQuestion | SessionQuestionState): question is SessionQuestion => 'questionType' in question;

/**
 * The full session the player works with: each question of the served set gets its content from
 * `content` (by questionTaskMapID) under the student's own state from the session. Throws when
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
        if (isWholeQuestion(question)) return question;
        const shared = byMap.get(question.questionTaskMapID);
        if (!shared) throw new Error(`The test content holds no question ${question.questionTaskMapID}`);
        return { ...shared, ...question };
      }),
    })),
  };
}
