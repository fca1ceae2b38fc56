import type { OfficeKind } from '@app/contracts';
import type { AnswerAreaProps, EditorSlotProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped, NO_KIND_CONTENT, NO_KIND_PREVIEW, noFormValues, noIssues, noOptions, trimmedOrNull } from './kind-defaults';
import { lazyPart } from './lazy-part';
import { OfficeAnswerFallback } from './office-answer';
import { asKind, type PlayerQuestionOf } from './player-question';

const OfficeFields = lazyPart<KindFieldsProps & { kind: OfficeKind }, typeof import('./office-fields')>(() => import('./office-fields'), 'OfficeFields');


/**
 * A kind answered with an office file (spreadsheet, document, presentation): the office screen the
 * page mounts, evaluated against the solution file by the rubric.
 */
export function officeKind(kind: OfficeKind): WebQuestionKind {
  function KindOfficeFields(props: KindFieldsProps) {
    return <OfficeFields {...props} kind={kind} />;
  }
  function OfficeAnswerArea({ question, settings, TestSessionID, isLocked, onAnswer, onAdvance, slots }: AnswerAreaProps) {
    const document = asKind(question, kind);
    if (!document) return null;
    const slotProps: EditorSlotProps<PlayerQuestionOf<OfficeKind>> = { question: document, settings, TestSessionID, isLocked, onAnswer, onAdvance };
    return slots.office ? <>{slots.office(slotProps)}</> : <OfficeAnswerFallback question={document} />;
  }
  return {
    player: { AnswerArea: OfficeAnswerArea, showsStatement: true, media: null, isSideBySide: true },
    practice: { unscoredVerdict: answeredOrSkipped },
    editor: { SettingsFields: null, Fields: KindOfficeFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: true },
    form: {
      // The rubric is what the evaluator compares.
      content: (values) => ({ ...NO_KIND_CONTENT, startFileUrl: trimmedOrNull(values.startFileUrl), rubric: trimmedOrNull(values.rubric) }),
      options: noOptions,
      fromAuthoring: noFormValues,
      check: noIssues,
      keyDataField: 'blanks',
      preview: () => NO_KIND_PREVIEW,
    },
    marking: null,
  };
}
