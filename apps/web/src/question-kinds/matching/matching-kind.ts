import type { AnswerAreaProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';
import { checkMatching, matchingAnswerLine, matchingContent, matchingFormValues, matchingKeyLine, matchingOptions, matchingPreview } from './matching-values';

// The selects load with the first matching question: a test without one never loads them.
const MatchingAnswer = lazyPart<AnswerAreaProps, typeof import('./matching-answer')>(() => import('./matching-answer'), 'MatchingAnswer');
const MatchingFields = lazyPart<KindFieldsProps, typeof import('./matching-fields')>(() => import('./matching-fields'), 'MatchingFields');

/** Match list I with list II: a select per item (pairs) or one of four codes (NEET coded). */
export const matchingKind: WebQuestionKind = {
  player: { AnswerArea: MatchingAnswer, showsStatement: true, media: null, isSideBySide: false },
  practice: { unscoredVerdict: answeredOrSkipped, keyText: matchingKeyLine, answerText: (_id, data, options) => matchingAnswerLine(data, options) },
  editor: { SettingsFields: null, Fields: MatchingFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: true },
  form: {
    content: matchingContent,
    options: matchingOptions,
    fromAuthoring: matchingFormValues,
    check: checkMatching,
    keyDataField: 'matching.key',
    preview: matchingPreview,
  },
  marking: null,
};
