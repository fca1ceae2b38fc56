import {
  CHOICE_QUESTION_TYPES,
  joinTexts,
  QUESTION_BANK_ERRORS,
  QUESTION_EXPORT_MAX_ITEMS,
  QUESTION_IMPORT_MAX_ITEMS,
  type ExportQuestionsBodySchema,
  type ImportItem,
  type ImportPreview,
  type ImportQuestionsQuerySchema,
  type ImportResult,
  type ImportStarted,
  type Language,
  type QuestionImportMode,
  type QuestionExportFormat,
  type QuestionImportFormat,
} from '@app/contracts';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import { JobError, type JobContext, type JobQueue, type QueuedJob } from '../jobs/jobs.queue.js';
import { translate } from '../../lib/language.js';
import { pauseForTest } from '../../lib/test-pause.js';
import {
  EXAMPLE_QUESTIONS,
  EXPORT_FILE_TYPES,
  UnreadableFileError,
  detectFormat,
  fitsFormat,
  importMessage,
  isExchangeType,
  writeQuestionFile,
  type FormatQuestion,
  type ParsedItem,
  type QuestionDraft,
  type TextVariant,
} from './formats/index.js';
import { createQuestionFileReader, QuestionFileRefused, type FileRefusal, type QuestionFileReader } from './question-bank.file-reader.js';
import type { QuestionBankRepository, VersionRow, VersionTextRow } from './question-bank.repository.js';
import { markingOf } from './question-bank.settings.js';
import { checkNewQuestion, type QuestionBankService } from './question-bank.service.js';
import { createPaths, findName, findPath, missingPaths, pathKey, pathLabel, type TopicNode } from './question-bank.topic-paths.js';

/**
 * Import and export of the question bank: files in (Moodle XML, GIFT, Aiken, our CSV/XLSX
 * template) are read by the pure modules in formats/, each question checked like a create call;
 * by default nothing is written unless every question is valid (mode validOnly writes the valid
 * ones and lists the rest), and then all in one transaction, with any topics the file's
 * categories need in a course the caller names (decision 053). Exports write the selected
 * questions in a format that re-imports without loss.
 */

export interface QuestionTransferDeps {
  repo: QuestionBankRepository;
  bank: QuestionBankService;
  /** Imports run as tracked jobs: the upload waits in the file store until the job has read it. */
  jobs: JobQueue;
  files: FileStore;
  /** The academy, which owns topics: the import adds the ones a file's categories need, in its own transaction. */
  topics: { addTopicIn(tx: Db, values: { courseId: number; name: string; parentId: number | null }): Promise<number> };
  /** Reads uploaded files (checks, then a worker thread); one per service by default. */
  reader?: QuestionFileReader;
}

/** The job kind of an import; its result is an ImportResult. */
export const QUESTION_IMPORT_JOB = 'question-import';

interface ImportJobPayload {
  fileKey: string;
  format: QuestionImportFormat;
  owner: 'institute' | 'client';
  language: Language;
  actor: Actor;
  /** Absent in jobs queued before modes existed: all or nothing. */
  mode?: QuestionImportMode;
  topicsCourseId?: number;
}

type ImportQuery = z.output<typeof ImportQuestionsQuerySchema>;
type ExportBody = z.output<typeof ExportQuestionsBodySchema>;
type CreateInput = NonNullable<ReturnType<typeof checkNewQuestion>['body']>;

export interface QuestionFile {
  buffer: Buffer;
  fileName: string;
  contentType: string;
  /** Questions of the selection no exchange format can carry (programming, office kinds). */
  skippedIds: number[];
}

export interface CheckedItem {
  item: ImportItem;
  body: CreateInput | null;
  /** Topic paths the question is filed under once they are created (only with a course to create them in). */
  newTopics: string[][];
}

export interface CheckedFile {
  format: QuestionImportFormat;
  checked: CheckedItem[];
  unknownTopics: string[];
  /** With a course: the topic paths the import creates there, parents first. */
  topicsToCreate: string[][];
}

const err = (def: (typeof QUESTION_BANK_ERRORS)[keyof typeof QUESTION_BANK_ERRORS], options?: ConstructorParameters<typeof AppError>[1]) =>
  new AppError(def, options);

const isChoice = (type: string) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);

/** A stored version as the draft a file carries. */
function draftOf(questionType: string, difficulty: string, tags: string[], version: VersionRow, texts: VersionTextRow[]): QuestionDraft {
  const variants: Partial<Record<Language, TextVariant>> = {};
  for (const text of texts) {
    variants[text.language as Language] = {
      title: text.title,
      data: text.data,
      hint: text.hint,
      explanation: text.explanation,
      instructions: text.instructions,
      answerTitle: text.answerTitle,
      // Options of a choice kind, and items kept as options by another kind (ordering).
      ...(isChoice(questionType) || text.options.length > 0 ? { options: text.options.map((o) => ({ answerID: o.answerID, answerData: o.answerData })) } : {}),
    };
  }
  const data = version.correctAnswerData;
  return {
    questionType: questionType as QuestionDraft['questionType'],
    difficulty: difficulty as QuestionDraft['difficulty'],
    tags,
    contentType: version.contentType as QuestionDraft['contentType'],
    mediaUrl: version.mediaUrl,
    defaultLanguage: version.defaultLanguage as Language,
    marks: version.marks,
    negativeMarks: version.negativeMarks,
    allowsPartialCredit: version.allowsPartialCredit,
    numericTolerance: version.numericTolerance,
    lineNumber: version.lineNumber,
    ...(markingOf(version.settings) ? { marking: markingOf(version.settings) } : {}),
    correctAnswerId: version.correctAnswerId ?? null,
    correctAnswerData: Array.isArray(data)
      ? data.map((b) => ({ value: b.value, ...(b.alternatives?.length ? { alternatives: b.alternatives } : {}), ...(b.tolerance !== undefined ? { tolerance: b.tolerance } : {}) }))
      : (data ?? null),
    solution: version.solution,
    texts: variants,
  };
}

async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Who may have topics created in a course: the academy's rule for managing it (its client's
 * staff; an institute's course only its own institute's, a client administrator any). The
 * routes already asked for academy.manage.
 */
function mayFileTopicsIn(actor: Actor, scope: { clientId: string; instituteId: number | null }, course: { clientId: string; instituteId: number | null }): boolean {
  if (course.clientId !== scope.clientId) return false;
  return actor.role === 'ClientAdmin' || course.instituteId === null || course.instituteId === scope.instituteId;
}

const defaultReader = createQuestionFileReader();
/** Questions checked between two turns of the event loop. */
export const CHECK_BATCH = 50;

const REFUSAL_CODES = {
  notWorkbook: 'QB_IMPORT_NOT_WORKBOOK',
  unpacksTooLarge: 'QB_IMPORT_UNPACKS_TOO_LARGE',
  tooManyCells: 'QB_IMPORT_TOO_MANY_CELLS',
  tooComplex: 'QB_IMPORT_TOO_COMPLEX',
} as const satisfies Record<FileRefusal, keyof typeof QUESTION_BANK_ERRORS>;

/**
 * Reads a question file and checks every question as the create call would, with topics matched
 * by name, or, given the topics of a course, found there by path (a category) or name and else
 * to be created there; writes nothing. The caller checks who may import (the service below, or
 * the demo seed) and in which course.
 */
export async function checkQuestionFile(
  repo: Pick<QuestionBankRepository, 'topicsByName'>,
  file: Buffer,
  query: ImportQuery,
  language: Language,
  reader: QuestionFileReader = defaultReader,
  courseTopics: TopicNode[] | null = null,
): Promise<CheckedFile> {
  const format = query.format ?? detectFormat(file);
  if (!format) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_UNREADABLE);
  let parsed: ParsedItem[];
  try {
    parsed = await reader.read(file, format);
  } catch (error) {
    if (error instanceof QuestionFileRefused) throw err(QUESTION_BANK_ERRORS[REFUSAL_CODES[error.refusal]]);
    if (!(error instanceof UnreadableFileError)) throw error;
    const where = error.line ? importMessage('atLine', String(error.line)) : null;
    throw err(QUESTION_BANK_ERRORS.QB_IMPORT_UNREADABLE, {
      detail: where ? joinTexts(error.reason, where) : error.reason,
      fields: { file: translate(error.reason, language) },
    });
  }
  if (!parsed.length) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_EMPTY);
  if (parsed.length > QUESTION_IMPORT_MAX_ITEMS) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_TOO_MANY);

  const names = courseTopics ? [] : [...new Set(parsed.flatMap((p) => p.question?.topics ?? []))];
  const found = await repo.topicsByName(names);
  const idOf = new Map<string, number>();
  for (const topic of found) if (!idOf.has(topic.name.toLowerCase())) idOf.set(topic.name.toLowerCase(), topic.id);
  const unknownTopics = names.filter((name) => !idOf.has(name.trim().toLowerCase()));

  /** In a course: each question's topics as paths (its category, else each name on its own) and those found. */
  const inCourse = (p: ParsedItem): { labels: string[]; ids: number[]; missing: string[][] } => {
    const question = p.question;
    if (!question || !courseTopics) return { labels: [], ids: [], missing: [] };
    const refs = question.category ? [{ path: question.category, id: findPath(courseTopics, question.category) }] : question.topics.map((name) => ({ path: [name.trim()], id: findName(courseTopics, name) }));
    return {
      labels: refs.map((r) => pathLabel(r.path)),
      ids: refs.flatMap((r) => (r.id === null ? [] : [r.id])),
      missing: refs.filter((r) => r.id === null).map((r) => r.path),
    };
  };
  const pending: string[][] = [];

  const checkItem = (p: ParsedItem, i: number): CheckedItem => {
    const errors = p.issues.filter((issue) => !issue.isWarning);
    const warnings = p.issues.filter((issue) => issue.isWarning);
    const course = inCourse(p);
    const topics = courseTopics ? course.labels : (p.question?.topics ?? []);
    if (!courseTopics) for (const name of topics) if (!idOf.has(name.trim().toLowerCase())) warnings.push({ field: 'topics', message: importMessage('unknownTopic', name) });
    let body: CreateInput | null = null;
    const out = (issues: typeof errors) => issues.map((issue) => ({ field: issue.field, message: translate(issue.message, language) }));
    const itemErrors = out(errors);
    if (p.question && !errors.length) {
      const topicIds = courseTopics
        ? [...new Set(course.ids)]
        : [...new Set(topics.map((name) => idOf.get(name.trim().toLowerCase())).filter((id): id is number => id !== undefined))];
      const result = checkNewQuestion({ ...p.question.draft, topicIds, owner: query.owner });
      for (const [field, key] of Object.entries(result.issues)) itemErrors.push({ field, message: translate(key, language) });
      body = itemErrors.length ? null : result.body;
    }
    if (body) pending.push(...course.missing);
    return {
      body,
      newTopics: body ? course.missing : [],
      item: {
        index: i + 1,
        line: p.line,
        title: p.title,
        questionType: p.question && isExchangeType(p.question.draft.questionType) ? p.question.draft.questionType : null,
        topics,
        isValid: body !== null,
        errors: itemErrors,
        warnings: out(warnings),
      },
    };
  };
  // A few dozen questions at a time, letting other requests in between (2,000 take a moment).
  const checked: CheckedItem[] = [];
  for (let i = 0; i < parsed.length; i++) {
    if (i > 0 && i % CHECK_BATCH === 0) await yieldToOthers();
    checked.push(checkItem(parsed[i]!, i));
  }
  return { format, checked, unknownTopics, topicsToCreate: courseTopics ? missingPaths(courseTopics, pending) : [] };
}

/** The create bodies of a checked file; any invalid question answers 422 with per-question fields. */
export function validBodies(checked: CheckedItem[]): CreateInput[] {
  const invalid = checked.filter((c) => !c.body);
  if (invalid.length) {
    const fields: Record<string, string> = {};
    for (const { item } of invalid) {
      for (const error of item.errors) fields[`items.${item.index}${item.line ? ` (line ${item.line})` : ''}.${error.field}`] ??= error.message;
    }
    throw err(QUESTION_BANK_ERRORS.QB_IMPORT_INVALID, { fields });
  }
  return checked.map((c) => c.body!);
}

export function createQuestionTransferService({ repo, bank, jobs, files, topics, reader = createQuestionFileReader() }: QuestionTransferDeps) {
  /**
   * Reads the file and checks every question as the create call would; writes nothing. A course
   * to file topics in must be one the caller manages (the academy's rule), else 404.
   */
  async function check(actor: Actor, file: Buffer, query: ImportQuery, language: Language): Promise<CheckedFile> {
    const scope = await bank.staffScopeOf(actor);
    if (query.owner === 'client' && actor.role !== 'ClientAdmin') throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    let courseTopics: TopicNode[] | null = null;
    if (query.topicsCourseId !== undefined) {
      const course = await repo.courseOwner(query.topicsCourseId);
      if (!course || !mayFileTopicsIn(actor, scope, course)) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_COURSE_NOT_FOUND);
      courseTopics = await repo.courseTopics(query.topicsCourseId);
    }
    return checkQuestionFile(repo, file, query, language, reader, courseTopics);
  }

  /** The questions of a checked file to write: all (else 422) or, with mode validOnly, the valid ones (else 422). */
  function toWrite(checked: CheckedItem[], mode: QuestionImportMode | undefined): CheckedItem[] {
    if (mode !== 'validOnly') {
      validBodies(checked);
      return checked;
    }
    const valid = checked.filter((c) => c.body);
    if (!valid.length) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_NOTHING_VALID);
    return valid;
  }

  /**
   * The job: reads the stored file again (topics may have changed since it was queued), reports
   * each invalid question as an item error and then fails, or writes all in one transaction.
   * One attempt only: a retry after an unknown outcome could import twice.
   */
  async function runImport(job: QueuedJob<ImportJobPayload>, ctx: JobContext): Promise<ImportResult> {
    const { fileKey, format, owner, language, actor, mode, topicsCourseId } = job.payload;
    try {
      const stored = await files.get(fileKey);
      if (!stored) throw new JobError('The uploaded file is no longer stored; upload it again.', { retry: false });
      const { checked } = await check(actor, await bufferOf(stored.stream), { format, owner, topicsCourseId }, language);
      const invalid = checked.filter((c) => !c.body);
      const valid = checked.filter((c) => c.body);
      ctx.progress(0, valid.length);
      for (const { item } of invalid) {
        for (const error of item.errors) ctx.itemError(`${item.index}${item.line ? ` (line ${item.line})` : ''}`, `${error.field}: ${error.message}`);
      }
      if (mode !== 'validOnly' && invalid.length) throw new JobError(`${invalid.length} of ${checked.length} questions have errors; nothing was imported.`, { retry: false });
      if (!valid.length) throw new JobError(`None of the ${checked.length} questions is valid; nothing was imported.`, { retry: false });
      ctx.throwIfCancelled();
      const skipped = invalid.map(({ item }) => ({ index: item.index, line: item.line, title: item.title, errors: item.errors }));
      const changeNote = `Imported from ${format}`;
      // The questions, their new topics and the job's success commit together: after a crash the job reports what was imported.
      let result: ImportResult | null = null;
      if (topicsCourseId === undefined) {
        await bank.createMany(actor, valid.map((c) => c.body!), owner, changeNote, (done) => ctx.progress(done, valid.length), async (tx, questionIds) => {
          result = { format, imported: questionIds.length, questionIds, skipped, topicsCreated: [] };
          await ctx.succeedIn(tx, result);
        });
      } else {
        const planned = await bank.planMany(actor, valid.map((c) => c.body!), owner);
        await repo.inTransaction(async (tx) => {
          const { ids, created } = await createPaths(
            await repo.courseTopics(topicsCourseId, tx),
            valid.flatMap((c) => c.newTopics),
            (name, parentId) => topics.addTopicIn(tx, { courseId: topicsCourseId, name, parentId }),
          );
          const filed = planned.map((p, i) => {
            const extra = valid[i]!.newTopics.map((path) => ids.get(pathKey(path))!);
            return { ...p, values: { ...p.values, topicIds: [...new Set([...p.values.topicIds, ...extra])] } };
          });
          const questionIds = await bank.insertPlanned(tx, filed, changeNote);
          ctx.progress(questionIds.length, valid.length);
          result = { format, imported: questionIds.length, questionIds, skipped, topicsCreated: created.map(pathLabel) };
          await ctx.succeedIn(tx, result);
        });
      }
      await pauseForTest('question-import:committed');
      return result!;
    } catch (error) {
      if (error instanceof AppError) throw new JobError(translate(error.detail ?? error.def.message, language), { retry: false, cause: error });
      throw error;
    } finally {
      await files.delete(fileKey);
    }
  }
  jobs.registerHandler<ImportJobPayload, ImportResult>(QUESTION_IMPORT_JOB, runImport);

  return {
    /** The file reader (its worker runs are counted: tests see that a refused file was never parsed). */
    reader,

    async preview(actor: Actor, file: Buffer, query: ImportQuery, language: Language): Promise<ImportPreview> {
      const { format, checked, unknownTopics, topicsToCreate } = await check(actor, file, query, language);
      const valid = checked.filter((c) => c.body).length;
      return { format, total: checked.length, valid, invalid: checked.length - valid, unknownTopics, topicsToCreate: topicsToCreate.map(pathLabel), items: checked.map((c) => c.item) };
    },

    /**
     * Checks the file now (all or nothing: any invalid question answers 422 with per-question
     * fields; validOnly: 422 when none is valid; nothing is kept), then queues the import as a
     * tracked job that checks the file again and writes the questions in one transaction.
     */
    async importFile(actor: Actor, file: Buffer, query: ImportQuery, language: Language): Promise<ImportStarted> {
      const { format, checked } = await check(actor, file, query, language);
      const writing = toWrite(checked, query.mode);
      const stored = await files.put({ prefix: 'question-imports' }, file, { contentType: 'application/octet-stream' });
      const payload: ImportJobPayload = {
        fileKey: stored.key,
        format,
        owner: query.owner ?? 'institute',
        language,
        actor,
        mode: query.mode ?? 'allOrNothing',
        ...(query.topicsCourseId !== undefined ? { topicsCourseId: query.topicsCourseId } : {}),
      };
      const jobId = await jobs.enqueue(QUESTION_IMPORT_JOB, payload, { requestedBy: actor.userId, maxAttempts: 1 });
      return { jobId, format, total: checked.length, toImport: writing.length };
    },

    /** The selected questions in scope as a file; a named question out of scope answers 404. */
    async exportQuestions(actor: Actor, body: ExportBody): Promise<QuestionFile> {
      const scope = await bank.staffScopeOf(actor);
      const { format, questionIds, ...filter } = body;
      const ids = questionIds ? [...new Set(questionIds)] : undefined;
      const { total, rows } = await repo.list(scope, { ...filter, questionIds: ids }, { offset: 0, limit: QUESTION_EXPORT_MAX_ITEMS });
      if (total > QUESTION_EXPORT_MAX_ITEMS) throw err(QUESTION_BANK_ERRORS.QB_EXPORT_TOO_MANY);
      if (ids && rows.length !== ids.length) throw err(QUESTION_BANK_ERRORS.QB_QUESTION_NOT_FOUND);
      if (!rows.length) throw err(QUESTION_BANK_ERRORS.QB_EXPORT_EMPTY);
      // The order asked for, else oldest first (the list is newest change first).
      const ordered = ids ? ids.map((id) => rows.find((r) => r.head.id === id)!) : [...rows].sort((a, b) => a.head.id - b.head.id);
      const allIds = ordered.map((r) => r.head.id);
      const [topics, tags] = await Promise.all([repo.topicsOf(allIds), repo.tagsOf(allIds)]);
      const questions: FormatQuestion[] = [];
      const skippedIds: number[] = [];
      for (const row of ordered) {
        const question: FormatQuestion = {
          draft: draftOf(row.head.questionType, row.head.difficulty, tags.get(row.head.id) ?? [], row.version, row.texts),
          topics: (topics.get(row.head.id) ?? []).map((t) => t.name),
        };
        if (!isExchangeType(row.head.questionType) || !fitsFormat(question, format)) skippedIds.push(row.head.id);
        else questions.push(question);
      }
      if (!questions.length) throw err(QUESTION_BANK_ERRORS.QB_EXPORT_EMPTY);
      return fileOf(await writeQuestionFile(questions, format), format, 'questions', skippedIds);
    },

    /** The template with one example question of each kind, built from the same column table. */
    async template(format: 'csv' | 'xlsx'): Promise<QuestionFile> {
      return fileOf(await writeQuestionFile(EXAMPLE_QUESTIONS, format), format, 'question-import-template', []);
    },
  };
}

function fileOf(buffer: Buffer, format: QuestionExportFormat, name: string, skippedIds: number[]): QuestionFile {
  const type = EXPORT_FILE_TYPES[format];
  return { buffer, fileName: `${name}.${type.extension}`, contentType: type.contentType, skippedIds };
}

export type QuestionTransferService = ReturnType<typeof createQuestionTransferService>;
