import { z } from 'zod';
import { ActiveTestDetailsSchema } from '../auth/auth.schemas.js';
import { PermissionTabSchema } from '../profile/profile.schemas.js';
import { msg, urlField } from '../common/validation.js';
import { StudentTestWindowSchema } from '../schedules/schedules.schemas.js';

/** GET teacher/v1/getUserInfo */
export const TeacherUserInfoSchema = z.object({
  Details: z.object({ Permissions: z.array(PermissionTabSchema) }),
});
export type TeacherUserInfo = z.infer<typeof TeacherUserInfoSchema>;

/** GET /common/v1/notification: every field null when no test is running. */
/** The bell: the active test, and scheduled tests that are open or open within the next 24 hours. */
export const NotificationSchema = z.object({ activeTestDetails: ActiveTestDetailsSchema, upcomingTests: z.array(StudentTestWindowSchema).optional() });
export type NotificationResult = z.infer<typeof NotificationSchema>;

export const VISITED_URLS_MAX_PER_REPORT = 200;
export const VISITED_URL_MAX_LENGTH = 2048;
/** How many visited pages the server keeps per student (oldest dropped first). */
export const VISITED_URLS_KEPT = 1000;

export const VisitedUrlSchema = z.object({
  url: urlField.pipe(z.string().max(VISITED_URL_MAX_LENGTH, msg('invalidUrl'))),
  /** Epoch seconds. */
  time: z.number().int().nonnegative(),
});
export type VisitedUrl = z.infer<typeof VisitedUrlSchema>;

/** POST /task/v1/saveURL */
export const SaveUrlBodySchema = z.object({
  data: z.array(VisitedUrlSchema).max(VISITED_URLS_MAX_PER_REPORT, msg('urlListTooLong')),
  UserSessionID: z.string().min(1).max(200),
});
export type SaveUrlBody = z.infer<typeof SaveUrlBodySchema>;

export const SaveUrlResultSchema = z.object({ saved: z.number().int() });
export type SaveUrlResult = z.infer<typeof SaveUrlResultSchema>;
