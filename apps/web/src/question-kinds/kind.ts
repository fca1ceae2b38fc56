import type { AuthoringQuestion, CreateQuestionBody, Language, MessageKey, OfficeKind, PendingEvaluation, PracticeAnswer, SessionQuestion, SessionQuestionKindFields } from '@app/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { Control, FieldErrors, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { QuestionFormValues } from './shared/form-values';
import type { AnswerData, AnswerId, PlayerQuestion, PlayerQuestionOf, PlayerSettings } from './shared/player-question';
import type { TextKey } from '../lib/texts';

/** What a code or office editor mounted by the page receives (the app fills these slots): the question narrowed to the slot's kinds. */
export interface EditorSlotProps<Q extends PlayerQuestion = PlayerQuestion> {
  question: Q;
  settings: PlayerSettings;
  TestSessionID: string;
  isLocked: boolean;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
  /** Moves on as the footer's Next would (a program's Submit advances, spec 001 §4). */
  onAdvance: () => void;
}

/** Editors that live in features of their own (runner, office), handed down by the page. */
export interface EditorSlots {
  code?: (props: EditorSlotProps<PlayerQuestionOf<'programming'>>) => ReactNode;
  office?: (props: EditorSlotProps<PlayerQuestionOf<OfficeKind>>) => ReactNode;
}

/** What the page's code editor receives: a programming question. */
export type CodeSlotProps = Parameters<NonNullable<EditorSlots['code']>>[0];
/** What the page's office screen receives: an office question. */
export type OfficeSlotProps = Parameters<NonNullable<EditorSlots['office']>>[0];

/** The answer area of a question in the player (a kind's area narrows `question` to its own kind to read its fields). */
export interface AnswerAreaProps extends EditorSlotProps {
  practiceKey: PracticeAnswer | undefined;
  slots: EditorSlots;
}

/** A kind's own parts of the question editor (react-hook-form over the editor's values). */
export interface KindFieldsProps {
  control: Control<QuestionFormValues>;
  errors: FieldErrors<QuestionFormValues>;
  setValue: UseFormSetValue<QuestionFormValues>;
  getValues: UseFormGetValues<QuestionFormValues>;
  isDisabled: boolean;
  /** The saved question being edited, null for a new one. */
  questionId: number | null;
}

/** A kind's parts of one language's column in the editor. */
export interface KindLanguageFieldsProps {
  control: Control<QuestionFormValues>;
  language: Language;
  languageName: string;
  isDisabled: boolean;
}

/** The kind's part of the create and update calls' versioned content (a marking only where the kind has one). */
export type KindContent = Required<
  Pick<
    CreateQuestionBody,
    'allowsPartialCredit' | 'numericTolerance' | 'lineNumber' | 'programming' | 'sampleCases' | 'hiddenCases' | 'startFileUrl' | 'correctAnswerId' | 'correctAnswerData' | 'rubric'
  >
> &
  Pick<CreateQuestionBody, 'marking'>;

/** The kind's part of the question as the player is served it (the editor's preview): the options, and the kind's own fields. */
export type KindPreview = Pick<SessionQuestion, 'answer'> & Partial<SessionQuestionKindFields>;

/** A practice question revealed without a verdict from the server. */
export type UnscoredVerdict = 'awaitingEvaluation' | 'skipped';

/**
 * Everything the web app knows about one question kind. The registry (`index.ts`) is
 * `satisfies Record<QuestionType, WebQuestionKind>`: a kind added to the contracts does not
 * compile until it has each of these parts.
 */
export interface WebQuestionKind {
  player: {
    /** Where the student answers (lazy where it needs more than the player's own code). */
    AnswerArea: ComponentType<AnswerAreaProps>;
    /** False when the answer area shows the statement itself (blanks inside the text). */
    showsStatement: boolean;
    /** Media the statement shows from the question's mediaUrl. */
    media: 'video' | 'image' | null;
    /** Statement and answer side by side on large screens (an editor beside the task). */
    isSideBySide: boolean;
  };
  practice: {
    /** The verdict shown when the server's reveal has none (isCorrect null). */
    unscoredVerdict: (question: PlayerQuestion) => UnscoredVerdict;
    /** The key as one line of text where it is neither options nor blanks (the feedback report shows it). */
    keyText?: (correctAnswerData: unknown, options: readonly { answerID: number; answerData: string }[]) => string | null;
    /** The student's answer as one line of text where it is neither options nor blanks (the feedback report shows it). */
    answerText?: (answerID: unknown, answerData: unknown, options: readonly { answerID: number; answerData: string }[]) => string | null;
    /** The key as option ids in order where it is kept in `correctAnswerData` (the report shows them as content). */
    keyIds?: (correctAnswerData: unknown) => number[] | null;
  };
  editor: {
    /** Beside the classification fields (a media address, the partial-credit switch). */
    SettingsFields: ComponentType<KindFieldsProps> | null;
    /** The kind's own section below both languages (options, blanks, cases, files). */
    Fields: ComponentType<KindFieldsProps> | null;
    /** In each language's column, after the common texts. */
    LanguageFields: ComponentType<KindLanguageFieldsProps> | null;
    /** A questionBank text under the statement, or null. */
    statementHelpKey: TextKey<'questionBank'> | null;
    /** Whether the common solution field applies (a program's reference solution has its own). */
    hasSolutionField: boolean;
    /** The statement is written by the kind's language fields (assertion and reason), not typed as a whole. */
    hidesStatement?: boolean;
  };
  form: {
    content: (values: QuestionFormValues) => KindContent;
    /** One language's options as the calls carry them. */
    options: (values: QuestionFormValues, language: Language) => Array<{ answerID: number; answerData: string }>;
    /** The kind's values read from a saved version (beyond what every kind reads). */
    fromAuthoring: (question: AuthoringQuestion) => Partial<QuestionFormValues>;
    /** What only the form can get wrong, as form field → message key. */
    check: (values: QuestionFormValues, languages: readonly Language[]) => Record<string, MessageKey>;
    /** The form field the server's `correctAnswerData` rule points at. */
    keyDataField: 'modelAnswer' | 'blanks' | 'numerical.value' | 'matching.key' | 'options';
    preview: (values: QuestionFormValues, language: Language) => KindPreview;
  };
  /** How a person marks an answer of this kind, or null when it is scored without one. */
  marking: { AnswerView: ComponentType<{ item: PendingEvaluation }> } | null;
}
