import { assertionReasonOptions, parseAssertionReason, type MessageKey } from '@app/contracts';
import type { AnswerAreaProps, KindFieldsProps, KindLanguageFieldsProps, WebQuestionKind } from '../kind';
import { ChoiceAnswer } from '../shared/choice-answer';
import { NO_KIND_CONTENT, NO_KIND_PREVIEW, answeredOrSkipped, noFormValues } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';

const AssertionReasonFields = lazyPart<KindLanguageFieldsProps, typeof import('./assertion-reason-fields')>(() => import('./assertion-reason-fields'), 'AssertionReasonFields');
const AssertionReasonKey = lazyPart<KindFieldsProps, typeof import('./assertion-reason-key')>(() => import('./assertion-reason-key'), 'AssertionReasonKey');

function AssertionReasonAnswer({ question, practiceKey, isLocked, onAnswer }: AnswerAreaProps) {
  return <ChoiceAnswer question={question} practiceKey={practiceKey} isLocked={isLocked} isMultiple={false} onAnswer={onAnswer} />;
}

/**
 * NEET's assertion and reason: the author types the two sentences in each language and picks the
 * correct one of the four generated options; the student answers as a single choice (radio
 * buttons, keyboard), the statement showing A and R above them.
 */
export const assertionReasonKind: WebQuestionKind = {
  player: { AnswerArea: AssertionReasonAnswer, showsStatement: true, media: null, isSideBySide: false },
  practice: { unscoredVerdict: answeredOrSkipped },
  editor: { SettingsFields: null, Fields: AssertionReasonKey, LanguageFields: AssertionReasonFields, statementHelpKey: null, hasSolutionField: true, hidesStatement: true },
  form: {
    content: (values) => ({ ...NO_KIND_CONTENT, correctAnswerId: values.correct[0] ?? null }),
    options: (_values, language) => assertionReasonOptions(language),
    fromAuthoring: noFormValues,
    check: (values, languages) => {
      const issues: Record<string, MessageKey> = {};
      for (const language of languages) if (!parseAssertionReason(values.texts[language].data)) issues[`texts.${language}.data`] = 'questionAssertionReasonRequired';
      if (values.correct.length !== 1) issues.correct = 'questionKeyInvalid';
      return issues;
    },
    keyDataField: 'blanks',
    preview: (_values, language) => ({ ...NO_KIND_PREVIEW, answer: assertionReasonOptions(language) }),
  },
  marking: null,
};
