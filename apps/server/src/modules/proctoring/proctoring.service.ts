import { randomUUID } from 'node:crypto';
import { COMMON_ERRORS, EXAM_ERRORS, type CapturePhotoBody, type ListPhotosResult } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { StudentScope } from '../../lib/policy.js';
import type { ExamContent } from '../academy/academy.exam-content.js';
import type { ExamService } from '../exam/exam.service.js';
import { canViewFrames } from './proctoring.policy.js';
import type { ProctoringRepository } from './proctoring.repository.js';
import type { PhotoStore } from './proctoring.storage.js';

export interface ProctoringServiceDeps {
  repo: ProctoringRepository;
  clock: Clock;
  photos: PhotoStore;
  exam: Pick<ExamService, 'ownAttempt' | 'anyAttempt' | 'assertOpen'>;
  academy: Pick<ExamContent, 'getTestTask'>;
  displayNames: (userIds: number[]) => Promise<Map<number, string>>;
  /** Where students belong (the auth service knows accounts), for the policies. */
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Checked by content: a JPEG starts with FF D8 FF and ends with FF D9. */
function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.subarray(0, 3).equals(JPEG_MAGIC) && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
}

/** Proctoring: camera frames of an attempt, captured by the player and reviewed by staff. */
export function createProctoringService(deps: ProctoringServiceDeps) {
  const { repo, clock, photos, exam, academy } = deps;

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
      if (!isJpeg(bytes)) throw new AppError(EXAM_ERRORS.EXAM_PHOTO_INVALID);
      const now = clock.now();
      const fileName = `${now.getTime()}-${randomUUID().slice(0, 8)}.jpg`;
      await photos.save(attempt.id, fileName, bytes);
      const row = await repo.insertPhoto({ attemptId: attempt.id, userId: actor.userId, capturedAt: now, fileName, bytes: bytes.length });
      return { frameId: row.id, capturedAt: row.capturedAt.toISOString() };
    },

    /** Staff: the frames of an attempt, oldest first. */
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
      };
    },

    /** Staff: one frame as a data URL. */
    async getPhoto(staff: Actor, query: { frameId: number }) {
      const frame = await repo.getPhoto(query.frameId);
      if (!frame || !(await mayViewFramesOf(staff, frame.userId))) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const bytes = await photos.read(frame.attemptId, frame.fileName);
      return { frameId: frame.id, capturedAt: frame.capturedAt.toISOString(), dataURL: `data:image/jpeg;base64,${bytes.toString('base64')}` };
    },
  };
}

export type ProctoringService = ReturnType<typeof createProctoringService>;
