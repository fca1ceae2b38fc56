import type { Readable } from 'node:stream';
import { OFFICE_CONTENT_TYPES, OFFICE_ERRORS, OFFICE_UPLOAD_MAX_BYTES, questionKindOf, type OfficeFile, type OfficeKind } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import type { StudentScope } from '../../lib/policy.js';
import type { JobHandler } from '../jobs/jobs.queue.js';
import type { DocumentServer } from './office.document-server.js';
import type { OfficeEvaluator } from './office.evaluator.js';
import { officeText } from './office.labels.js';
import { OfficeFileError, openPackage, parseXml, type OfficePackage } from './office.package.js';
import { canUseOfficeFile } from './office.policy.js';
import type { OfficeFileRow, OfficeRepository } from './office.repository.js';
import { applyStamp, readStamp } from './office.stamp.js';

/** What the office module asks of the exam: an office question of an attempt, with its key side. */
export interface OfficeQuestionInfo {
  attempt: { id: string; userId: number; taskId: number; isOpen: boolean; submitted: boolean };
  question: { id: number; questionType: string; startFileUrl: string | null; solution: string | null; rubric: string | null };
  /** Practice: the answer was revealed; it is locked (no more saves or evaluations). */
  revealed: boolean;
  /** Practice: the revealed answer shows the solution too (the reveal's rule). */
  revealShowsSolution: boolean;
}

/** The feedback report's rule for a submitted attempt's keys (reports.keyShown): the solution file follows it. */
export interface OfficeAnswerKeys {
  keyShown(actor: Actor, attemptId: string, questionId: number): Promise<boolean>;
}

export interface OfficeExamSource {
  getOfficeQuestionForAttempt(actor: Actor, input: { taskId: number; questionId: number; attemptId?: string | null }): Promise<OfficeQuestionInfo>;
  getOfficeQuestionOfAttempt(attemptId: string, questionId: number): Promise<OfficeQuestionInfo>;
}

/** Grading's one entry for evaluated scores. */
export interface OfficeScoreSink {
  recordEvaluatedAnswer(actor: Actor, input: { attemptId: string; questionId: number; answerData: unknown; scoreFraction: number }): Promise<void>;
}

/** The question bank's staff read of a question (its own scope check). */
export interface OfficeQuestionBank {
  get(actor: Actor, query: { questionId: number; version?: number }): Promise<{ questionType: string; version: { solution: string | null; rubric: string | null } }>;
}

export interface OfficeJobQueue {
  enqueue(kind: string, payload: unknown, options?: { requestedBy?: number | null; maxAttempts?: number; delayMs?: number }): Promise<string>;
  registerHandler<P, R>(kind: string, handler: JobHandler<P, R>): void;
}

export interface OfficeServiceDeps {
  repo: OfficeRepository;
  clock: Clock;
  files: FileStore;
  jobs: OfficeJobQueue;
  evaluator: OfficeEvaluator;
  exam: () => OfficeExamSource | null;
  grading: () => OfficeScoreSink | null;
  questionBank: () => OfficeQuestionBank | null;
  answerKeys: () => OfficeAnswerKeys | null;
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
  documentServer: DocumentServer | null;
  log?: (message: string, error?: unknown) => void;
}

/** Where authors' and demo files live; a question may only name files under these. */
const QUESTION_FILE_PREFIXES = ['office/questions/', 'office/demo/'];
const DOWNLOAD_LINK_SECONDS = 15 * 60;

export const err = (def: (typeof OFFICE_ERRORS)[keyof typeof OFFICE_ERRORS], detail?: string) => new AppError(def, detail ? { detail } : {});

/** An upload's problem as the error the student reads. */
export function uploadError(error: OfficeFileError): AppError {
  switch (error.problem) {
    case 'empty':
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_EMPTY);
    case 'tooLarge':
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE);
    case 'bomb':
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_UNPACKS_TOO_LARGE);
    case 'encrypted':
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_ENCRYPTED);
    case 'notOoxml':
    case 'wrongKind':
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_WRONG_KIND);
    default:
      return err(OFFICE_ERRORS.OFFICE_UPLOAD_MALFORMED);
  }
}

export function kindOf(questionType: string): OfficeKind {
  if (!questionKindOf(questionType)?.traits.office) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_OFFICE);
  return questionType as OfficeKind;
}

export function isQuestionFileKey(key: string | null | undefined): key is string {
  return !!key && QUESTION_FILE_PREFIXES.some((p) => key.startsWith(p)) && !key.includes('..');
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The part every file of the kind has (its workbook, document or presentation). */
const MAIN_PART = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml', pptx: 'ppt/presentation.xml' } satisfies Record<OfficeKind, string>;

/** Opens a file of the kind and reads its main part once, so a damaged package is refused before it is stored. */
export function checkedPackage(bytes: Uint8Array, kind: OfficeKind): OfficePackage {
  const pkg = openPackage(bytes, kind);
  const main = MAIN_PART[kind];
  const text = pkg.text(main);
  if (text === null) throw new OfficeFileError('malformed', officeText('fileNoMainPart', { a: main }).en);
  parseXml(text);
  return pkg;
}

/**
 * What the office service's operation files share: the exam's view of a question, the stored
 * files (a question's, the actor's own working copy), whether the solution may be seen, a working
 * copy as its student sees it, and a new version of it saved.
 */
export function createOfficeContext(deps: OfficeServiceDeps) {
  const { repo, clock, files } = deps;
  const log = deps.log ?? (() => undefined);
  const documentServer = deps.documentServer;

  function exam(): OfficeExamSource {
    const source = deps.exam();
    if (!source) throw err(OFFICE_ERRORS.OFFICE_EVALUATOR_UNAVAILABLE, 'The exam engine is not available.');
    return source;
  }

  async function readStored(key: string): Promise<Uint8Array | null> {
    const file = await files.get(key);
    return file ? readAll(file.stream) : null;
  }

  async function questionFile(key: string | null): Promise<Uint8Array> {
    if (!isQuestionFileKey(key)) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
    const bytes = await readStored(key);
    if (!bytes) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
    return bytes;
  }

  /** The actor's own working copy by id; anyone else's (or none) is "not found". */
  async function ownFile(actor: Actor, path: string): Promise<OfficeFileRow> {
    const row = await repo.getFile(path);
    if (!row || !canUseOfficeFile(actor, row)) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND);
    return row;
  }

  /**
   * Whether the student may see the question's solution file: once revealed in practice (the
   * reveal's rule), or after submitting wherever the feedback report shows the key (one rule,
   * the report's: a test whose answers show after the window keeps it until the window closes).
   */
  async function solutionAllowed(actor: Actor, info: OfficeQuestionInfo): Promise<boolean> {
    if (info.revealShowsSolution) return true;
    if (!info.attempt.submitted) return false;
    const keys = deps.answerKeys();
    return keys ? keys.keyShown(actor, info.attempt.id, info.question.id) : false;
  }

  async function view(actor: Actor, row: OfficeFileRow, info: OfficeQuestionInfo): Promise<OfficeFile> {
    return {
      path: row.id,
      kind: row.kind as OfficeKind,
      taskID: row.taskId,
      questionID: row.questionId,
      TestSessionID: row.attemptId,
      fileName: `question-${row.questionId}.${row.kind}`,
      contentType: OFFICE_CONTENT_TYPES[row.kind as OfficeKind],
      size: row.size,
      version: row.version,
      origin: row.origin as OfficeFile['origin'],
      savedAt: row.savedAt ? row.savedAt.toISOString() : null,
      downloadUrl: await files.signedUrl(row.storeKey, { expiresIn: DOWNLOAD_LINK_SECONDS }),
      editor: documentServer ? 'onlyoffice' : 'builtin',
      solutionAvailable: await solutionAllowed(actor, info),
      editable: info.attempt.isOpen && !info.revealed,
    };
  }

  function fileKey(row: { attemptId: string; id: string; kind: string }, version: number): string {
    return `office/attempts/${row.attemptId}/${row.id}-v${version}.${row.kind}`;
  }

  /**
   * Stores new bytes as the next version of a working copy: checked (kind, size, zip and XML
   * safety, main part), refused when stamped for another attempt or question, stamped, stored.
   * A refused file changes nothing.
   */
  async function saveWorkingCopy(row: OfficeFileRow, info: OfficeQuestionInfo, bytes: Uint8Array, origin: OfficeFile['origin']): Promise<OfficeFileRow> {
    if (!info.attempt.isOpen) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, 'This attempt is closed: the file can no longer be changed.');
    if (info.revealed) throw err(OFFICE_ERRORS.OFFICE_ANSWER_REVEALED);
    if (bytes.length > OFFICE_UPLOAD_MAX_BYTES) throw err(OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE);
    const kind = row.kind as OfficeKind;
    let pkg: OfficePackage;
    try {
      pkg = checkedPackage(bytes, kind);
    } catch (error) {
      if (error instanceof OfficeFileError) throw uploadError(error);
      throw error;
    }
    const stamp = readStamp(pkg);
    if (stamp && (stamp.attemptId !== row.attemptId || stamp.questionId !== row.questionId)) throw err(OFFICE_ERRORS.OFFICE_UPLOAD_FOREIGN);
    const stored = stamp ? bytes : applyStamp(pkg, { attemptId: row.attemptId, questionId: row.questionId });
    const version = row.version + 1;
    const key = fileKey(row, version);
    await files.put(key, stored, { contentType: OFFICE_CONTENT_TYPES[kind] });
    const now = clock.now();
    const saved = await repo.saveVersion(row.id, row.version, { storeKey: key, size: stored.length, origin, savedAt: now, now });
    if (!saved) {
      await files.delete(key);
      throw new AppError(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, { detail: 'The file was saved from somewhere else at the same moment. Reload it and try again.' });
    }
    // The previous version's bytes are no longer needed (evaluations read the current one).
    if (row.storeKey !== key) await files.delete(row.storeKey).catch(() => undefined);
    return saved;
  }

  async function infoOf(actor: Actor, row: OfficeFileRow): Promise<OfficeQuestionInfo> {
    return exam().getOfficeQuestionForAttempt(actor, { taskId: row.taskId, questionId: row.questionId, attemptId: row.attemptId });
  }

  function docKey(row: OfficeFileRow): string {
    return `${row.id}-${row.version}`;
  }

  return { deps, log, documentServer, exam, readStored, questionFile, ownFile, solutionAllowed, view, fileKey, saveWorkingCopy, infoOf, docKey };
}
export type OfficeContext = ReturnType<typeof createOfficeContext>;
