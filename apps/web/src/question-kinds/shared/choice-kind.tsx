import { QUESTION_OPTIONS_MAX, type AuthoringQuestion, type Language, type MessageKey, SUPPORTED_LANGUAGES } from '@app/contracts';
import type { ComponentType } from 'react';
import type { AnswerAreaProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { ChoiceAnswer } from './choice-answer';
import type { QuestionFormValues } from './form-values';
import { answeredOrSkipped, NO_KIND_CONTENT, NO_KIND_PREVIEW } from './kind-defaults';
import { lazyPart } from './lazy-part';
import type { OptionListProps } from './option-list';

const OptionList = lazyPart<OptionListProps, typeof import('./option-list')>(() => import('./option-list'), 'OptionList');

const optionsIn = (values: QuestionFormValues, language: Language) => values.options.map((option) => ({ answerID: option.answerID, answerData: option[language] }));

/** The options of a saved version, one list with both languages' texts per id. */
function optionsFromAuthoring(question: AuthoringQuestion): Partial<QuestionFormValues> {
  const version = question.version;
  const optionIds = [...new Set(SUPPORTED_LANGUAGES.flatMap((language) => version.texts[language]?.options.map((o) => o.answerID) ?? []))];
  const optionText = (language: Language, id: number) => version.texts[language]?.options.find((o) => o.answerID === id)?.answerData ?? '';
  return { options: optionIds.map((answerID) => ({ answerID, en: optionText('en', answerID), tn: optionText('tn', answerID) })) };
}

/** An empty option in a language that is on, too many options, no key. */
function checkOptions(values: QuestionFormValues, languages: readonly Language[]): Record<string, MessageKey> {
  const issues: Record<string, MessageKey> = {};
  if (values.options.length > QUESTION_OPTIONS_MAX) issues.options = 'questionOptionsInvalid';
  values.options.forEach((option, index) => {
    for (const language of languages) if (!option[language].trim()) issues[`options.${index}.${language}`] = 'questionOptionsInvalid';
  });
  if (values.correct.length === 0) issues.correct = 'questionKeyInvalid';
  return issues;
}

/**
 * A kind answered by choosing options (single and multiple choice, video and image questions):
 * the same answer area and option list, one or several correct.
 */
export function choiceKind({
  isMultiple,
  media,
  SettingsFields,
}: {
  isMultiple: boolean;
  media: WebQuestionKind['player']['media'];
  SettingsFields: ComponentType<KindFieldsProps> | null;
}): WebQuestionKind {
  function ChoiceAnswerArea({ question, practiceKey, isLocked, onAnswer }: AnswerAreaProps) {
    return <ChoiceAnswer question={question} practiceKey={practiceKey} isLocked={isLocked} isMultiple={isMultiple} onAnswer={onAnswer} />;
  }
  function ChoiceFields({ control, errors, isDisabled }: KindFieldsProps) {
    return <OptionList control={control} errors={errors} isDisabled={isDisabled} isMultiple={isMultiple} />;
  }
  return {
    player: { AnswerArea: ChoiceAnswerArea, showsStatement: true, media, isSideBySide: false },
    practice: { unscoredVerdict: answeredOrSkipped },
    editor: { SettingsFields, Fields: ChoiceFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: true },
    form: {
      content: (values) => ({
        ...NO_KIND_CONTENT,
        allowsPartialCredit: isMultiple && values.allowsPartialCredit,
        ...(isMultiple ? { marking: values.marking === 'standard' ? null : values.marking } : {}),
        correctAnswerId: isMultiple ? [...values.correct] : (values.correct[0] ?? null),
      }),
      options: optionsIn,
      fromAuthoring: (question) => ({ ...optionsFromAuthoring(question), ...(isMultiple ? { marking: question.version.marking ?? 'standard' } : {}) }),
      check: checkOptions,
      keyDataField: 'blanks',
      preview: (values, language) => ({ ...NO_KIND_PREVIEW, answer: optionsIn(values, language) }),
    },
    marking: null,
  };
}
