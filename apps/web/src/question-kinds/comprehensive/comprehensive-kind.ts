import type { MessageKey } from '@app/contracts';
import type { AnswerAreaProps, KindFieldsProps, KindLanguageFieldsProps, WebQuestionKind } from '../kind';
import { NO_KIND_CONTENT, NO_KIND_PREVIEW, noFormValues, noOptions, numberOrNull, trimmedOrNull } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';
// Small, and built from what the player already carries: no chunk of its own.
import { WrittenAnswerMarkingView } from './marking-view';

const ComprehensiveAnswer = lazyPart<AnswerAreaProps, typeof import('./comprehensive-answer')>(() => import('./comprehensive-answer'), 'ComprehensiveAnswer');
const ComprehensiveFields = lazyPart<KindFieldsProps, typeof import('./comprehensive-fields')>(() => import('./comprehensive-fields'), 'ComprehensiveFields');
const AnswerTitleField = lazyPart<KindLanguageFieldsProps, typeof import('./answer-title-field')>(() => import('./answer-title-field'), 'AnswerTitleField');

const isLineLimit = (value: string) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 500;

/** A written answer of at most lineNumber lines, marked by a teacher against a model answer. */
export const comprehensiveKind: WebQuestionKind = {
  player: { AnswerArea: ComprehensiveAnswer, showsStatement: true, media: null, isSideBySide: false },
  // A teacher marks it, so even an empty answer waits for the marking.
  practice: { unscoredVerdict: () => 'awaitingEvaluation' },
  editor: { SettingsFields: null, Fields: ComprehensiveFields, LanguageFields: AnswerTitleField, statementHelpKey: null, hasSolutionField: true },
  form: {
    content: (values) => ({
      ...NO_KIND_CONTENT,
      lineNumber: numberOrNull(values.lineNumber),
      correctAnswerData: trimmedOrNull(values.modelAnswer),
      rubric: trimmedOrNull(values.rubric),
    }),
    options: noOptions,
    fromAuthoring: noFormValues,
    check: (values) => {
      const issues: Record<string, MessageKey> = {};
      if (values.lineNumber.trim() && !isLineLimit(values.lineNumber)) issues.lineNumber = 'questionLineLimitRequired';
      return issues;
    },
    keyDataField: 'modelAnswer',
    preview: (values) => ({ ...NO_KIND_PREVIEW, lineNumber: values.lineNumber ? Number(values.lineNumber) : null }),
  },
  marking: { AnswerView: WrittenAnswerMarkingView },
};
