import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { COMMON_ERRORS, EXAM_ERRORS, FILES_ERRORS, ListPhotosResultSchema, type CapturePhotoBody, type ListPhotosResult } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { acceptUpload, CAMERA_FRAME_POLICY, type FileStore } from '../../lib/file-store/index.js';
import type { StudentScope } from '../../lib/policy.js';
import type { ExamContent } from '../academy/student/academy.student.exam-content.js';
import type { ExamService } from '../exam/exam.service.js';
import { canViewFrames } from './proctoring.policy.js';
import type { ProctoringRepository } from './proctoring.repository.js';

export interface ProctoringServiceDeps {
  repo: ProctoringRepository;
  clock: Clock;
  /** Frames are files `proctoring/<attempt>/<frame>.jpg` of the app's file store. */
  files: FileStore;
  exam: Pick<ExamService, 'ownAttempt' | 'anyAttempt' | 'assertOpen'>;
  academy: Pick<ExamContent, 'getTestTask'>;
  displayNames: (userIds: number[]) => Promise<Map<number, string>>;
  /** Where students belong (the auth service knows accounts), for the policies. */
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
}

const frameKey = (attemptId: string, fileName: string) => `proctoring/${attemptId}/${fileName}`;

/** A camera frame must be a JPEG by its content; anything else is the frame API's 422. */
async function acceptFrame(bytes: Buffer): Promise<string> {
  try {
    return (await acceptUpload(bytes, CAMERA_FRAME_POLICY)).mime;
  } catch (error) {
    const isNotJpeg = error instanceof AppError && (error.def === FILES_ERRORS.FILES_TYPE_NOT_ALLOWED || error.def === FILES_ERRORS.FILES_EMPTY);
    throw isNotJpeg ? new AppError(EXAM_ERRORS.EXAM_PHOTO_INVALID) : error;
  }
}

/** What the player stored of inactive screen time, as the review shows it (anything else: none). */
function tabAwayPeriods(stored: unknown): ListPhotosResult['screenInactive'] {
  const parsed = ListPhotosResultSchema.shape.screenInactive.safeParse(stored ?? null);
  return parsed.success ? parsed.data : null;
}

/** Proctoring: camera frames of an attempt, captured by the player and reviewed by staff. */
export function createProctoringService(deps: ProctoringServiceDeps) {
  const { repo, clock, files, exam, academy } = deps;

  /** Frames of a student out of the actor's scope do not exist (proctoring.policy.ts). */
  async function mayViewFramesOf(staff: Actor, studentUserId: number): Promise<boolean> {
    const student = (await deps.scopesOf([studentUserId])).get(studentUserId);
    return student !== undefined && canViewFrames(staff, { student });
  }

  return {
    async capturePhoto(actor: Actor, body: CapturePhotoBody & { testSessionID: string; taskID: number }) {
      const attempt = await exam.ownAttempt(actor, body.testSessionID);
      if (attempt.taskId !== body.taskID) throw new AppError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      exam.assertOpen(attempt);
      const task = await academy.getTestTask(attempt.taskId);
      if (!task?.isCameraAllowed) throw new AppError(EXAM_ERRORS.EXAM_CAMERA_OFF);
      const base64 = body.dataURL.slice(body.dataURL.indexOf(',') + 1).replace(/\s/g, '');
      const bytes = Buffer.from(base64, 'base64');
      const contentType = await acceptFrame(bytes);
      const now = clock.now();
      const fileName = `${now.getTime()}-${randomUUID().slice(0, 8)}.jpg`;
      await files.put(frameKey(attempt.id, fileName), bytes, { contentType });
      const row = await repo.insertPhoto({ attemptId: attempt.id, userId: actor.userId, capturedAt: now, fileName, bytes: bytes.length });
      return { frameId: row.id, capturedAt: row.capturedAt.toISOString() };
    },

    /** Staff: the frames of an attempt, oldest first, with its tab-away record. */
    async listPhotos(staff: Actor, query: { attemptId: string }): Promise<ListPhotosResult> {
      const attempt = await exam.anyAttempt(query.attemptId);
      if (!(await mayViewFramesOf(staff, attempt.userId))) throw new AppError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
      const [frames, task, names] = await Promise.all([repo.listPhotos(attempt.id), academy.getTestTask(attempt.taskId), deps.displayNames([attempt.userId])]);
      return {
        attemptId: attempt.id,
        userId: attempt.userId,
        studentName: names.get(attempt.userId) ?? '',
        TaskName: task?.name ?? '',
        frames: frames.map((f) => ({ frameId: f.id, capturedAt: f.capturedAt.toISOString(), bytes: f.bytes })),
        tabChangeWarnings: attempt.tabChangeWarnings,
        screenInactive: tabAwayPeriods(attempt.screenInactive),
      };
    },

    /** Staff: one frame as a data URL. */
    async getPhoto(staff: Actor, query: { frameId: number }) {
      const frame = await repo.getPhoto(query.frameId);
      if (!frame || !(await mayViewFramesOf(staff, frame.userId))) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const file = await files.get(frameKey(frame.attemptId, frame.fileName));
      if (!file) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const bytes = await buffer(file.stream);
      return { frameId: frame.id, capturedAt: frame.capturedAt.toISOString(), dataURL: `data:image/jpeg;base64,${bytes.toString('base64')}` };
    },
  };
}

export type ProctoringService = ReturnType<typeof createProctoringService>;
