import type { PROGRAMMING_LANGUAGES } from '@app/contracts';
import type { AnswerAreaProps, EditorSlotProps, KindFieldsProps, WebQuestionKind } from '../kind';
import { answeredOrSkipped, NO_KIND_CONTENT, NO_KIND_PREVIEW, noFormValues, noIssues, noOptions } from '../shared/kind-defaults';
import { lazyPart } from '../shared/lazy-part';
import { asKind, type PlayerQuestionOf } from '../shared/player-question';

const ProgramAnswer = lazyPart<Pick<EditorSlotProps<PlayerQuestionOf<'programming'>>, 'question' | 'isLocked' | 'onAnswer'>, typeof import('./program-answer')>(() => import('./program-answer'), 'ProgramAnswer');
const ProgrammingFields = lazyPart<KindFieldsProps, typeof import('./programming-fields')>(() => import('./programming-fields'), 'ProgrammingFields');

/** The runner's code editor when the page gives one, else a plain source box. */
function ProgrammingAnswerArea({ question, settings, TestSessionID, isLocked, onAnswer, onAdvance, slots }: AnswerAreaProps) {
  const program = asKind(question, 'programming');
  if (!program) return null;
  const slotProps: EditorSlotProps<PlayerQuestionOf<'programming'>> = { question: program, settings, TestSessionID, isLocked, onAnswer, onAdvance };
  return slots.code ? <>{slots.code(slotProps)}</> : <ProgramAnswer question={program} isLocked={isLocked} onAnswer={onAnswer} />;
}

/** A program run against sample and hidden cases by the code runner. */
export const programmingKind: WebQuestionKind = {
  player: { AnswerArea: ProgrammingAnswerArea, showsStatement: true, media: null, isSideBySide: true },
  practice: { unscoredVerdict: answeredOrSkipped },
  // The reference solution is part of the programming fields, not the common solution box.
  editor: { SettingsFields: null, Fields: ProgrammingFields, LanguageFields: null, statementHelpKey: null, hasSolutionField: false },
  form: {
    content: (values) => ({
      ...NO_KIND_CONTENT,
      programming: {
        ...values.programming,
        allowedLanguages: values.programming.allowedLanguages as Array<(typeof PROGRAMMING_LANGUAGES)[number] | '*'>,
        codeStubs: Object.fromEntries(Object.entries(values.programming.codeStubs).filter(([, code]) => code.trim())),
      },
      sampleCases: values.sampleCases,
      hiddenCases: values.hiddenCases,
    }),
    options: noOptions,
    fromAuthoring: noFormValues,
    check: noIssues,
    keyDataField: 'blanks',
    preview: (values) => ({
      ...NO_KIND_PREVIEW,
      questionDetails: { ...values.programming },
      sampleInputOutputs: values.sampleCases.map((c) => ({ inputData: c.input, outputData: c.output })),
    }),
  },
  marking: null,
};
