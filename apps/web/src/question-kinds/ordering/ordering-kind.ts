import type { AnswerAreaProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';
import { checkOrdering, orderingContent, orderingFormValues, orderingKeyIds, orderingOptions, orderingPreview } from './ordering-model';

// The list loads with the first ordering question: a NEET mock of choice questions never loads it.
const OrderingAnswer = lazyPart<AnswerAreaProps, typeof import('./ordering-answer')>(() => import('./ordering-answer'), 'OrderingAnswer');
const OrderingFields = lazyPart<KindFieldsProps, typeof import('./ordering-fields')>(() => import('./ordering-fields'), 'OrderingFields');
const OrderingSettingsFields = lazyPart<KindFieldsProps, typeof import('./ordering-fields')>(() => import('./ordering-fields'), 'OrderingSettingsFields');

/** Ordering (Moodle's qtype_ordering): items put in order with Move up and Move down. */
export const orderingKind: WebQuestionKind = {
  player: { AnswerArea: OrderingAnswer, showsStatement: true, media: null, isSideBySide: false },
  practice: { unscoredVerdict: answeredOrSkipped, keyIds: orderingKeyIds },
  editor: { SettingsFields: OrderingSettingsFields, Fields: OrderingFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: true },
  form: {
    content: orderingContent,
    options: orderingOptions,
    fromAuthoring: orderingFormValues,
    check: checkOrdering,
    keyDataField: 'options',
    preview: orderingPreview,
  },
  marking: null,
};
