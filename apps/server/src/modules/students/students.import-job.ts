import type { CsvImportResult, CsvImportStarted, Language, Permission, Role } from '@app/contracts';
import type { Actor, ClassAssignment } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/language.js';
import { JobError, type JobContext, type QueuedJob } from '../jobs/jobs.queue.js';
import type { StudentsContext } from './students.context.js';
import type { RosterImport } from './students.import.js';

/** The job kind of a roster import; its result is a CsvImportResult. */
export const STUDENT_IMPORT_JOB = 'student-import';

/** What a queued import knows of its requester (an Actor's Set does not survive JSON). */
interface ImportActor {
  userId: number;
  role: Role;
  clientId: string;
  instituteId: number | null;
  classes: ClassAssignment[];
  permissions: Permission[];
}
interface ImportJobPayload {
  fileKey: string;
  institutionIds: number[];
  language: Language;
  actor: ImportActor;
}

function actorOfJob(snapshot: ImportActor): Actor {
  return { ...snapshot, sessionId: '', email: null, username: '', classId: null, sectionId: null, children: [], permissions: new Set(snapshot.permissions) };
}

async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The roster upload as a `student-import` job: the call checks the file and queues it; the job's
 * handler checks the stored file again and imports it (decision 040).
 */
export function createImportJob(students: StudentsContext, roster: RosterImport) {
  const { files, jobs } = students.deps;

  /** The job: checks the stored file again (the roster may have changed), then imports all or nothing. One attempt only. */
  async function runImport(job: QueuedJob<ImportJobPayload>, ctx: JobContext): Promise<CsvImportResult> {
    const { fileKey, institutionIds, language } = job.payload;
    const actor = actorOfJob(job.payload.actor);
    try {
      const stored = await files.get(fileKey);
      if (!stored) throw new JobError('The uploaded file is no longer stored; upload it again.', { retry: false });
      const checked = await roster.checkFile(actor, await bufferOf(stored.stream), institutionIds, language);
      ctx.progress(0, checked.total);
      for (const error of checked.errors) ctx.itemError(`row ${error.row}`, `${error.column}: ${error.message}`);
      if (checked.errors.length) throw new JobError(translate('studentCsvInvalid', language), { retry: false });
      ctx.throwIfCancelled();
      return await roster.importStudents(actor, checked.students, (done) => ctx.progress(done, checked.total), (tx, result) => ctx.succeedIn(tx, result));
    } catch (error) {
      if (error instanceof AppError) throw new JobError(translate(error.detail ?? error.def.message, language), { retry: false, cause: error });
      throw error;
    } finally {
      await files.delete(fileKey);
    }
  }
  jobs.registerHandler<ImportJobPayload, CsvImportResult>(STUDENT_IMPORT_JOB, runImport);

  return {
    /** Checks now (any bad row answers 422 with one message per row, nothing kept), then queues the import job. */
    async uploadCsv(actor: Actor, file: Buffer, institutionIds: number[], language: Language): Promise<CsvImportStarted> {
      const checked = await roster.checkFile(actor, file, institutionIds, language);
      roster.refuseInvalid(checked.errors);
      const stored = await files.put({ prefix: 'student-imports' }, file, { contentType: 'text/csv' });
      const payload: ImportJobPayload = {
        fileKey: stored.key,
        institutionIds,
        language,
        actor: { userId: actor.userId, role: actor.role, clientId: actor.clientId, instituteId: actor.instituteId, classes: [...actor.classes], permissions: [...actor.permissions] },
      };
      const jobId = await jobs.enqueue(STUDENT_IMPORT_JOB, payload, { requestedBy: actor.userId, maxAttempts: 1 });
      return { jobId, total: checked.total };
    },
  };
}
