import {
  COMMON_ERRORS,
  QUESTION_BANK_ERRORS,
  SUPPORTED_LANGUAGES,
  QUESTION_KINDS,
  checkKindSettings,
  kindSettingKeys,
  checkQuestionContent,
  type MessageKey,
  type AuthoringQuestion,
  CreateQuestionBodySchema,
  type GetQuestionQuerySchema,
  type Language,
  type MatchingKey,
  type NumericalKey,
  type OrderingKey,
  type ListQuestionsQuerySchema,
  type ListQuestionsResult,
  type QuestionTextInput,
  type QuestionType,
  type QuestionVersion,
  type RegradeBodySchema,
  type RegradeLog,
  type RegradeResult,
  type UpdateQuestionBodySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { textPreview } from '../../lib/html-sanitizer.js';
import type { Db } from '../../db/client.js';
import type { BlankKey } from '../../db/schema/index.js';
import { markingOf, settingFields } from './question-bank.settings.js';
import type {
  LoadedVersion,
  NewQuestionValues,
  QuestionBankRepository,
  QuestionHeadRow,
  QuestionScope,
  QuestionTextValues,
  VersionValues,
} from './question-bank.repository.js';

/** A question checked for creation and waiting to be written (see `planMany`). */
export interface PlannedQuestion {
  values: NewQuestionValues;
  version: (questionId: number) => VersionValues;
}

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

/** A re-scored attempt as grading reports it (versions by id; the bank turns them into numbers). */
export interface RegradedAttempt {
  attemptId: string;
  userId: number;
  fromVersionId: number;
  oldScored: number | null;
  newScored: number | null;
}

/** What the bank asks of grading (the one place that re-scores); the port is defined here, where it is used. */
export interface QuestionGrading {
  regradeQuestion(
    actor: Actor,
    input: { questionId: number; toVersionId: number; fromVersion: number | null; fromVersionIds: number[]; dryRun?: boolean; versions: { id: number; version: number }[] },
  ): Promise<{ regradeId: number | null; attempts: RegradedAttempt[]; outsideReach: number }>;
  listRegrades(actor: Actor, questionId: number): Promise<
    { regradeId: number; fromVersion: number | null; toVersionId: number; actorName: string | null; createdAt: Date; attempts: RegradedAttempt[] }[]
  >;
}

export interface QuestionBankServiceDeps {
  repo: QuestionBankRepository;
  clock: Clock;
  /** Late-bound: grading is built after the bank (it reads question content through it). */
  grading: () => QuestionGrading | null;
}

type CreateBody = z.output<typeof CreateQuestionBodySchema>;
type UpdateBody = z.output<typeof UpdateQuestionBodySchema>;

const PREVIEW_CHARS = 200;
const err = (def: (typeof QUESTION_BANK_ERRORS)[keyof typeof QUESTION_BANK_ERRORS]) => new AppError(def);

/** JSON with object keys sorted, so that two equal versions compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function textOf(input: QuestionTextInput): QuestionTextValues {
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

/** A stored version as the values an edit starts from. */
function valuesOf(loaded: LoadedVersion): VersionValues {
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
function applyContent(base: VersionValues, body: Partial<CreateBody>, questionId: number): VersionValues {
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

const DEFAULT_VERSION: VersionValues = {
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
  const texts = Object.fromEntries(Object.entries(body.texts).filter(([, t]) => !!t).map(([language, t]) => [language, textOf(t!)]));
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

function assertValid(type: QuestionType, values: VersionValues): void {
  const issues = checkVersion(type, values);
  if (Object.keys(issues).length) throw badRequest(issues);
}

function versionOut(loaded: LoadedVersion): QuestionVersion {
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

function ownerOf(head: QuestionHeadRow) {
  return { kind: head.ownerInstituteId === null ? ('client' as const) : ('institute' as const), instituteId: head.ownerInstituteId, clientId: head.ownerClientId };
}

export function createQuestionBankService(deps: QuestionBankServiceDeps) {
  const { repo, clock } = deps;

  /**
   * The caller's scope, read from the account. Staff see their client's shared questions and
   * their institute's. This is the one place to switch to the shared policy (lib/policy.ts).
   */
  async function planMany(actor: Actor, bodies: CreateBody[], owner: 'institute' | 'client'): Promise<PlannedQuestion[]> {
    const scope = await staffScopeOf(actor);
    if (owner === 'client' && actor.role !== 'ClientAdmin') throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    if (owner === 'institute' && scope.instituteId === null) throw err(QUESTION_BANK_ERRORS.QB_NO_INSTITUTE);
    return bodies.map((body) => {
      const texts = Object.fromEntries(Object.entries(body.texts).filter(([, t]) => !!t).map(([language, t]) => [language, textOf(t!)]));
      assertValid(body.questionType, { ...applyContent(DEFAULT_VERSION, body, 0), texts });
      return {
        values: {
          questionType: body.questionType,
          difficulty: body.difficulty ?? 'medium',
          ownerInstituteId: owner === 'institute' ? scope.instituteId : null,
          ownerClientId: scope.clientId,
          createdBy: actor.userId,
          topicIds: body.topicIds ?? [],
          tags: body.tags ?? [],
        },
        version: (id: number) => ({ ...applyContent(DEFAULT_VERSION, body, id), texts }),
      };
    });
  }

  async function staffScopeOf(actor: Actor): Promise<QuestionScope> {
    const scope = await repo.findUserScope(actor.userId);
    if (!scope) throw new AppError(COMMON_ERRORS.AUTH_REQUIRED);
    return scope;
  }

  function isInScope(head: QuestionHeadRow, scope: QuestionScope): boolean {
    return head.ownerClientId === scope.clientId && (head.ownerInstituteId === null || head.ownerInstituteId === scope.instituteId);
  }

  /** Institute questions: any staff of the institute. Client questions: the client's administrators. */
  function canEdit(actor: Actor, head: QuestionHeadRow): boolean {
    return head.ownerInstituteId !== null || actor.role === 'ClientAdmin';
  }

  /** The question if the caller may see it; anyone else's is "not found". */
  async function visibleQuestion(actor: Actor, questionId: number) {
    const [head, scope] = await Promise.all([repo.getHead(questionId), staffScopeOf(actor)]);
    if (!head || !isInScope(head, scope)) throw err(QUESTION_BANK_ERRORS.QB_QUESTION_NOT_FOUND);
    return head;
  }

  async function editableQuestion(actor: Actor, questionId: number) {
    const head = await visibleQuestion(actor, questionId);
    if (!canEdit(actor, head)) throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    return head;
  }

  async function assertTopicsExist(topicIds: number[] | undefined): Promise<void> {
    if (!topicIds?.length) return;
    const unique = [...new Set(topicIds)];
    const found = await repo.existingTopicIds(unique);
    if (found.length !== unique.length) throw err(QUESTION_BANK_ERRORS.QB_TOPIC_NOT_FOUND);
  }

  async function authoringView(actor: Actor, questionId: number, version?: number): Promise<AuthoringQuestion> {
    const head = await visibleQuestion(actor, questionId);
    const [loaded, versions, topics, tags] = await Promise.all([
      repo.getVersion(questionId, version ?? head.currentVersion),
      repo.listVersions(questionId),
      repo.topicsOf([questionId]),
      repo.tagsOf([questionId]),
    ]);
    if (!loaded) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
    return {
      questionId: head.id,
      questionType: head.questionType as QuestionType,
      difficulty: head.difficulty as AuthoringQuestion['difficulty'],
      owner: ownerOf(head),
      topics: topics.get(head.id) ?? [],
      tags: tags.get(head.id) ?? [],
      currentVersion: head.currentVersion,
      isEditable: canEdit(actor, head),
      createdAt: head.createdAt.toISOString(),
      updatedAt: head.updatedAt.toISOString(),
      version: versionOut(loaded),
      versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), createdByName: v.createdByName, changeNote: v.changeNote })),
    };
  }

  return {
    staffScopeOf,

    async list(actor: Actor, query: z.output<typeof ListQuestionsQuerySchema>): Promise<ListQuestionsResult> {
      const scope = await staffScopeOf(actor);
      const { page, pageSize, ...filter } = query;
      const { total, rows } = await repo.list(scope, filter, { offset: (page - 1) * pageSize, limit: pageSize });
      const ids = rows.map((r) => r.head.id);
      const [topics, tags, tests] = await Promise.all([repo.topicsOf(ids), repo.tagsOf(ids), repo.testsOf(ids)]);
      return {
        total,
        page,
        pageSize,
        items: rows.map(({ head, version, texts }) => {
          const text = texts.find((t) => t.language === version.defaultLanguage) ?? texts[0];
          return {
            questionId: head.id,
            questionType: head.questionType as QuestionType,
            difficulty: head.difficulty as AuthoringQuestion['difficulty'],
            owner: ownerOf(head),
            topics: topics.get(head.id) ?? [],
            tags: tags.get(head.id) ?? [],
            currentVersion: version.version,
            languages: SUPPORTED_LANGUAGES.filter((language) => texts.some((t) => t.language === language)),
            title: text?.title ?? '',
            preview: textPreview(text?.data ?? '', PREVIEW_CHARS),
            marks: version.marks,
            negativeMarks: version.negativeMarks,
            updatedAt: head.updatedAt.toISOString(),
            usedIn: tests.get(head.id) ?? [],
          };
        }),
      };
    },

    get(actor: Actor, query: z.output<typeof GetQuestionQuerySchema>): Promise<AuthoringQuestion> {
      return authoringView(actor, query.questionId, query.version);
    },

    async create(actor: Actor, body: CreateBody): Promise<AuthoringQuestion> {
      const scope = await staffScopeOf(actor);
      const owner = body.owner ?? 'institute';
      if (owner === 'client' && actor.role !== 'ClientAdmin') throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
      if (owner === 'institute' && scope.instituteId === null) throw err(QUESTION_BANK_ERRORS.QB_NO_INSTITUTE);
      const texts = Object.fromEntries(Object.entries(body.texts).filter(([, t]) => !!t).map(([language, t]) => [language, textOf(t!)]));
      // Checked before anything is written: blank ids need the id, but the rules do not read them.
      const draft = { ...applyContent(DEFAULT_VERSION, body, 0), texts };
      assertValid(body.questionType, draft);
      await assertTopicsExist(body.topicIds);
      const questionId = await repo.insertQuestion(
        {
          questionType: body.questionType,
          difficulty: body.difficulty ?? 'medium',
          ownerInstituteId: owner === 'institute' ? scope.instituteId : null,
          ownerClientId: scope.clientId,
          createdBy: actor.userId,
          topicIds: body.topicIds ?? [],
          tags: body.tags ?? [],
        },
        (id) => ({ ...applyContent(DEFAULT_VERSION, body, id), texts }),
        { changeNote: body.changeNote ?? null, at: clock.now() },
      );
      return authoringView(actor, questionId);
    },

    /**
     * Creates every question (each checked by checkNewQuestion first) in one transaction: all
     * or none. Returns the new ids in order.
     */
    async createMany(
      actor: Actor,
      bodies: CreateBody[],
      owner: 'institute' | 'client',
      changeNote: string,
      onProgress?: (done: number) => void,
      /** Runs last inside the transaction with the new ids (an import job writes its outcome there). */
      finish?: (tx: Db, ids: number[]) => Promise<void>,
    ): Promise<number[]> {
      const planned = await planMany(actor, bodies, owner);
      await assertTopicsExist(bodies.flatMap((b) => b.topicIds ?? []));
      return repo.insertQuestions(planned, { changeNote, at: clock.now() }, onProgress, undefined, finish);
    },

    /**
     * Checks who may create these questions and that each is complete, before the caller's
     * transaction opens; `insertPlanned` then writes them inside it. The caller vouches for the
     * topic ids (a course package files questions under topics it creates in the same transaction).
     */
    planMany,

    async insertPlanned(
      tx: Db,
      planned: PlannedQuestion[],
      changeNote: string,
      topicIdOf: (topicId: number) => number = (id) => id,
    ): Promise<number[]> {
      const items = planned.map((item) => ({ ...item, values: { ...item.values, topicIds: item.values.topicIds.map(topicIdOf) } }));
      return repo.insertQuestions(items, { changeNote, at: clock.now() }, undefined, tx);
    },

    /** A change of content or key adds a version; classification changes in place. */
    async update(actor: Actor, body: UpdateBody): Promise<AuthoringQuestion> {
      const head = await editableQuestion(actor, body.questionId);
      if (head.currentVersion !== body.expectedVersion) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      const current = await repo.getVersion(head.id, head.currentVersion);
      if (!current) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const base = valuesOf(current);
      const texts = { ...base.texts };
      for (const [language, text] of Object.entries(body.texts ?? {}) as [Language, QuestionTextInput | null | undefined][]) {
        if (text === null) delete texts[language];
        else if (text) texts[language] = textOf(text);
      }
      const next = { ...applyContent(base, body as Partial<CreateBody>, head.id), texts };
      const isNewVersion = canonical(next) !== canonical(base);
      if (isNewVersion) assertValid(head.questionType as QuestionType, next);
      await assertTopicsExist(body.topicIds);
      const saved = await repo.updateQuestion(head.id, {
        expectedVersion: body.expectedVersion,
        version: isNewVersion ? next : undefined,
        difficulty: body.difficulty,
        topicIds: body.topicIds,
        tags: body.tags,
        createdBy: actor.userId,
        changeNote: body.changeNote ?? null,
        at: clock.now(),
      });
      if (!saved) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      return authoringView(actor, head.id);
    },

    /**
     * A key decision on a challenged question (decision 067): a new version of the current one with
     * the key, the accepted options or the award changed, nothing else. Checked like any edit (the
     * caller may edit the question) and against the kind: the new key is the kind's to validate.
     * The caller regrades afterwards (`regrade`), which is what changes scores.
     */
    async decideKey(
      actor: Actor,
      input: { questionId: number; correctAnswerId?: number | number[]; acceptedAnswerIds: number[]; award: 'key' | 'bonus' | 'dropped'; changeNote: string },
    ): Promise<{ version: number; versionId: number }> {
      const head = await editableQuestion(actor, input.questionId);
      const current = await repo.getVersion(head.id, head.currentVersion);
      if (!current) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const base = valuesOf(current);
      const next: VersionValues = {
        ...base,
        correctAnswerId: input.correctAnswerId ?? base.correctAnswerId,
        acceptedAnswerIds: input.acceptedAnswerIds,
        award: input.award,
      };
      assertValid(head.questionType as QuestionType, next);
      const saved = await repo.updateQuestion(head.id, {
        expectedVersion: head.currentVersion,
        version: next,
        createdBy: actor.userId,
        changeNote: input.changeNote,
        at: clock.now(),
      });
      if (!saved) throw err(QUESTION_BANK_ERRORS.QB_VERSION_CONFLICT);
      const after = await repo.getHead(head.id);
      return { version: after!.currentVersion, versionId: after!.currentVersionId! };
    },

    /**
     * Re-scores the submitted attempts that were served an older version (or the one named) with
     * the current version's key. Explicit and logged: a key change alone never re-scores. A dry run
     * answers what the regrade would change and writes nothing. Only attempts of students the caller
     * may mark are re-scored and named; the others are counted (grading.regradeQuestion).
     */
    async regrade(actor: Actor, body: z.output<typeof RegradeBodySchema>): Promise<RegradeResult> {
      const head = await editableQuestion(actor, body.questionId);
      const versions = await repo.listVersions(head.id);
      const numberOf = new Map(versions.map((v) => [v.id, v.version]));
      const from = body.fromVersion === undefined ? undefined : versions.find((v) => v.version === body.fromVersion);
      if (body.fromVersion !== undefined && !from) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
      const fromVersionIds = (from ? [from] : versions).map((v) => v.id).filter((id) => id !== head.currentVersionId);
      const grading = deps.grading();
      if (!grading) throw new AppError(COMMON_ERRORS.SERVICE_UNAVAILABLE);
      const result = fromVersionIds.length
        ? await grading.regradeQuestion(actor, { questionId: head.id, toVersionId: head.currentVersionId!, fromVersion: body.fromVersion ?? null, fromVersionIds, dryRun: body.dryRun, versions: versions.map((v) => ({ id: v.id, version: v.version })) })
        : { regradeId: null, attempts: [], outsideReach: 0 };
      return {
        regradeId: result.regradeId,
        questionId: head.id,
        toVersion: head.currentVersion,
        attempts: result.attempts.map((a) => ({
          attemptId: a.attemptId,
          userId: a.userId,
          fromVersion: numberOf.get(a.fromVersionId) ?? 0,
          oldScored: a.oldScored,
          newScored: a.newScored,
        })),
        outsideReach: result.outsideReach,
      };
    },

    async listRegrades(actor: Actor, query: { questionId: number }): Promise<RegradeLog[]> {
      const head = await visibleQuestion(actor, query.questionId);
      const grading = deps.grading();
      if (!grading) throw new AppError(COMMON_ERRORS.SERVICE_UNAVAILABLE);
      const [rows, versions] = await Promise.all([grading.listRegrades(actor, head.id), repo.listVersions(head.id)]);
      const numberOf = new Map(versions.map((v) => [v.id, v.version]));
      return rows.map((r) => ({
        regradeId: r.regradeId,
        fromVersion: r.fromVersion,
        toVersion: numberOf.get(r.toVersionId) ?? 0,
        actorName: r.actorName,
        createdAt: r.createdAt.toISOString(),
        attempts: r.attempts.map(({ fromVersionId, ...a }) => ({ ...a, fromVersion: numberOf.get(fromVersionId) ?? 0 })),
      }));
    },

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

export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
