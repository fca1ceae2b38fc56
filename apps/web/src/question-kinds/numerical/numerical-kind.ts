import type { AnswerAreaProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped, NO_KIND_PREVIEW, noOptions } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';
import { checkNumerical, numericalContent, numericalFormValues, numericalKeyLine } from './numerical-values';

// The pad loads with the first numerical question: a NEET mock of choice questions never loads it.
const NumericalAnswer = lazyPart<AnswerAreaProps, typeof import('./numerical-answer')>(() => import('./numerical-answer'), 'NumericalAnswer');
const NumericalFields = lazyPart<KindFieldsProps, typeof import('./numerical-fields')>(() => import('./numerical-fields'), 'NumericalFields');

/** Numerical value (JEE Main section B): a number typed on the pad, right within a tolerance or range. */
export const numericalKind: WebQuestionKind = {
  player: { AnswerArea: NumericalAnswer, showsStatement: true, media: null, isSideBySide: false },
  practice: { unscoredVerdict: answeredOrSkipped, keyText: (data) => numericalKeyLine(data) },
  editor: { SettingsFields: null, Fields: NumericalFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: true },
  form: {
    content: numericalContent,
    options: noOptions,
    fromAuthoring: numericalFormValues,
    check: checkNumerical,
    keyDataField: 'numerical.value',
    preview: () => NO_KIND_PREVIEW,
  },
  marking: null,
};
