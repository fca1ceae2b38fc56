import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  OFFICE_CONTENT_TYPES,
  OFFICE_ERRORS,
  questionKindOf,
  OFFICE_MAX_PENDING_PER_USER,
  OFFICE_TYPE_IDS,
  OFFICE_UPLOAD_MAX_BYTES,
  OfficeRubricSchema,
  type CopyStartFileBody,
  type Language,
  type OfficeCheckQuestionBody,
  type OfficeCreateBody,
  type OfficeEditorConfig,
  type OfficeEvaluation,
  type OfficeFile,
  type OfficeHealth,
  type OfficeKind,
  type OfficeQuestionFileResult,
  type OfficeQuestionRef,
  type OfficeRubric,
  type OfficeRunDetails,
  type OfficeRunReport,
  type RunOfficeBody,
} from '@app/contracts';
import { bareActor, type Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import type { StudentScope } from '../../lib/policy.js';
import type { JobHandler, QueuedJob } from '../jobs/jobs.queue.js';
import { DocumentServerError, type DocumentServer } from './office.document-server.js';
import { parseRubric, SolutionFileError } from './office.evaluate.js';
import { EvaluationTimeoutError, type OfficeEvaluator } from './office.evaluator.js';
import { localiseEvaluation, localiseOfficeText, officeText } from './office.labels.js';
import { OfficeFileError, openPackage, parseXml, type OfficePackage } from './office.package.js';
import { canReadOfficeRunReport, canUseOfficeFile } from './office.policy.js';
import type { OfficeFileRow, OfficeRepository, OfficeRunRow } from './office.repository.js';
import { applyStamp, readStamp } from './office.stamp.js';

export const OFFICE_EVALUATION_JOB = 'office-evaluation';

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
/** After a force-save the document server calls back with the file; the evaluation waits this long for it. */
const FORCE_SAVE_WAIT_MS = 3000;

const err = (def: (typeof OFFICE_ERRORS)[keyof typeof OFFICE_ERRORS], detail?: string) => new AppError(def, detail ? { detail } : {});

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

function kindOf(questionType: string): OfficeKind {
  if (!questionKindOf(questionType)?.traits.office) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_OFFICE);
  return questionType as OfficeKind;
}

function isQuestionFileKey(key: string | null | undefined): key is string {
  return !!key && QUESTION_FILE_PREFIXES.some((p) => key.startsWith(p)) && !key.includes('..');
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Opens a file of the kind and reads its main part once, so a damaged package is refused before it is stored. */
function checkedPackage(bytes: Uint8Array, kind: OfficeKind): OfficePackage {
  const pkg = openPackage(bytes, kind);
  const main = kind === 'xlsx' ? 'xl/workbook.xml' : kind === 'docx' ? 'word/document.xml' : 'ppt/presentation.xml';
  const text = pkg.text(main);
  if (text === null) throw new OfficeFileError('malformed', officeText('fileNoMainPart', { a: main }).en);
  parseXml(text);
  return pkg;
}

export function createOfficeService(deps: OfficeServiceDeps) {
  const { repo, clock, files, evaluator } = deps;
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

  // ---------- The evaluation job ----------

  const evaluationJob: JobHandler<{ runId: string }, { status: string }> = async (job: QueuedJob<{ runId: string }>) => {
    const run = await repo.getRun(job.payload.runId);
    if (!run || run.status !== 'PE') return { status: run?.status ?? 'gone' };
    const finish = async (status: string, values: { result?: OfficeEvaluation | null; message?: string | null; recorded?: boolean }) => {
      await repo.finishRun(run.id, { status, result: values.result ?? null, message: values.message ?? null, recorded: values.recorded ?? false, finishedAt: clock.now() });
      return { status };
    };
    try {
      const file = await repo.getFile(run.fileId);
      const bytes = file ? await readStored(file.storeKey) : null;
      if (!file || !bytes) return await finish('FE', { message: officeText('savedFileMissing').en });
      const info = await exam().getOfficeQuestionOfAttempt(run.attemptId, run.questionId);
      const kind = kindOf(info.question.questionType);
      const solution = await questionFile(info.question.solution);
      const rubric = parseRubric(info.question.rubric, kind);
      const evaluation = await evaluator.evaluate({ kind, student: bytes, solution, rubric });
      const recorded = await record(run, evaluation, info);
      return await finish('EV', { result: evaluation, recorded: recorded === null, message: recorded });
    } catch (error) {
      if (error instanceof OfficeFileError) return finish('FE', { message: error.message });
      if (error instanceof EvaluationTimeoutError) return finish('TLE', { message: error.message });
      if (error instanceof SolutionFileError) {
        log('office solution file unreadable', error);
        return finish('IE', { message: officeText('solutionUnreadable').en });
      }
      if (error instanceof AppError) return finish('IE', { message: error.message });
      log('office evaluation failed', error);
      return finish('IE', { message: officeText('evaluatorFailed').en });
    }
  };

  const kept = (items: string[]) => items.slice(0, 500).map((item) => item.slice(0, 500));

  /** The score through grading's one entry; null when recorded, else why not. */
  async function record(run: OfficeRunRow, evaluation: OfficeEvaluation, info: OfficeQuestionInfo): Promise<string | null> {
    if (!info.attempt.isOpen) return officeText('attemptClosed').en;
    const grading = deps.grading();
    if (!grading) return officeText('gradingUnavailable').en;
    try {
      await grading.recordEvaluatedAnswer(bareActor({ userId: run.userId, role: run.userRole as Actor['role'] }), {
        attemptId: run.attemptId,
        questionId: run.questionId,
        scoreFraction: evaluation.percentage / 100,
        answerData: {
          percentage: evaluation.percentage,
          unmatched: kept(evaluation.unmatched),
          // The drafted labels in Tamil too, for the saved result shown on the Tamil interface.
          unmatchedTn: kept(localiseEvaluation(evaluation, 'tn').unmatched),
          runID: run.id,
          path: run.fileId,
        },
      });
      return null;
    } catch (error) {
      const reason = error instanceof AppError ? error.def.message.en : officeText('notRecordedReason').en;
      log('could not record an office evaluation', error);
      return officeText('notRecorded', { a: reason }).en;
    }
  }

  deps.jobs.registerHandler(OFFICE_EVALUATION_JOB, evaluationJob);

  /** A run as its reader sees it: drafted labels and the server's reasons in their language. */
  function runDetails(run: OfficeRunRow, language: Language): OfficeRunDetails {
    const result = run.result as OfficeEvaluation | null;
    return {
      runID: run.id,
      statusCode: run.status as OfficeRunDetails['statusCode'],
      questionID: run.questionId,
      taskID: run.taskId,
      resultDesc: run.status === 'EV' && result ? JSON.stringify(localiseEvaluation({ percentage: result.percentage, unmatched: result.unmatched }, language)) : null,
      message: run.message === null ? null : localiseOfficeText(run.message, language),
      recorded: run.recorded,
    };
  }

  return {
    evaluator,

    // ---------- Working copies ----------

    async copyStartFile(actor: Actor, body: CopyStartFileBody & { taskID: number; questionID: number }): Promise<OfficeFile> {
      const info = await exam().getOfficeQuestionForAttempt(actor, { taskId: body.taskID, questionId: body.questionID, attemptId: body.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      const existing = await repo.findFile(info.attempt.id, info.question.id);
      if (existing && !body.reset) return view(actor, existing, info);
      const start = await questionFile(info.question.startFileUrl);
      let pkg: OfficePackage;
      try {
        pkg = openPackage(start, kind);
      } catch (error) {
        log('office start file unreadable', error);
        throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      }
      const stamped = applyStamp(pkg, { attemptId: info.attempt.id, questionId: info.question.id });
      if (existing) {
        return view(actor, await saveWorkingCopy(existing, info, stamped, 'start'), info);
      }
      if (!info.attempt.isOpen) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, 'This attempt is closed: it has no working copy of this question.');
      const id = randomUUID();
      const key = fileKey({ attemptId: info.attempt.id, id, kind }, 1);
      await files.put(key, stamped, { contentType: OFFICE_CONTENT_TYPES[kind] });
      const now = clock.now();
      const row = await repo.insertFile({ id, attemptId: info.attempt.id, userId: actor.userId, taskId: info.attempt.taskId, questionId: info.question.id, kind, storeKey: key, size: stamped.length, version: 1, origin: 'start', savedAt: null, createdAt: now, updatedAt: now });
      // Two tabs asking at once: the first copy wins, the other's bytes go.
      if (row.id !== id) await files.delete(key).catch(() => undefined);
      return view(actor, row, info);
    },

    async file(actor: Actor, path: string): Promise<OfficeFile> {
      const row = await ownFile(actor, path);
      return view(actor, row, await infoOf(actor, row));
    },

    async download(actor: Actor, path: string): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const row = await ownFile(actor, path);
      const bytes = await readStored(row.storeKey);
      if (!bytes) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND);
      return { bytes, fileName: `question-${row.questionId}.${row.kind}`, contentType: OFFICE_CONTENT_TYPES[row.kind as OfficeKind] };
    },

    /** Saves the working copy: a file the student chose (upload) or the built-in editor's save (editor). */
    async upload(actor: Actor, path: string, bytes: Uint8Array, origin: 'upload' | 'editor' = 'upload'): Promise<OfficeFile> {
      const row = await ownFile(actor, path);
      const info = await infoOf(actor, row);
      return view(actor, await saveWorkingCopy(row, info, bytes, origin), info);
    },

    async solution(actor: Actor, ref: OfficeQuestionRef & { taskID: number; questionID: number }): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const info = await exam().getOfficeQuestionForAttempt(actor, { taskId: ref.taskID, questionId: ref.questionID, attemptId: ref.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      if (!(await solutionAllowed(actor, info))) throw err(OFFICE_ERRORS.OFFICE_SOLUTION_HIDDEN);
      return { bytes: await questionFile(info.question.solution), fileName: `question-${info.question.id}-solution.${kind}`, contentType: OFFICE_CONTENT_TYPES[kind] };
    },

    // ---------- Evaluation ----------

    async runOffice(actor: Actor, body: RunOfficeBody & { questionID: number; taskID: number }): Promise<{ runID: string }> {
      const row = await ownFile(actor, body.path);
      if (row.questionId !== body.questionID || row.taskId !== body.taskID || (body.TestSessionID && body.TestSessionID !== row.attemptId)) {
        throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND);
      }
      const typeId = body.officeTypeID;
      const kind = row.kind as OfficeKind;
      if (typeof typeId === 'string' ? typeId !== kind : typeId !== OFFICE_TYPE_IDS[kind]) throw err(OFFICE_ERRORS.OFFICE_TYPE_MISMATCH);
      const info = await infoOf(actor, row);
      if (!info.attempt.isOpen) throw err(OFFICE_ERRORS.OFFICE_FILE_NOT_FOUND, 'This attempt is closed: its files can no longer be evaluated.');
      if (info.revealed) throw err(OFFICE_ERRORS.OFFICE_ANSWER_REVEALED);
      if (!isQuestionFileKey(info.question.solution)) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      if ((await repo.countPendingOf(actor.userId)) >= OFFICE_MAX_PENDING_PER_USER) throw err(OFFICE_ERRORS.OFFICE_TOO_MANY_PENDING);
      // With the document server, what is open in the editor is saved first (it calls back with the file).
      let delayMs = 0;
      if (documentServer) {
        try {
          if ((await documentServer.command({ c: 'forcesave', key: docKey(row) })) === 0) delayMs = FORCE_SAVE_WAIT_MS;
        } catch (error) {
          log('document server force-save failed', error);
        }
      }
      const runID = randomUUID();
      await repo.insertRun({ id: runID, userId: actor.userId, userRole: actor.role, attemptId: row.attemptId, taskId: row.taskId, questionId: row.questionId, fileId: row.id, fileVersion: row.version, kind, status: 'PE', createdAt: clock.now() });
      const jobId = await deps.jobs.enqueue(OFFICE_EVALUATION_JOB, { runId: runID }, { requestedBy: actor.userId, maxAttempts: 2, delayMs });
      await repo.setRunJob(runID, jobId);
      return { runID };
    },

    async getRunDetails(actor: Actor, runID: string, language: Language): Promise<OfficeRunDetails> {
      const run = await repo.getRun(runID);
      if (!run || !canUseOfficeFile(actor, run)) throw err(OFFICE_ERRORS.OFFICE_RUN_NOT_FOUND);
      return runDetails(run, language);
    },

    async runReport(actor: Actor, runID: string, language: Language): Promise<OfficeRunReport> {
      const run = await repo.getRun(runID);
      const student = run ? ((await deps.scopesOf([run.userId])).get(run.userId) ?? null) : null;
      if (!run || !canReadOfficeRunReport(actor, run, student ? { student } : null)) throw err(OFFICE_ERRORS.OFFICE_RUN_NOT_FOUND);
      return {
        ...runDetails(run, language),
        userId: run.userId,
        createdAt: run.createdAt.toISOString(),
        finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
        evaluation: run.status === 'EV' ? localiseEvaluation(run.result as OfficeEvaluation, language) : null,
      };
    },

    // ---------- Authors ----------

    async storeQuestionFile(_actor: Actor, query: { kind: OfficeKind; purpose: 'start' | 'solution' }, bytes: Uint8Array): Promise<OfficeQuestionFileResult> {
      try {
        checkedPackage(bytes, query.kind);
      } catch (error) {
        if (error instanceof OfficeFileError) throw uploadError(error);
        throw error;
      }
      const key = `office/questions/${randomUUID()}.${query.kind}`;
      const rubric = query.purpose === 'solution' ? JSON.stringify(await evaluator.draft(query.kind, bytes)) : null;
      await files.put(key, bytes, { contentType: OFFICE_CONTENT_TYPES[query.kind] });
      return { fileKey: key, size: bytes.length, rubric };
    },

    async draftRubric(_actor: Actor, body: { questionType: string; solution: string }): Promise<{ rubric: string; checks: number }> {
      const kind = kindOf(body.questionType);
      const rubric = await draftFrom(kind, await questionFile(body.solution));
      return { rubric: JSON.stringify(rubric), checks: rubric.checks.length };
    },

    /** Evaluate a question's solution against itself (a sound rubric gives 100). */
    async checkQuestion(actor: Actor, body: OfficeCheckQuestionBody & { questionId: number }, language: Language): Promise<OfficeEvaluation> {
      const bank = deps.questionBank();
      if (!bank) throw err(OFFICE_ERRORS.OFFICE_EVALUATOR_UNAVAILABLE);
      const question = await bank.get(actor, { questionId: body.questionId, ...(body.version ? { version: body.version } : {}) });
      const kind = kindOf(question.questionType);
      const solution = await questionFile(question.version.solution);
      let rubric: OfficeRubric | null;
      if (body.rubric !== undefined) {
        rubric = parseRubric(body.rubric, kind);
        if (!rubric) throw err(OFFICE_ERRORS.OFFICE_RUBRIC_INVALID);
      } else rubric = parseRubric(question.version.rubric, kind);
      return localiseEvaluation(await selfCheck(kind, solution, rubric), language);
    },

    // ---------- The document server ----------

    async editorConfig(actor: Actor, path: string, language: Language, fileName?: string): Promise<OfficeEditorConfig> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const row = await ownFile(actor, path);
      const info = await infoOf(actor, row);
      const url = documentServer.absolute(await files.signedUrl(row.storeKey, { expiresIn: 6 * 3600 }));
      const config = await documentServer.editorConfig({
        kind: row.kind as OfficeKind,
        key: docKey(row),
        title: fileName || `question-${row.questionId}.${row.kind}`,
        url,
        callbackUrl: info.attempt.isOpen ? documentServer.absolute(`/api/office/v1/callback?path=${encodeURIComponent(row.id)}`) : null,
        mode: info.attempt.isOpen ? 'edit' : 'view',
        user: { id: String(actor.userId), name: actor.username || `user-${actor.userId}` },
        lang: language === 'tn' ? 'ta' : 'en',
      });
      return { documentServerUrl: documentServer.url, config };
    },

    async solutionEditorConfig(actor: Actor, ref: OfficeQuestionRef & { taskID: number; questionID: number }, language: Language, fileName?: string): Promise<OfficeEditorConfig> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const info = await exam().getOfficeQuestionForAttempt(actor, { taskId: ref.taskID, questionId: ref.questionID, attemptId: ref.TestSessionID ?? null });
      const kind = kindOf(info.question.questionType);
      if (!(await solutionAllowed(actor, info))) throw err(OFFICE_ERRORS.OFFICE_SOLUTION_HIDDEN);
      if (!isQuestionFileKey(info.question.solution)) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY);
      const url = documentServer.absolute(await files.signedUrl(info.question.solution, { expiresIn: 6 * 3600 }));
      const config = await documentServer.editorConfig({
        kind,
        key: `solution-${info.question.id}-${info.attempt.id}`.replace(/[^0-9A-Za-z._=-]/g, '').slice(0, 120),
        title: fileName || `question-${info.question.id}-solution.${kind}`,
        url,
        callbackUrl: null,
        mode: 'view',
        user: { id: String(actor.userId), name: actor.username || `user-${actor.userId}` },
        lang: language === 'tn' ? 'ta' : 'en',
      });
      return { documentServerUrl: documentServer.url, config };
    },

    /**
     * The document server's callback: 2 (ready to save) and 6 (force-saved) store the file at `url`
     * as the working copy; other statuses need nothing. Answers the server's {error} (0 = fine).
     */
    async callback(path: string, body: Record<string, unknown>, authorization: string | undefined): Promise<{ error: number }> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      let payload: Record<string, unknown>;
      try {
        payload = await documentServer.verifyCallback(body, authorization);
      } catch (error) {
        log('document server callback refused', error);
        throw err(OFFICE_ERRORS.OFFICE_CALLBACK_INVALID);
      }
      const status = Number(payload['status']);
      const row = await repo.getFile(path);
      if (!row || typeof payload['key'] !== 'string' || !(payload['key'] as string).startsWith(`${row.id}-`)) return { error: 1 };
      if (status !== 2 && status !== 6) return { error: 0 };
      if (typeof payload['url'] !== 'string') return { error: 1 };
      try {
        const bytes = await documentServer.download(payload['url'] as string);
        const info = await exam().getOfficeQuestionOfAttempt(row.attemptId, row.questionId);
        const current = (await repo.getFile(row.id)) ?? row;
        await saveWorkingCopy(current, info, bytes, 'documentServer');
        return { error: 0 };
      } catch (error) {
        log('document server save failed', error);
        return { error: 1 };
      }
    },

    /** Save As in the editor: the new file at the document server's url becomes the working copy. */
    async create(actor: Actor, body: OfficeCreateBody): Promise<OfficeFile> {
      if (!documentServer) throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_OFF);
      const row = await ownFile(actor, body.path);
      const info = await infoOf(actor, row);
      let bytes: Uint8Array;
      try {
        bytes = await documentServer.download(body.url);
      } catch (error) {
        if (error instanceof DocumentServerError && /too large/.test(error.message)) throw err(OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE);
        throw err(OFFICE_ERRORS.OFFICE_DOCUMENT_SERVER_FAILED, error instanceof DocumentServerError ? error.message : undefined);
      }
      return view(actor, await saveWorkingCopy(row, info, bytes, 'documentServer'), info);
    },

    health(): OfficeHealth {
      return { evaluator: 'ready', documentServer: !!documentServer, uploadMaxBytes: OFFICE_UPLOAD_MAX_BYTES };
    },
  };

  async function draftFrom(kind: OfficeKind, solution: Uint8Array): Promise<OfficeRubric> {
    try {
      return await evaluator.draft(kind, solution);
    } catch (error) {
      if (error instanceof OfficeFileError || error instanceof SolutionFileError) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY, error.message);
      throw error;
    }
  }

  async function selfCheck(kind: OfficeKind, solution: Uint8Array, rubric: OfficeRubric | null): Promise<OfficeEvaluation> {
    try {
      return await evaluator.evaluate({ kind, student: solution, solution, rubric: rubric ? OfficeRubricSchema.parse(rubric) : null });
    } catch (error) {
      if (error instanceof OfficeFileError || error instanceof SolutionFileError) throw err(OFFICE_ERRORS.OFFICE_QUESTION_NOT_READY, error.message);
      if (error instanceof EvaluationTimeoutError) throw err(OFFICE_ERRORS.OFFICE_EVALUATOR_UNAVAILABLE, error.message);
      throw error;
    }
  }
}

export type OfficeService = ReturnType<typeof createOfficeService>;
