import type { Language, MatchingKey, MultipleChoiceMarking, NumericalKey, OrderingKey } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { BlankKey, ProgrammingSettings } from '../../db/schema/index.js';
import { createQuestionBankRepository, type QuestionTextValues } from './question-bank.repository.js';

/**
 * A question written in one piece, for demo data, test factories and benchmarks: the text of its
 * main language inline, other languages in `variants`. Staff author through the service instead.
 */
export interface AuthoredQuestion {
  questionType?: string;
  difficulty?: 'easy' | 'medium' | 'hard';
  /** Null (the default) makes it a question of the client's shared library. */
  ownerInstituteId?: number | null;
  ownerClientId?: string;
  createdBy?: number | null;
  topicIds?: number[];
  /** Tag names. */
  topicTags?: string[];
  /** The language of the inline text (the version's default language). */
  language?: Language;
  contentType?: string;
  title?: string;
  data: string;
  mediaUrl?: string | null;
  answerTitle?: string | null;
  options?: { answerID: number; answerData: string }[];
  correctAnswerId?: number | number[] | null;
  /** Blanks without an id get `${questionId}-${index}`. */
  correctAnswerData?: (Omit<BlankKey, 'id'> & { id?: string })[] | string | NumericalKey | MatchingKey | OrderingKey | null;
  explanation?: string | null;
  solution?: string | null;
  rubric?: string | null;
  hint?: string | null;
  instructions?: string | null;
  lineNumber?: number | null;
  marks?: number;
  negativeMarks?: number;
  allowsPartialCredit?: boolean;
  numericTolerance?: number | null;
  programming?: ProgrammingSettings | null;
  sampleCases?: { input: string; output: string }[];
  hiddenCases?: { input: string; output: string }[];
  startFileUrl?: string | null;
  /** A multiple-correct question's marking (absent: standard). */
  marking?: MultipleChoiceMarking | null;
  variants?: Partial<Record<Language, Partial<QuestionTextValues> & { data: string }>>;
}

const textValues = (text: Partial<QuestionTextValues> & { data: string }): QuestionTextValues => ({
  title: text.title ?? '',
  data: text.data,
  answerTitle: text.answerTitle ?? null,
  options: text.options ?? [],
  hint: text.hint ?? null,
  instructions: text.instructions ?? null,
  explanation: text.explanation ?? null,
});

/** Writes the question and its version 1 (with every variant); returns the question's id. */
export async function insertAuthoredQuestion(db: Db, q: AuthoredQuestion, at: Date = new Date()): Promise<number> {
  const language = q.language ?? 'en';
  const main = textValues(q);
  return createQuestionBankRepository(db).insertQuestion(
    {
      questionType: q.questionType ?? 'singleChoice',
      difficulty: q.difficulty ?? 'medium',
      ownerInstituteId: q.ownerInstituteId ?? null,
      ownerClientId: q.ownerClientId ?? 'neetprep',
      createdBy: q.createdBy ?? null,
      topicIds: q.topicIds ?? [],
      tags: q.topicTags ?? [],
    },
    (questionId) => ({
      contentType: q.contentType ?? 'text',
      mediaUrl: q.mediaUrl ?? null,
      defaultLanguage: language,
      marks: q.marks ?? 1,
      negativeMarks: q.negativeMarks ?? 0,
      allowsPartialCredit: q.allowsPartialCredit ?? false,
      numericTolerance: q.numericTolerance ?? null,
      lineNumber: q.lineNumber ?? null,
      programming: q.programming ?? null,
      sampleCases: q.sampleCases ?? [],
      startFileUrl: q.startFileUrl ?? null,
      marking: q.marking ?? null,
      correctAnswerId: q.correctAnswerId ?? null,
      correctAnswerData: Array.isArray(q.correctAnswerData)
        ? q.correctAnswerData.map((blank, index) => ({ ...blank, id: blank.id ?? `${questionId}-${index}` }))
        : (q.correctAnswerData ?? null),
      solution: q.solution ?? null,
      rubric: q.rubric ?? null,
      hiddenCases: q.hiddenCases ?? [],
      texts: {
        ...Object.fromEntries(Object.entries(q.variants ?? {}).map(([lang, text]) => [lang, textValues(text!)])),
        [language]: main,
      },
    }),
    { changeNote: null, at },
  );
}
