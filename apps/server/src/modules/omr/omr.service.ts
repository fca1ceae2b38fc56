import { OMR_ERRORS, type Language } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store/index.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { OMR_MAX_QUESTIONS } from './omr.layout.js';
import { openUpload, PagesError } from './omr.pages.js';
import { createRecognitionJob, OMR_RECOGNITION_JOB, type RecognitionPayload, type SaveReadPages } from './omr.recognition-job.js';
import { createOmrReview, type OmrAttempts } from './omr.review.js';
import { createOmrStudent, type OmrStudentDeps } from './omr.student.js';
import { canPrintForClass, canPrintForStudent, canPrintForTest, canPrintPractice } from './omr.policy.js';
import type { OmrRepository, OmrStudent, OmrTest } from './omr.repository.js';
import { sheetRollNumber } from './omr.roll.js';
import { generateSheetPdf, type SheetStudent } from './omr.sheet-pdf.js';

export interface SheetFile {
  fileName: string;
  pdf: Uint8Array;
}

export { sheetRollNumber } from './omr.roll.js';

const sheetStudent = (s: OmrStudent): SheetStudent => ({ name: `${s.firstName} ${s.lastName}`.trim(), rollNumber: sheetRollNumber(s) });

function printable(test: OmrTest): void {
  if (test.questionCount < 1 || test.questionCount > OMR_MAX_QUESTIONS) throw new AppError(OMR_ERRORS.OMR_TOO_MANY_QUESTIONS);
}

const fileName = (test: OmrTest, suffix: string) => `omr-sheets-${test.id}${suffix}.pdf`;

export interface OmrServiceDeps {
  repo: OmrRepository;
  jobs: JobQueue;
  files: FileStore;
  clock: Clock;
  /** The exam module's paper attempts (composed before; bound late). */
  attempts: () => OmrAttempts;
  /** The schedules module: which tests a student may take (decision 038); absent, the owner rule alone. */
  contentReach?: OmrStudentDeps['contentReach'];
}

export function createOmrService(deps: OmrServiceDeps) {
  const { repo, jobs, files } = deps;
  /** Every read page becomes a sheet of the test: matched to a student, or held for a person to assign. */
  const saveReadPages: SaveReadPages = (payload, jobId, pages) =>
    repo.replaceJobSheets(
      jobId,
      pages.map((p) => ({
        taskId: payload.taskId,
        clientId: payload.uploader.clientId,
        instituteId: payload.uploader.instituteId,
        source: 'staff',
        uploadedBy: payload.uploader.userId,
        jobId,
        page: p.page,
        rollNumber: p.rollNumber,
        rollFlagged: p.rollFlagged,
        bookletCode: p.bookletCode,
        studentId: p.studentId,
        answers: p.answers,
        flagged: p.flagged,
        crops: p.crops,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })),
    );
  jobs.registerHandler<RecognitionPayload, unknown>(OMR_RECOGNITION_JOB, createRecognitionJob(files, saveReadPages));

  /** Roll number → student for everyone the actor reaches; a number two students share matches nobody. */
  async function rosterOf(actor: Actor): Promise<Record<string, number | null>> {
    const rows = await repo.listStudentsOf(actor.clientId, actor.role === 'ClientAdmin' ? null : actor.instituteId);
    const roster: Record<string, number | null> = {};
    for (const student of rows.filter((s) => canPrintForStudent(actor, s))) {
      const roll = sheetRollNumber(student);
      roster[roll] = roll in roster ? null : student.userId;
    }
    return roster;
  }

  return {
    ...createOmrReview(deps),
    ...createOmrStudent(deps),

    /** Checks the file (type, size, pages) and the test now, then reads the pages in a tracked job. */
    async upload(actor: Actor, query: { taskId: number }, file: Buffer, language: Language = 'en'): Promise<{ jobId: string; pages: number }> {
      const test = await repo.findTest(query.taskId);
      if (!test || !canPrintForTest(actor, test)) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
      printable(test);
      let pages: number;
      try {
        pages = (await openUpload(file)).pageCount;
      } catch (error) {
        if (error instanceof PagesError) throw new AppError(OMR_ERRORS[error.code]);
        throw error;
      }
      const stored = await files.put({ prefix: 'omr-uploads' }, file, { contentType: 'application/octet-stream' });
      const payload: RecognitionPayload = {
        fileKey: stored.key,
        taskId: test.id,
        questionCount: test.questionCount,
        onlineQuestions: await deps.attempts().onlineOnlyQuestions(test.id),
        roster: await rosterOf(actor),
        language,
        uploader: { userId: actor.userId, clientId: actor.clientId, instituteId: actor.instituteId },
      };
      const jobId = await jobs.enqueue(OMR_RECOGNITION_JOB, payload, { requestedBy: actor.userId, maxAttempts: 2 });
      return { jobId, pages };
    },

    /** Staff: one page per student of the class in scope, or a single blank sheet without a class. */
    async sheets(actor: Actor, query: { taskId: number; classId?: number | undefined }): Promise<SheetFile> {
      const test = await repo.findTest(query.taskId);
      if (!test || !canPrintForTest(actor, test)) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
      let students: SheetStudent[] = [];
      if (query.classId !== undefined) {
        const cls = await repo.findClass(query.classId);
        if (!cls || !canPrintForClass(actor, cls)) throw new AppError(OMR_ERRORS.OMR_CLASS_NOT_FOUND);
        const rows = await repo.listStudentsOfClass(cls.id);
        students = rows.filter((s) => canPrintForStudent(actor, s)).map(sheetStudent);
      }
      printable(test);
      const pdf = await generateSheetPdf({ testId: test.id, testName: test.name, questionCount: test.questionCount, onlineQuestions: await deps.attempts().onlineOnlyQuestions(test.id), students });
      return { fileName: fileName(test, query.classId ? `-class-${query.classId}` : ''), pdf };
    },

    /** A student's own sheet for a practice test: their name and roll number printed and bubbled. */
    async practiceSheet(actor: Actor, query: { taskId: number }): Promise<SheetFile> {
      const test = await repo.findTest(query.taskId);
      if (!test || !canPrintPractice(actor, test)) throw new AppError(OMR_ERRORS.OMR_TEST_NOT_FOUND);
      if (!test.isPractice) throw new AppError(OMR_ERRORS.OMR_NOT_PRACTICE);
      printable(test);
      const self = await repo.findStudent(actor.userId);
      const students = self ? [sheetStudent(self)] : [];
      const pdf = await generateSheetPdf({ testId: test.id, testName: test.name, questionCount: test.questionCount, onlineQuestions: await deps.attempts().onlineOnlyQuestions(test.id), students });
      return { fileName: fileName(test, `-${actor.userId}`), pdf };
    },
  };
}

export type OmrService = ReturnType<typeof createOmrService>;
