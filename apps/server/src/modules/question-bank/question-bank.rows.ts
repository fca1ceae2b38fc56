import type { Language, MatchingKey, MultipleChoiceMarking, NumericalKey, OrderingKey } from '@app/contracts';
import type { BlankKey, ProgrammingSettings, questionVersions } from '../../db/schema/index.js';

// The shapes of a question version, apart from the repository that reads them and the settings
// that fill their kind fields, so that neither imports the other.

/** A version as its table holds it. */
export type StoredVersionRow = typeof questionVersions.$inferSelect;
/** The kind fields a version reads from its settings (decision 052; their old columns are dropped). */
export interface KindSettingFields {
  numericTolerance: number | null;
  lineNumber: number | null;
  programming: ProgrammingSettings | null;
  sampleCases: { input: string; output: string }[];
  startFileUrl: string | null;
}
/** A version as the bank reads it: its row with the kind fields from its settings. */
export type VersionRow = StoredVersionRow & KindSettingFields;

export interface QuestionTextValues {
  title: string;
  data: string;
  answerTitle: string | null;
  options: { answerID: number; answerData: string }[];
  hint: string | null;
  instructions: string | null;
  explanation: string | null;
}

/** Everything one version holds: content, key and its language variants. */
export interface VersionValues {
  contentType: string;
  mediaUrl: string | null;
  defaultLanguage: Language;
  marks: number;
  negativeMarks: number;
  allowsPartialCredit: boolean;
  numericTolerance: number | null;
  lineNumber: number | null;
  programming: ProgrammingSettings | null;
  sampleCases: { input: string; output: string }[];
  startFileUrl: string | null;
  /** A multiple-correct question's marking (null: standard; a setting, decision 052). */
  marking?: MultipleChoiceMarking | null;
  correctAnswerId: number | number[] | null;
  correctAnswerData: BlankKey[] | string | NumericalKey | MatchingKey | OrderingKey | null;
  solution: string | null;
  rubric: string | null;
  hiddenCases: { input: string; output: string }[];
  /** The key decision the version carries (decision 067); 'key' and none when absent. */
  award?: 'key' | 'bonus' | 'dropped';
  acceptedAnswerIds?: number[];
  texts: Partial<Record<Language, QuestionTextValues>>;
}
