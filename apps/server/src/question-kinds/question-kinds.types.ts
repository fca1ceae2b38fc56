import type { AnswerStatus, MatchingKey, NumericalKey, OrderingKey, QuestionType } from '@app/contracts';

/** What scoring needs to know about a question (its key included). */
export interface ScorableQuestion {
  questionID: number;
  questionType: QuestionType;
  marks: number;
  negativeMarks: number;
  allowsPartialCredit: boolean;
  numericTolerance: number | null;
  correctAnswerId: number | number[] | null;
  correctAnswerData: { id: string; value: string; alternatives?: string[]; tolerance?: number }[] | string | NumericalKey | MatchingKey | OrderingKey | null;
  /** The kind's settings (decision 052); absent reads as none set. */
  settings?: Readonly<Record<string, unknown>>;
  /** A key decision (decision 067): full marks to everyone, or out of the marking; absent reads as 'key'. */
  award?: 'key' | 'bonus' | 'dropped';
  /** Options accepted besides the key (decision 067). */
  acceptedAnswerIds?: readonly number[];
}

/** The student's saved answer, with what evaluators and teachers added. */
export interface ScorableAnswer {
  answerId: unknown;
  answerData: unknown;
  evaluatedFraction: number | null;
  teacherMarks: number | null;
}

export interface QuestionScore {
  status: AnswerStatus;
  marksAwarded: number;
  /** Marks taken away by negative marking (0 or positive). */
  negativeLost: number;
}

type Option = { answerID: number; answerData: string };
type TestCase = { input: string; output: string };

/** A version's content as the kinds read it (the question bank's QuestionContent is one). */
export interface KindQuestion {
  data: string;
  options: Option[];
  lineNumber: number | null;
  programming: {
    codeStubs: Record<string, string>;
    allowedLanguages: string[];
    inputFormat: string;
    outputFormat: string;
    constraints: string;
    timeLimitMs: number;
    memoryLimitMb: number;
  } | null;
  sampleCases: TestCase[];
  startFileUrl: string | null;
  correctAnswerId: number | number[] | null;
  correctAnswerData: { id: string; value: string }[] | string | NumericalKey | MatchingKey | OrderingKey | null;
}

/** The kind's own part of what the player receives: never the key. */
export interface PlayerPart {
  blankCount: number;
  answer: Option[];
  lineNumber: number | null;
  questionDetails: {
    codeStubs: Record<string, string>;
    allowedLanguages: string[];
    inputFormat: string;
    outputFormat: string;
    constraints: string;
    timeLimitMs: number;
    memoryLimitMb: number;
  } | null;
  sampleInputOutputs: { inputData: string; outputData: string }[];
  startFileUrl: string | null;
}

/** The key as a practice reveal and the feedback report show it. */
export interface RevealedKey {
  correctAnswerID: number | number[] | null;
  correctAnswerData: { id: string; value: string }[] | string | NumericalKey | MatchingKey | OrderingKey | null;
}

/** Who or what decides the marks. */
export type KindMarking = 'key' | 'teacher' | 'runner' | 'office';

/** How the question file formats carry a kind (null: the format has no such question). */
export interface KindExchange {
  /**
   * Moodle XML: the question form (`multichoice`; `numerical` for the numerical-value kind; `match` for matching; `ordering` for ordering; `blanks` is shortanswer, numerical or multianswer by
   * the blanks; `essay`), `single` for multichoice, our `questionkind` element for a kind Moodle lacks,
   * and whether partial credit is the kind's default (a file without `partialcredit` gives it; so it is always written).
   */
  moodleXml: { form: 'multichoice' | 'blanks' | 'essay' | 'numerical' | 'match' | 'ordering'; single?: boolean; questionKind?: string; partialCreditByDefault: boolean } | null;
  /** GIFT: the question form it is written as. */
  gift: 'choice' | 'shortAnswer' | 'essay' | 'numerical' | 'matching' | null;
  /** The CSV/XLSX template's `kind` column carries it, with options, blanks, a numerical key (`3.14:0.01 cm`, `1..2`) or none of them. */
  template: 'options' | 'blanks' | 'numerical' | 'none' | null;
  /** Aiken holds single-choice questions only. */
  aiken: boolean;
}

/** One question kind as the server runs it. */
export interface ServerQuestionKind {
  /** Full, partial and negative marks from an answer (given) and the key. */
  score(question: ScorableQuestion, answer: ScorableAnswer): QuestionScore;
  /** True when the answer's score can be told now (an evaluated kind waits for its evaluation). */
  isDecided(answer: ScorableAnswer | undefined): boolean;
  marking: KindMarking;
  /** The player's part; `seed` names the question as placed (a kind that shuffles its items uses it). */
  playerPart(question: KindQuestion, seed?: string): PlayerPart;
  /**
   * The option ids in the order one attempt shows them (`seed` names the attempt and the question
   * as placed), for a kind that shuffles per attempt as Moodle does. It rides on the student's own
   * state, so the test's content stays one for every student. Absent: the content's order.
   */
  attemptOrder?: (question: KindQuestion, seed: string) => number[];
  /**
   * Whether a saved answer fits the question as served, beyond the shape the contracts check
   * (ordering: the ids are a permutation of the question's items). Absent: every well-shaped answer fits.
   */
  fitsQuestion?: (question: KindQuestion, answerId: unknown) => boolean;
  reveal(question: KindQuestion): RevealedKey;
  /**
   * Item statistics: per-option counts for distractor analysis, or none; or, for a kind whose
   * options are not all answers, the option ids one question's analysis counts (none when empty).
   */
  itemStatistics: 'options' | 'none' | ((question: Pick<KindQuestion, 'options' | 'correctAnswerData'>) => number[]);
  /** A printed sheet's bubble (an option id) as the saved answerId, or null when paper cannot answer the kind. */
  paperAnswer: ((optionId: number) => number | number[]) | null;
  exchange: KindExchange;
  /**
   * Whether a 3PL calibration gives the kind a guessing parameter (decision 077): one option chosen
   * from a fixed few, so a blind guess is right about one time in four. Absent: no guessing.
   */
  guessable?: boolean;
  /** The marking rule the instructions name for this question, when it is not the plain marks and negative marks. */
  scheme?(question: Pick<ScorableQuestion, 'settings'>): 'jee-advanced' | null;
}
