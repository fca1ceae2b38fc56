import { z } from 'zod';
import { passwordField, usernameField } from '../common/validation.js';
import { RoleSchema } from '../common/roles.js';

export const DeviceInfoSchema = z
  .object({
    name: z.string().max(200).optional(),
    version: z.string().max(100).optional(),
    layout: z.string().max(100).optional(),
    os: z.string().max(200).optional(),
    product: z.string().max(200).optional(),
    isMobile: z.boolean().optional(),
  })
  .optional();
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

export const ActiveTestDetailsSchema = z.object({
  TestSessionID: z.string().nullable(),
  TaskID: z.number().int().nullable(),
  CourseID: z.number().int().nullable(),
  TaskName: z.string().nullable(),
  /** Seconds left, computed by the server from the attempt's deadline. */
  RemainingTime: z.number().int().nullable(),
  TotalDuration: z.number().int().nullable(),
  CurrentDate: z.string().nullable(),
});
export type ActiveTestDetails = z.infer<typeof ActiveTestDetailsSchema>;

export const LoginBodySchema = z.object({
  username: usernameField,
  password: passwordField,
  deviceInfo: DeviceInfoSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginWithSessionIdBodySchema = z.object({
  SessionID: z.string().trim().min(1).max(200),
  deviceInfo: DeviceInfoSchema,
});

export const LoginResultSchema = z.object({
  token: z.string(),
  ClientID: z.string(),
  userName: z.string(),
  userTypeName: RoleSchema,
  UserSessionID: z.string(),
  email: z.string().nullable(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  activeTestDetails: ActiveTestDetailsSchema.nullable(),
  CourseID: z.number().int().nullable(),
  TaskID: z.number().int().nullable(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LogoutBodySchema = z.object({ UserSessionID: z.string().min(1).max(200) });

/** What the token carries (spec: exp, an expiry in seconds). */
export const TokenPayloadSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  role: RoleSchema,
  exp: z.number(),
  iat: z.number(),
});
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;
