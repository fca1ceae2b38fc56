import { OMR_PAGE_MESSAGES, OMR_PAGE_UNREADABLE, type Language, type OmrPageRead, type OmrRecognitionResult } from '@app/contracts';
import type { FileStore } from '../../lib/file-store/index.js';
import { JobError, type JobContext, type QueuedJob } from '../jobs/jobs.queue.js';
import { openUpload, PagesError } from './omr.pages.js';
import type { OmrAnswer, OmrCrops } from '../../db/schema/index.js';
import { buildOmrLayout } from './omr.layout.js';
import { cropQuestion, cropRoll, RecogniseError, recogniseSheet, type GreyImage } from './omr.recognise.js';

export const OMR_RECOGNITION_JOB = 'omr-recognition';

export interface RecognitionPayload {
  fileKey: string;
  taskId: number;
  questionCount: number;
  /** Questions printed "answer online" (no bubbles); absent in jobs queued before there were any. */
  onlineQuestions?: number[];
  /** Roll number → student id for the uploader's scope; null where two students share a number. */
  roster: Record<string, number | null>;
  /** The uploader's language, for the page messages they read later. */
  language: Language;
  /** Who uploaded, and where the sheets belong until they are assigned. */
  uploader: { userId: number; clientId: string; instituteId: number | null };
}

/** A read page with what a reviewer needs: crops of the flagged questions and of the roll number. */
export interface ReviewedPage {
  testId: number;
  rollNumber: string | null;
  rollFlagged: boolean;
  bookletCode: number | null;
  answers: OmrAnswer[];
  flagged: number[];
  crops: OmrCrops;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Reads one page of a known test and cuts the crops a person confirms; throws RecogniseError for a page that is no sheet of it. */
export async function readForReview(img: GreyImage, taskId: number, questionCount: number, onlineQuestions: readonly number[] = []): Promise<ReviewedPage> {
  const read = recogniseSheet(img, { questionCountFor: (id) => (id === taskId ? questionCount : null) });
  const layout = buildOmrLayout(questionCount);
  // Rows printed "answer online" have no bubbles: whatever is written there is not an answer.
  const online = new Set(onlineQuestions);
  const flagged = read.questions.flatMap((q, i) => (q.flagged && !online.has(i) ? [i] : []));
  const crops: OmrCrops = { roll: dataUrl(await cropRoll(img, read.transform, layout)), questions: {} };
  for (const q of flagged) crops.questions[String(q)] = dataUrl(await cropQuestion(img, read.transform, layout, q));
  return {
    testId: read.testId,
    rollNumber: read.rollFlagged ? null : read.rollNumber,
    rollFlagged: read.rollFlagged,
    bookletCode: read.bookletCode,
    answers: read.questions.map((q, i) => (online.has(i) ? null : q.answer)),
    flagged,
    crops,
  };
}

/** Where the job keeps what it read (the OMR service's sheets). */
export type SaveReadPages = (payload: RecognitionPayload, jobId: string, pages: (ReviewedPage & { page: number; studentId: number | null })[]) => Promise<void>;

/** What a person reads in the job's item errors for a page that could not be read (the contracts' table). */
const messageOf = (code: string, language: Language) => {
  const text = OMR_PAGE_MESSAGES[code] ?? OMR_PAGE_UNREADABLE;
  return text[language] ?? text.en;
};

const errorPage = (page: number): OmrPageRead => ({
  page,
  status: 'error',
  testId: null,
  rollNumber: null,
  rollFlagged: true,
  studentId: null,
  bookletCode: null,
  answers: [],
  flaggedQuestions: [],
});

/** Reads every page of a stored upload; a page that cannot be read is an item error, never a guess. */
export function createRecognitionJob(files: FileStore, save: SaveReadPages) {
  return async function runRecognition(job: QueuedJob<RecognitionPayload>, ctx: JobContext): Promise<OmrRecognitionResult> {
    const { fileKey, taskId, questionCount, roster, language } = job.payload;
    const stored = await files.get(fileKey);
    if (!stored) throw new JobError('The uploaded file is no longer stored; upload it again.', { retry: false });
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Buffer));
    let source;
    try {
      source = await openUpload(Buffer.concat(chunks));
    } catch (error) {
      if (error instanceof PagesError) throw new JobError(messageOf(error.code, language), { retry: false });
      throw error;
    }
    const pages: OmrPageRead[] = [];
    const reviewed: Parameters<SaveReadPages>[2] = [];
    ctx.progress(0, source.pageCount);
    for (let index = 0; index < source.pageCount; index += 1) {
      ctx.throwIfCancelled();
      const page = index + 1;
      try {
        const read = await readForReview(await source.page(index), taskId, questionCount, job.payload.onlineQuestions ?? []);
        const rollNumber = read.rollNumber;
        const studentId = rollNumber ? (roster[rollNumber] ?? null) : null;
        reviewed.push({ ...read, page, studentId });
        pages.push({
          page,
          status: 'read',
          testId: read.testId,
          rollNumber,
          rollFlagged: read.rollFlagged,
          studentId,
          bookletCode: read.bookletCode,
          answers: read.answers,
          flaggedQuestions: read.flagged,
        });
      } catch (error) {
        if (!(error instanceof RecogniseError || error instanceof PagesError)) throw error;
        ctx.itemError(page, messageOf(error.code, language));
        pages.push({ ...errorPage(page), status: error.code === 'OMR_TEST_UNKNOWN' ? 'otherTest' : 'error' });
      }
      ctx.progress(page, source.pageCount);
    }
    // Written once every page is read, so that a retried job does not file its sheets twice.
    await save(job.payload, job.id, reviewed);
    return { taskId, pages };
  };
}
