import type { Language, MatchingKey, NumericalKey, OrderingKey } from '@app/contracts';
import type { BlankKey } from '../../db/schema/index.js';
import { textPreview } from '../../lib/html-sanitizer.js';
import type { QuestionBankRepository, QuestionScope, VersionValues } from './question-bank.repository.js';
import { PREVIEW_CHARS } from './question-bank.versions.js';

/**
 * One version of a question in one language, as the exam engine reads it: the player's fields
 * and the key side by side. Only scoring, the practice reveal and the post-submission report
 * may copy key fields into a response.
 */
export interface QuestionContent {
  /** The question's id (the player's questionID). */
  id: number;
  versionId: number;
  version: number;
  questionType: string;
  contentType: string;
  title: string;
  data: string;
  mediaUrl: string | null;
  answerTitle: string | null;
  options: { answerID: number; answerData: string }[];
  correctAnswerId: number | number[] | null;
  correctAnswerData: BlankKey[] | string | NumericalKey | MatchingKey | OrderingKey | null;
  explanation: string | null;
  solution: string | null;
  hint: string | null;
  instructions: string | null;
  lineNumber: number | null;
  marks: number;
  negativeMarks: number;
  allowsPartialCredit: boolean;
  numericTolerance: number | null;
  /** The question's tag names (reports group by them). */
  topicTags: string[];
  /** The subject its topics sit under (the top of their topic tree), or null when they have none. */
  subject: string | null;
  programming: VersionValues['programming'];
  sampleCases: { input: string; output: string }[];
  hiddenCases: { input: string; output: string }[];
  startFileUrl: string | null;
  /** The kind's settings, parsed by its settingsSchema (decision 052). */
  settings: Readonly<Record<string, unknown>>;
  /** How the version is marked: by its key, a bonus for everyone, or dropped (decision 067). */
  award: 'key' | 'bonus' | 'dropped';
  /** Options accepted besides the key (decision 067). */
  acceptedAnswerIds: number[];
  /** How an answer is marked: a written answer's guide, or an office question's rubric (JSON). Key side. */
  rubric: string | null;
  /** The language of the text above. */
  language: Language;
  /** The version's text in each language it has (the player's per-question language switch). */
  texts: QuestionContentText[];
}

/** One language of a version, as the player may show it. */
export interface QuestionContentText {
  language: Language;
  title: string;
  data: string;
  answerTitle: string | null;
  options: { answerID: number; answerData: string }[];
  hint: string | null;
  instructions: string | null;
}

/** A question as a test's configuration lists it (no key). */
export interface QuestionSummary {
  questionId: number;
  questionType: string;
  difficulty: string;
  title: string;
  preview: string;
  marks: number;
  negativeMarks: number;
}

/**
 * What other modules read of the bank: the exam engine's content of versions, a test's summaries,
 * a random draw's pool, current versions, and which questions a held test holds.
 */
export function createQuestionContent(repo: QuestionBankRepository) {
  return {
    /**
     * Of these questions, the ones a question in `held` is a copy of or is (the same statement under
     * another id, question-bank.repository `sameStatement`): `held` answers which questions a graded
     * test students can take holds. The practice reveal and report keep such keys back (decision 037).
     */
    async heldByIdOrCopy(questionIds: number[], held: (questionIds: number[]) => Promise<Set<number>>): Promise<Set<number>> {
      if (!questionIds.length) return new Set();
      const pairs = await repo.sameStatement(questionIds);
      const open = await held([...new Set([...questionIds, ...pairs.map((p) => p.copyId)])]);
      const result = new Set(questionIds.filter((id) => open.has(id)));
      for (const { questionId, copyId } of pairs) if (open.has(copyId)) result.add(questionId);
      return result;
    },

    /** Summaries of the questions in the scope (a test owner's); questions out of it are left out. */
    async summariesInScope(scope: QuestionScope, questionIds: number[]): Promise<Map<number, QuestionSummary>> {
      const unique = [...new Set(questionIds)];
      if (!unique.length) return new Map();
      const { rows } = await repo.list(scope, { questionIds: unique }, { offset: 0, limit: unique.length });
      return new Map(rows.map(({ head, version, texts }) => {
        const text = texts.find((t) => t.language === version.defaultLanguage) ?? texts[0];
        return [head.id, { questionId: head.id, questionType: head.questionType, difficulty: head.difficulty, title: text?.title ?? '', preview: textPreview(text?.data ?? '', PREVIEW_CHARS), marks: version.marks, negativeMarks: version.negativeMarks }];
      }));
    },

    /** The questions in the scope a random draw can choose from (ids, at most `limit`). */
    poolQuestionIds: (scope: QuestionScope, rule: { topicIds: number[]; difficulties: string[] }, limit: number) => repo.poolQuestionIds(scope, rule, limit),

    /** The current version id of each question (the academy's view of a test without an attempt). */
    currentVersionIds: (questionIds: number[]) => repo.currentVersionIds(questionIds),

    /**
     * The content of the given versions for the exam engine, in the preferred language where the
     * version has it (else its default language). Keyed by version id.
     */
    async contentOfVersions(versionIds: number[], preferredLanguage?: Language): Promise<Map<number, QuestionContent>> {
      const unique = [...new Set(versionIds)];
      const rows = await repo.loadVersions(unique);
      const questionIds = [...new Set(rows.map((r) => r.version.questionId))];
      const [tags, subjects] = await Promise.all([repo.tagsOf(questionIds), repo.subjectsOf(questionIds)]);
      const out = new Map<number, QuestionContent>();
      for (const { version: v, questionType, texts } of rows) {
        const text =
          texts.find((t) => t.language === preferredLanguage) ?? texts.find((t) => t.language === v.defaultLanguage) ?? texts[0];
        out.set(v.id, {
          id: v.questionId,
          versionId: v.id,
          version: v.version,
          questionType,
          contentType: v.contentType,
          title: text?.title ?? '',
          data: text?.data ?? '',
          mediaUrl: v.mediaUrl,
          answerTitle: text?.answerTitle ?? null,
          options: text?.options ?? [],
          correctAnswerId: v.correctAnswerId ?? null,
          correctAnswerData: v.correctAnswerData ?? null,
          explanation: text?.explanation ?? null,
          solution: v.solution,
          hint: text?.hint ?? null,
          instructions: text?.instructions ?? null,
          lineNumber: v.lineNumber,
          marks: v.marks,
          negativeMarks: v.negativeMarks,
          allowsPartialCredit: v.allowsPartialCredit,
          numericTolerance: v.numericTolerance,
          topicTags: tags.get(v.questionId) ?? [],
          subject: subjects.get(v.questionId) ?? null,
          programming: v.programming,
          sampleCases: v.sampleCases,
          hiddenCases: v.hiddenCases,
          startFileUrl: v.startFileUrl,
          settings: v.settings,
          award: v.award,
          acceptedAnswerIds: v.acceptedAnswerIds,
          rubric: v.rubric,
          language: (text?.language ?? v.defaultLanguage) as Language,
          texts: texts.map((t) => ({
            language: t.language as Language,
            title: t.title ?? '',
            data: t.data ?? '',
            answerTitle: t.answerTitle ?? null,
            options: t.options ?? [],
            hint: t.hint ?? null,
            instructions: t.instructions ?? null,
          })),
        });
      }
      return out;
    },
  };
}
