import { EXCHANGE_QUESTION_TYPES, type CreateQuestionBody, type Difficulty, type Language, type LocalizedText, type QuestionType } from '@app/contracts';

/**
 * A question as a file carries it: the create call's body without owner and topic ids (topics
 * travel by name; the importer matches them in the caller's scope).
 */
export type QuestionDraft = Omit<CreateQuestionBody, 'topicIds' | 'owner' | 'changeNote'>;

export interface FormatQuestion {
  draft: QuestionDraft;
  /** Topic names, matched case-insensitively by the importer. */
  topics: string[];
  /**
   * The file's category as a topic path, outermost first (Moodle XML and GIFT categories); its
   * last name is also in `topics`. With a course to file topics in, the importer finds or creates the path there.
   */
  category?: string[];
}

/** A problem with one question of a file (or, with field "file", with the file itself). */
export interface ItemIssue {
  field: string;
  message: LocalizedText;
  /** Imported anyway, differently from the file (a dropped extra picture). */
  isWarning?: boolean;
}

/** One question of a file: what could be read of it, and what is wrong with it. */
export interface ParsedItem {
  /** First line of the question in the file (the row of a spreadsheet); null where the format has none. */
  line: number | null;
  title: string;
  question: FormatQuestion | null;
  issues: ItemIssue[];
}

/** The whole file could not be read (not well-formed, wrong header, …). */
export class UnreadableFileError extends Error {
  constructor(
    readonly reason: LocalizedText,
    readonly line: number | null = null,
  ) {
    super(reason.en);
    this.name = 'UnreadableFileError';
  }
}

export type TextVariant = NonNullable<QuestionDraft['texts']['en']>;
export type { Difficulty, Language, QuestionType };

/** The kinds a file of ours can hold (the others need settings no exchange format carries): the registry's exchangeable kinds. */
export { EXCHANGE_QUESTION_TYPES } from '@app/contracts';

export function isExchangeType(type: string): type is (typeof EXCHANGE_QUESTION_TYPES)[number] {
  return (EXCHANGE_QUESTION_TYPES as readonly string[]).includes(type);
}
