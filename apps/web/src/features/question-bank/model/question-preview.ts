import type { Language, SessionQuestion } from '@app/contracts';
import { questionKind } from '../../../question-kinds';
import { authoredContentType, type QuestionFormValues } from './question-form';

/** What a preview slot receives: the question as the player would be served it, in one language. */
export interface QuestionPreviewProps {
  question: SessionQuestion;
  language: Language;
}

/**
 * The question as the player serves it in `language` (a student's view: no key), from the editor's
 * values, so the page can show it with the exam's own question view. Null when that language is off.
 */
export function toSessionQuestion(values: QuestionFormValues, language: Language, questionId = 0): SessionQuestion | null {
  const text = values.texts[language];
  if (!text.isEnabled) return null;
  const kind = questionKind(values.questionType).form.preview(values, language);
  return {
    questionID: questionId,
    questionTaskMapID: 0,
    questionType: values.questionType,
    contentType: authoredContentType(values.contentType),
    questionTitle: text.title,
    questionData: text.data,
    mediaUrl: values.mediaUrl.trim() || null,
    answerTitle: text.answerTitle || null,
    marks: values.marks,
    negativeMarks: values.negativeMarks,
    hint: text.hint || null,
    instructions: text.instructions || null,
    startFileUrl: values.startFileUrl || null,
    ...kind,
    allowsPartialCredit: values.allowsPartialCredit,
    answerID: null,
    answerData: null,
    timeSpent: 0,
    isMarked: false,
    isShowAnswer: false,
    seq: 0,
    // The preview shows one language at a time: the editor's own.
    language,
    languages: [],
    // The kind's preview gives its own fields; the question is of the editor's kind.
  } as SessionQuestion;
}

/** The marking rule the preview names above the question, where the kind's content has one other than standard. */
export function previewScheme(values: QuestionFormValues): 'jee-advanced' | null {
  return questionKind(values.questionType).form.content(values).marking === 'jee-advanced' ? 'jee-advanced' : null;
}
