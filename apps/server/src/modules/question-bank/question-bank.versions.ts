import {
  QUESTION_BANK_ERRORS,
  QUESTION_KINDS,
  checkKindSettings,
  kindSettingKeys,
  checkQuestionContent,
  type MessageKey,
  CreateQuestionBodySchema,
  type AuthoringQuestion,
  type Language,
  type MatchingKey,
  type NumericalKey,
  type OrderingKey,
  type QuestionTextInput,
  type QuestionType,
  type QuestionVersion,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import type { BlankKey } from '../../db/schema/index.js';
import { markingOf, settingFields } from './question-bank.settings.js';
import type { LoadedVersion, QuestionHeadRow, QuestionTextValues, VersionValues } from './question-bank.repository.js';

/**
 * A question's version as values: read from a stored row, built from a create or update body,
 * checked against its kind's rules, and written out as the authoring view. Pure functions shared
 * by the bank's operation files.
 */

export type CreateBody = z.output<typeof CreateQuestionBodySchema>;

export const PREVIEW_CHARS = 200;
export const err = (def: (typeof QUESTION_BANK_ERRORS)[keyof typeof QUESTION_BANK_ERRORS]) => new AppError(def);

/** JSON with object keys sorted, so that two equal versions compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export function textOf(input: QuestionTextInput): QuestionTextValues {
  return {
    title: input.title ?? '',
    data: input.data,
    answerTitle: input.answerTitle ?? null,
    options: (input.options ?? []).map((o) => ({ answerID: o.answerID, answerData: o.answerData })),
    hint: input.hint ?? null,
    instructions: input.instructions ?? null,
    explanation: input.explanation ?? null,
  };
}

function textRowValues(row: LoadedVersion['texts'][number]): QuestionTextValues {
  return {
    title: row.title,
    data: row.data,
    answerTitle: row.answerTitle,
    options: row.options,
    hint: row.hint,
    instructions: row.instructions,
    explanation: row.explanation,
  };
}

/** The languages a create body gives text for, as stored values. */
export function textsOf(body: Pick<CreateBody, 'texts'>): VersionValues['texts'] {
  return Object.fromEntries(Object.entries(body.texts).filter(([, t]) => !!t).map(([language, t]) => [language, textOf(t!)]));
}

/** A stored version as the values an edit starts from. */
export function valuesOf(loaded: LoadedVersion): VersionValues {
  const v = loaded.row;
  return {
    contentType: v.contentType,
    mediaUrl: v.mediaUrl,
    defaultLanguage: v.defaultLanguage as Language,
    marks: v.marks,
    negativeMarks: v.negativeMarks,
    allowsPartialCredit: v.allowsPartialCredit,
    numericTolerance: v.numericTolerance,
    lineNumber: v.lineNumber,
    programming: v.programming,
    sampleCases: v.sampleCases,
    startFileUrl: v.startFileUrl,
    marking: markingOf(v.settings),
    correctAnswerId: v.correctAnswerId ?? null,
    correctAnswerData: v.correctAnswerData ?? null,
    solution: v.solution,
    rubric: v.rubric,
    hiddenCases: v.hiddenCases,
    award: v.award,
    acceptedAnswerIds: v.acceptedAnswerIds,
    texts: Object.fromEntries(loaded.texts.map((t) => [t.language, textRowValues(t)])),
  };
}

/** Blank keys in order get the ids the player uses: `${questionId}-${index}`. */
function withBlankIds(questionId: number, data: CreateBody['correctAnswerData']): BlankKey[] | string | NumericalKey | MatchingKey | OrderingKey | null {
  if (!Array.isArray(data)) return data ?? null;
  return data.map((blank, index) => ({
    id: `${questionId}-${index}`,
    value: blank.value,
    ...(blank.alternatives?.length ? { alternatives: blank.alternatives } : {}),
    ...(blank.tolerance !== undefined ? { tolerance: blank.tolerance } : {}),
  }));
}

/** The content fields of a body, applied over a base version (create: the defaults). */
export function applyContent(base: VersionValues, body: Partial<CreateBody>, questionId: number): VersionValues {
  const pick = <K extends keyof VersionValues>(key: K, value: VersionValues[K] | undefined): VersionValues[K] => (value === undefined ? base[key] : value);
  return {
    contentType: pick('contentType', body.contentType),
    mediaUrl: pick('mediaUrl', body.mediaUrl),
    defaultLanguage: pick('defaultLanguage', body.defaultLanguage),
    marks: pick('marks', body.marks),
    negativeMarks: pick('negativeMarks', body.negativeMarks),
    allowsPartialCredit: pick('allowsPartialCredit', body.allowsPartialCredit),
    numericTolerance: pick('numericTolerance', body.numericTolerance),
    lineNumber: pick('lineNumber', body.lineNumber),
    programming: pick('programming', body.programming),
    sampleCases: pick('sampleCases', body.sampleCases),
    startFileUrl: pick('startFileUrl', body.startFileUrl),
    marking: pick('marking', body.marking),
    correctAnswerId: pick('correctAnswerId', body.correctAnswerId),
    correctAnswerData: body.correctAnswerData === undefined ? base.correctAnswerData : withBlankIds(questionId, body.correctAnswerData),
    solution: pick('solution', body.solution),
    rubric: pick('rubric', body.rubric),
    hiddenCases: pick('hiddenCases', body.hiddenCases),
    // An edit keeps the version's key decision (decision 067); only a new decision changes it.
    award: base.award,
    acceptedAnswerIds: base.acceptedAnswerIds,
    texts: base.texts,
  };
}

export const DEFAULT_VERSION: VersionValues = {
  contentType: 'text',
  mediaUrl: null,
  defaultLanguage: 'en',
  marks: 1,
  negativeMarks: 0,
  allowsPartialCredit: false,
  numericTolerance: null,
  lineNumber: null,
  programming: null,
  sampleCases: [],
  startFileUrl: null,
  marking: null,
  correctAnswerId: null,
  correctAnswerData: null,
  solution: null,
  rubric: null,
  hiddenCases: [],
  texts: {},
};

/**
 * The problems of a new question's body, as field → catalogue key (empty when it can be
 * created): the create schema first, then the rules of its kind. Writes nothing.
 */
export function checkNewQuestion(input: unknown): { body: CreateBody | null; issues: Record<string, string> } {
  const parsed = CreateQuestionBodySchema.safeParse(input);
  if (!parsed.success) {
    const issues: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || '_';
      issues[field] ??= issue.message;
    }
    return { body: null, issues };
  }
  const body = parsed.data;
  const texts = textsOf(body);
  return { body, issues: checkVersion(body.questionType, { ...applyContent(DEFAULT_VERSION, body, 0), texts }) };
}

/** The kind's content rules, then its settings against its settingsSchema (decision 052). */
function checkVersion(type: QuestionType, values: VersionValues): Record<string, MessageKey> {
  const issues = checkQuestionContent(type, values);
  const kind = QUESTION_KINDS[type];
  checkKindSettings(kind, settingFields(values), issues);
  // A marking is a setting of the multiple-correct kind only; other kinds have one marking.
  if (values.marking && values.marking !== 'standard' && !kindSettingKeys(kind).includes('marking')) issues.marking ??= 'questionSettingsInvalid';
  return issues;
}

export function assertValid(type: QuestionType, values: VersionValues): void {
  const issues = checkVersion(type, values);
  if (Object.keys(issues).length) throw badRequest(issues);
}

export function versionOut(loaded: LoadedVersion): QuestionVersion {
  const v = valuesOf(loaded);
  return {
    version: loaded.row.version,
    createdAt: loaded.row.createdAt.toISOString(),
    createdByName: loaded.createdByName,
    changeNote: loaded.row.changeNote,
    contentType: v.contentType as QuestionVersion['contentType'],
    mediaUrl: v.mediaUrl,
    defaultLanguage: v.defaultLanguage,
    marks: v.marks,
    negativeMarks: v.negativeMarks,
    allowsPartialCredit: v.allowsPartialCredit,
    numericTolerance: v.numericTolerance,
    lineNumber: v.lineNumber,
    programming: v.programming as QuestionVersion['programming'],
    sampleCases: v.sampleCases,
    startFileUrl: v.startFileUrl,
    marking: v.marking ?? null,
    correctAnswerId: v.correctAnswerId,
    correctAnswerData: v.correctAnswerData,
    solution: v.solution,
    rubric: v.rubric,
    hiddenCases: v.hiddenCases,
    texts: v.texts,
  };
}

export function ownerOf(head: QuestionHeadRow) {
  return { kind: head.ownerInstituteId === null ? ('client' as const) : ('institute' as const), instituteId: head.ownerInstituteId, clientId: head.ownerClientId };
}

/** What the bank's list and its authoring view both say of a question's head: kind, difficulty, owner, topics and tags. */
export function headOf(head: QuestionHeadRow, topics: Map<number, AuthoringQuestion['topics']>, tags: Map<number, string[]>) {
  return {
    questionId: head.id,
    questionType: head.questionType as QuestionType,
    difficulty: head.difficulty as AuthoringQuestion['difficulty'],
    owner: ownerOf(head),
    topics: topics.get(head.id) ?? [],
    tags: tags.get(head.id) ?? [],
  };
}
