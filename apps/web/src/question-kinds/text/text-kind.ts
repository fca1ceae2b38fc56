import { countBlanks, type MessageKey } from '@app/contracts';
import type { AnswerAreaProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped, NO_KIND_CONTENT, NO_KIND_PREVIEW, noFormValues, noOptions, numberOrNull } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';

// Written answers (MUI text fields) load with the first question that needs them: a test of
// choice questions, like a NEET mock, never loads them.
const BlanksAnswer = lazyPart<AnswerAreaProps, typeof import('./blanks-answer')>(() => import('./blanks-answer'), 'BlanksAnswer');
const BlankList = lazyPart<KindFieldsProps, typeof import('./blank-list')>(() => import('./blank-list'), 'BlankList');

/** Fill in the blanks: {0} markers in the statement, one typed answer each (spec 001 §5). */
export const textKind: WebQuestionKind = {
  player: { AnswerArea: BlanksAnswer, showsStatement: false, media: null, isSideBySide: false },
  practice: { unscoredVerdict: answeredOrSkipped },
  editor: { SettingsFields: null, Fields: BlankList, LanguageFields: null, statementHelpKey: 'editor.statementBlanksHelp', hasSolutionField: true },
  form: {
    content: (values) => ({
      ...NO_KIND_CONTENT,
      numericTolerance: numberOrNull(values.numericTolerance),
      correctAnswerData: values.blanks.map((blank) => {
        const alternatives = blank.alternatives.split('|').map((a) => a.trim()).filter(Boolean);
        const tolerance = numberOrNull(blank.tolerance);
        return { value: blank.value.trim(), ...(alternatives.length ? { alternatives } : {}), ...(tolerance !== null ? { tolerance } : {}) };
      }),
    }),
    options: noOptions,
    fromAuthoring: noFormValues,
    check: (values) => {
      const issues: Record<string, MessageKey> = {};
      values.blanks.forEach((blank, index) => {
        if (!blank.value.trim()) issues[`blanks.${index}.value`] = 'questionBlanksMismatch';
        if (blank.tolerance.trim() && !(Number(blank.tolerance) >= 0)) issues[`blanks.${index}.tolerance`] = 'questionBlanksMismatch';
      });
      return issues;
    },
    keyDataField: 'blanks',
    preview: (values, language) => ({ ...NO_KIND_PREVIEW, blankCount: countBlanks(values.texts[language].data) }),
  },
  marking: null,
};
