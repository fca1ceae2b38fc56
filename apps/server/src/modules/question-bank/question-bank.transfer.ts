import {
  CHOICE_QUESTION_TYPES,
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
  type QuestionExportFormat,
  type QuestionImportFormat,
} from '@app/contracts';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { z } from 'zod';
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
  fitsTemplate,
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

/**
 * Import and export of the question bank: files in (Moodle XML, GIFT, Aiken, our CSV/XLSX
 * template) are read by the pure modules in formats/, each question checked like a create call;
 * nothing is written unless every question is valid, and then all in one transaction. Exports
 * write the selected questions in a format that re-imports without loss.
 */

export interface QuestionTransferDeps {
  repo: QuestionBankRepository;
  bank: QuestionBankService;
  /** Imports run as tracked jobs: the upload waits in the file store until the job has read it. */
  jobs: JobQueue;
  files: FileStore;
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
      ...(isChoice(questionType) ? { options: text.options.map((o) => ({ answerID: o.answerID, answerData: o.answerData })) } : {}),
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

const defaultReader = createQuestionFileReader();
/** Questions checked between two turns of the event loop. */
const CHECK_BATCH = 50;

const REFUSAL_CODES = {
  notWorkbook: 'QB_IMPORT_NOT_WORKBOOK',
  unpacksTooLarge: 'QB_IMPORT_UNPACKS_TOO_LARGE',
  tooManyCells: 'QB_IMPORT_TOO_MANY_CELLS',
  tooComplex: 'QB_IMPORT_TOO_COMPLEX',
} as const satisfies Record<FileRefusal, keyof typeof QUESTION_BANK_ERRORS>;

/**
 * Reads a question file and checks every question as the create call would, with topics matched
 * by name; writes nothing. The caller checks who may import (the service below, or the demo seed).
 */
export async function checkQuestionFile(
  repo: Pick<QuestionBankRepository, 'topicsByName'>,
  file: Buffer,
  query: ImportQuery,
  language: Language,
  reader: QuestionFileReader = defaultReader,
): Promise<{ format: QuestionImportFormat; checked: CheckedItem[]; unknownTopics: string[] }> {
  const format = query.format ?? detectFormat(file);
  if (!format) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_UNREADABLE);
  let parsed: ParsedItem[];
  try {
    parsed = await reader.read(file, format);
  } catch (error) {
    if (error instanceof QuestionFileRefused) throw err(QUESTION_BANK_ERRORS[REFUSAL_CODES[error.refusal]]);
    if (!(error instanceof UnreadableFileError)) throw error;
    const where = error.line ? { en: ` (line ${error.line})`, tn: ` (வரி ${error.line})` } : { en: '', tn: '' };
    throw err(QUESTION_BANK_ERRORS.QB_IMPORT_UNREADABLE, {
      detail: { en: error.reason.en + where.en, tn: error.reason.tn + where.tn },
      fields: { file: translate(error.reason, language) },
    });
  }
  if (!parsed.length) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_EMPTY);
  if (parsed.length > QUESTION_IMPORT_MAX_ITEMS) throw err(QUESTION_BANK_ERRORS.QB_IMPORT_TOO_MANY);

  const names = [...new Set(parsed.flatMap((p) => p.question?.topics ?? []))];
  const found = await repo.topicsByName(names);
  const idOf = new Map<string, number>();
  for (const topic of found) if (!idOf.has(topic.name.toLowerCase())) idOf.set(topic.name.toLowerCase(), topic.id);
  const unknownTopics = names.filter((name) => !idOf.has(name.trim().toLowerCase()));

  const checkItem = (p: ParsedItem, i: number): CheckedItem => {
    const errors = p.issues.filter((issue) => !issue.isWarning);
    const warnings = p.issues.filter((issue) => issue.isWarning);
    const topics = p.question?.topics ?? [];
    for (const name of topics) if (!idOf.has(name.trim().toLowerCase())) warnings.push({ field: 'topics', message: importMessage('unknownTopic', name) });
    let body: CreateInput | null = null;
    const out = (issues: typeof errors) => issues.map((issue) => ({ field: issue.field, message: translate(issue.message, language) }));
    const itemErrors = out(errors);
    if (p.question && !errors.length) {
      const topicIds = [...new Set(topics.map((name) => idOf.get(name.trim().toLowerCase())).filter((id): id is number => id !== undefined))];
      const result = checkNewQuestion({ ...p.question.draft, topicIds, owner: query.owner });
      for (const [field, key] of Object.entries(result.issues)) itemErrors.push({ field, message: translate(key, language) });
      body = itemErrors.length ? null : result.body;
    }
    return {
      body,
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
  return { format, checked, unknownTopics };
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

export function createQuestionTransferService({ repo, bank, jobs, files, reader = createQuestionFileReader() }: QuestionTransferDeps) {
  /** Reads the file and checks every question as the create call would; writes nothing. */
  async function check(actor: Actor, file: Buffer, query: ImportQuery, language: Language): Promise<{ format: QuestionImportFormat; checked: CheckedItem[]; unknownTopics: string[] }> {
    await bank.staffScopeOf(actor);
    if (query.owner === 'client' && actor.role !== 'ClientAdmin') throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    return checkQuestionFile(repo, file, query, language, reader);
  }

  /**
   * The job: reads the stored file again (topics may have changed since it was queued), reports
   * each invalid question as an item error and then fails, or writes all in one transaction.
   * One attempt only: a retry after an unknown outcome could import twice.
   */
  async function runImport(job: QueuedJob<ImportJobPayload>, ctx: JobContext): Promise<ImportResult> {
    const { fileKey, format, owner, language, actor } = job.payload;
    try {
      const stored = await files.get(fileKey);
      if (!stored) throw new JobError('The uploaded file is no longer stored; upload it again.', { retry: false });
      const { checked } = await check(actor, await bufferOf(stored.stream), { format, owner }, language);
      ctx.progress(0, checked.length);
      const invalid = checked.filter((c) => !c.body);
      for (const { item } of invalid) {
        for (const error of item.errors) ctx.itemError(`${item.index}${item.line ? ` (line ${item.line})` : ''}`, `${error.field}: ${error.message}`);
      }
      if (invalid.length) throw new JobError(`${invalid.length} of ${checked.length} questions have errors; nothing was imported.`, { retry: false });
      ctx.throwIfCancelled();
      // The questions and the job's success commit together: after a crash the job reports what was imported.
      let result: ImportResult | null = null;
      await bank.createMany(actor, checked.map((c) => c.body!), owner, `Imported from ${format}`, (done) => ctx.progress(done, checked.length), async (tx, questionIds) => {
        result = { format, imported: questionIds.length, questionIds };
        await ctx.succeedIn(tx, result);
      });
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
      const { format, checked, unknownTopics } = await check(actor, file, query, language);
      const valid = checked.filter((c) => c.body).length;
      return { format, total: checked.length, valid, invalid: checked.length - valid, unknownTopics, items: checked.map((c) => c.item) };
    },

    /**
     * Checks the file now (any invalid question answers 422 with per-question fields and nothing
     * is kept), then queues the import as a tracked job that writes every question or none.
     */
    async importFile(actor: Actor, file: Buffer, query: ImportQuery, language: Language): Promise<ImportStarted> {
      const { format, checked } = await check(actor, file, query, language);
      validBodies(checked);
      const stored = await files.put({ prefix: 'question-imports' }, file, { contentType: 'application/octet-stream' });
      const payload: ImportJobPayload = { fileKey: stored.key, format, owner: query.owner ?? 'institute', language, actor };
      const jobId = await jobs.enqueue(QUESTION_IMPORT_JOB, payload, { requestedBy: actor.userId, maxAttempts: 1 });
      return { jobId, format, total: checked.length };
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
        if (!isExchangeType(row.head.questionType) || (format !== 'moodleXml' && !fitsTemplate(question))) skippedIds.push(row.head.id);
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
