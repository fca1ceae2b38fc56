import { CONTENT_TYPES, type Language, type MultipleChoiceMarking, type QuestionType } from '@app/contracts';

/**
 * The question editor's values. Options are one list shared by both languages (the same ids in
 * each, as the server requires); blanks carry their alternatives as one `|`-separated text.
 */
export interface QuestionTextValues {
  isEnabled: boolean;
  title: string;
  data: string;
  answerTitle: string;
  hint: string;
  instructions: string;
  explanation: string;
}

export interface OptionValues {
  answerID: number;
  en: string;
  tn: string;
}

export interface BlankValues {
  value: string;
  /** Other accepted answers, separated by |. */
  alternatives: string;
  /** Empty for an exact answer. */
  tolerance: string;
}

export interface MatchingItemValues {
  en: string;
  tn: string;
}

export interface CaseValues {
  input: string;
  output: string;
}

export interface QuestionFormValues {
  questionType: QuestionType;
  difficulty: 'easy' | 'medium' | 'hard';
  topicIds: number[];
  tags: string[];
  defaultLanguage: Language;
  contentType: (typeof CONTENT_TYPES)[number];
  mediaUrl: string;
  marks: number;
  negativeMarks: number;
  allowsPartialCredit: boolean;
  /** A multiple-correct question's marking (standard, or as in JEE Advanced). */
  marking: MultipleChoiceMarking;
  /** Empty for none. */
  numericTolerance: string;
  /** Empty for none. */
  lineNumber: string;
  texts: Record<Language, QuestionTextValues>;
  options: OptionValues[];
  /** The correct options' ids (one for single choice). */
  correct: number[];
  blanks: BlankValues[];
  /** A written answer's model answer. */
  modelAnswer: string;
  /** Worked solution, reference program or office solution file (staff only). */
  solution: string;
  /** How a written answer is marked (staff only). */
  rubric: string;
  programming: {
    inputFormat: string;
    outputFormat: string;
    constraints: string;
    allowedLanguages: string[];
    /** Starting code per language. */
    codeStubs: Record<string, string>;
    timeLimitMs: number;
    memoryLimitMb: number;
    hiddenCaseResults: 'total' | 'perCase';
  };
  sampleCases: CaseValues[];
  hiddenCases: CaseValues[];
  startFileUrl: string;
  /** A numerical value's key: a value with a tolerance, or a range; an optional unit (texts as typed). */
  numerical: { mode: 'tolerance' | 'range'; value: string; tolerance: string; min: string; max: string; unit: string };
  /**
   * A matching question: list I and list II (each item in both languages), the list II item
   * (1-based, 0 for none yet) each list I item goes with, and how the player presents it.
   */
  matching: { presentation: 'pairs' | 'coded'; left: MatchingItemValues[]; right: MatchingItemValues[]; key: number[] };
  changeNote: string;
}

export const emptyText = (isEnabled: boolean): QuestionTextValues => ({
  isEnabled,
  title: '',
  data: '',
  answerTitle: '',
  hint: '',
  instructions: '',
  explanation: '',
});

export function emptyQuestionForm(questionType: QuestionType = 'singleChoice'): QuestionFormValues {
  return {
    questionType,
    difficulty: 'medium',
    topicIds: [],
    tags: [],
    defaultLanguage: 'en',
    contentType: 'text',
    mediaUrl: '',
    marks: 1,
    negativeMarks: 0,
    allowsPartialCredit: false,
    marking: 'standard',
    numericTolerance: '',
    lineNumber: '',
    texts: { en: emptyText(true), tn: emptyText(false) },
    options: [1, 2, 3, 4].map((answerID) => ({ answerID, en: '', tn: '' })),
    correct: [],
    blanks: [],
    modelAnswer: '',
    solution: '',
    rubric: '',
    programming: {
      inputFormat: '',
      outputFormat: '',
      constraints: '',
      allowedLanguages: ['*'],
      codeStubs: {},
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      hiddenCaseResults: 'total',
    },
    sampleCases: [],
    hiddenCases: [],
    startFileUrl: '',
    numerical: { mode: 'tolerance', value: '', tolerance: '0', min: '', max: '', unit: '' },
    matching: { presentation: 'pairs', left: [1, 2, 3, 4].map(() => ({ en: '', tn: '' })), right: [1, 2, 3, 4].map(() => ({ en: '', tn: '' })), key: [0, 0, 0, 0] },
    changeNote: '',
  };
}

/** The id for a new option: one more than the largest. */
export function nextOptionId(options: readonly OptionValues[]): number {
  return options.reduce((max, option) => Math.max(max, option.answerID), 0) + 1;
}

