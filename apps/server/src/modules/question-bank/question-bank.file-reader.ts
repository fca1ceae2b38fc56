import type { LocalizedText, QuestionImportFormat } from '@app/contracts';
import { importWorkerSlot } from '../../lib/import-workers.js';
import { runWorkerTask, WorkerOutOfMemoryError, WorkerTimeoutError, workerTarget, type WorkerLimits } from '../../lib/worker-task.js';
import { inspectZip, isZip, ZipDamagedError, ZipLimitError, type ZipLimits } from '../../lib/zip-limits.js';
import { parseQuestionFile, UnreadableFileError, type ParsedItem } from './formats/index.js';
import { workbookCells } from './formats/workbook-cells.js';

/**
 * Reads an uploaded question file without stalling the server. A spreadsheet is checked first on
 * the main thread from its zip's central directory alone (entry count, declared sizes, compression
 * ratio: a zip bomb is refused before anything is inflated; a file that is no workbook is refused);
 * then, in a worker thread with a heap and a time limit, its sheets' cells are counted (declared
 * range and cells) and only a workbook within the cell limit is parsed. Text formats are parsed in
 * the worker too, except small files, which take a moment.
 */

/** Zip limits of an imported workbook (the template of 2,000 questions unpacks to a few MB). */
export const WORKBOOK_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 120 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** Cells of all sheets together: 2,000 questions of the template's 46 columns fit twice over. */
export const WORKBOOK_MAX_CELLS = 200_000;

/** Text files up to this size are parsed on the main thread (a few milliseconds at most). */
export const INLINE_TEXT_MAX_BYTES = 256 * 1024;

export const IMPORT_WORKER_LIMITS: WorkerLimits = { timeoutMs: 30_000, memoryMb: 512 };

/** Why a file is refused before (or instead of) being parsed. */
export type FileRefusal = 'notWorkbook' | 'unpacksTooLarge' | 'tooManyCells' | 'tooComplex';

export class QuestionFileRefused extends Error {
  constructor(
    readonly refusal: FileRefusal,
    detail = '',
  ) {
    super(`${refusal}${detail ? `: ${detail}` : ''}`);
    this.name = 'QuestionFileRefused';
  }
}

export interface ParseRequest {
  bytes: Uint8Array;
  format: QuestionImportFormat;
  maxCells: number;
}

export type ParseReply =
  /** The items as JSON text: one string crosses to the main thread far faster than an object graph is cloned. */
  | { ok: true; itemsJson: string }
  | { ok: false; kind: 'unreadable'; reason: LocalizedText; line: number | null }
  | { ok: false; kind: 'cells'; cells: number }
  | { ok: false; kind: 'internal'; message: string };

/** In the worker thread: count a workbook's cells, then parse the file. */
export async function parseInWorker(request: ParseRequest): Promise<ParseReply> {
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    if (request.format === 'xlsx') {
      const cells = workbookCells(bytes, WORKBOOK_ZIP_LIMITS, request.maxCells);
      if (cells > request.maxCells) return { ok: false, kind: 'cells', cells };
    }
    return { ok: true, itemsJson: JSON.stringify(await parseQuestionFile(bytes, request.format)) };
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, kind: 'unreadable', reason: error.reason, line: error.line };
    return { ok: false, kind: 'internal', message: (error as Error)?.message ?? String(error) };
  }
}

export interface QuestionFileReaderOptions {
  limits?: WorkerLimits;
  maxCells?: number;
}

export function createQuestionFileReader(options: QuestionFileReaderOptions = {}) {
  const limits = options.limits ?? IMPORT_WORKER_LIMITS;
  const maxCells = options.maxCells ?? WORKBOOK_MAX_CELLS;
  const target = workerTarget(import.meta.url, './question-bank.import-worker.ts', 'import-worker');
  const stats = { workerRuns: 0 };

  /** The central directory of a workbook, checked before anything is inflated. */
  function checkWorkbook(file: Buffer): void {
    if (!isZip(file)) throw new QuestionFileRefused('notWorkbook');
    let names: string[];
    try {
      names = inspectZip(file, WORKBOOK_ZIP_LIMITS).map((entry) => entry.name.replace(/^\/+/, '').toLowerCase());
    } catch (error) {
      if (error instanceof ZipLimitError) throw new QuestionFileRefused('unpacksTooLarge', error.message);
      if (error instanceof ZipDamagedError) throw new QuestionFileRefused('notWorkbook', error.message);
      throw error;
    }
    if (!names.includes('xl/workbook.xml') || !names.includes('[content_types].xml')) throw new QuestionFileRefused('notWorkbook');
  }

  return {
    stats,
    /** Every question of the file; throws QuestionFileRefused or UnreadableFileError. */
    async read(file: Buffer, format: QuestionImportFormat): Promise<ParsedItem[]> {
      if (format === 'xlsx') checkWorkbook(file);
      else if (file.length <= INLINE_TEXT_MAX_BYTES) return parseQuestionFile(file, format);
      stats.workerRuns += 1;
      let reply: ParseReply;
      try {
        reply = await importWorkerSlot(() => runWorkerTask<ParseRequest, ParseReply>(target, { bytes: file, format, maxCells }, limits));
      } catch (error) {
        if (error instanceof WorkerTimeoutError || error instanceof WorkerOutOfMemoryError) throw new QuestionFileRefused('tooComplex', error.message);
        throw error;
      }
      if (reply.ok) return JSON.parse(reply.itemsJson) as ParsedItem[];
      if (reply.kind === 'cells') throw new QuestionFileRefused('tooManyCells', String(reply.cells));
      if (reply.kind === 'unreadable') throw new UnreadableFileError(reply.reason, reply.line);
      throw new Error(`the import worker failed: ${reply.message}`);
    },
  };
}

export type QuestionFileReader = ReturnType<typeof createQuestionFileReader>;
