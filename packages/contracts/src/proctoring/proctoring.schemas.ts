import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { PHOTO_MAX_CHARS } from '../exam/exam.constants.js';
import { InactivePeriodSchema, testSessionIdField } from '../exam/exam.schemas.js';

/** Proctoring: camera frames of an attempt (spec 001 §4), captured by the player and reviewed by staff. */

// ---------- POST /task/v1/capturePhoto ----------

export const CapturePhotoBodySchema = z.object({
  dataURL: z
    .string(msg('photoInvalid'))
    .max(PHOTO_MAX_CHARS, msg('photoTooLarge'))
    .regex(/^data:image\/jpe?g;base64,[A-Za-z0-9+/=\s]+$/, msg('photoInvalid')),
  taskID: idField,
  /** The student's e-mail (spec); the server uses the signed-in user. */
  user: z.string().max(254).optional(),
  testSessionID: testSessionIdField,
  courseID: idField.optional(),
});
export type CapturePhotoBody = z.input<typeof CapturePhotoBodySchema>;

export const CapturedPhotoSchema = z.object({ frameId: z.number().int(), capturedAt: z.string() });

export const ListPhotosQuerySchema = z.object({ attemptId: testSessionIdField });
export const PhotoFrameSchema = z.object({
  frameId: z.number().int(),
  capturedAt: z.string(),
  bytes: z.number().int(),
});
export const ListPhotosResultSchema = z.object({
  attemptId: z.string(),
  userId: z.number().int(),
  studentName: z.string(),
  TaskName: z.string(),
  frames: z.array(PhotoFrameSchema),
  /** Tab-away review: how often the student left the test's tab, and when the screen was inactive. */
  tabChangeWarnings: z.number().int(),
  /** The periods the player reported (or their count, from players that send only a count). */
  screenInactive: z.union([z.number().int(), z.array(InactivePeriodSchema)]).nullable(),
});
export type ListPhotosResult = z.infer<typeof ListPhotosResultSchema>;

export const GetPhotoQuerySchema = z.object({ frameId: idField });
export const PhotoSchema = z.object({ frameId: z.number().int(), capturedAt: z.string(), dataURL: z.string() });
export type Photo = z.infer<typeof PhotoSchema>;
