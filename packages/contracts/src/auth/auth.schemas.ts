import { z } from 'zod';
import { emailField, idField, msg, otpField, passwordField, phoneField, usernameField } from '../common/validation.js';
import { RoleSchema } from '../common/roles.schema.js';

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
  SessionID: z.string(msg('sessionIdRequired')).trim().min(1, msg('sessionIdRequired')).max(200, msg('loginLinkInvalid')),
  deviceInfo: DeviceInfoSchema,
});
export type LoginWithSessionIdBody = z.infer<typeof LoginWithSessionIdBodySchema>;

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
  /** A temporary password was set by staff: the web asks for a new one before anything else. */
  mustChangePassword: z.boolean().optional(),
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

/** Staff create a one-time sign-in link for a user, optionally opening a course. */
export const CreateLoginLinkBodySchema = z.object({
  userId: idField,
  CourseID: idField.optional(),
});
export type CreateLoginLinkBody = z.infer<typeof CreateLoginLinkBodySchema>;

export const LoginLinkSchema = z.object({
  SessionID: z.string(),
  /** The login URL the link is meant for: /login?SessionID=… */
  url: z.string(),
  expiresAt: z.string(),
});
export type LoginLink = z.infer<typeof LoginLinkSchema>;

/** A one-time code to an e-mail address: student signup and parent login. */
export const SendMailForOtpBodySchema = z.object({ Email: emailField });
export type SendMailForOtpBody = z.infer<typeof SendMailForOtpBodySchema>;

export const SendMailForOtpResultSchema = z.object({
  /** Names the code that was sent; handed back with the code. */
  sessionId: z.string(),
});
export type SendMailForOtpResult = z.infer<typeof SendMailForOtpResultSchema>;

const challengeIdField = z.string(msg('sessionIdRequired')).trim().min(1, msg('sessionIdRequired')).max(200, msg('otpInvalid'));

export const ParentLoginBodySchema = z.object({
  Email: emailField,
  otp: otpField,
  sessionId: challengeIdField,
  deviceInfo: DeviceInfoSchema,
});
export type ParentLoginBody = z.infer<typeof ParentLoginBodySchema>;

/** DD-MM-YYYY, a real calendar date; the server also checks that it lies in the past. */
export const DOB_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;
export function isCalendarDate(value: string): boolean {
  const match = DOB_PATTERN.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const dobField = z
  .string(msg('dobRequired'))
  .trim()
  .min(1, msg('dobRequired'))
  .refine((value) => value === '' || isCalendarDate(value), msg('dobInvalid'));

const optionalEmailField = z
  .string()
  .trim()
  .max(254, msg('emailInvalid'))
  .refine((value) => value === '' || z.email().safeParse(value).success, msg('emailInvalid'))
  .optional()
  .transform((value) => (value ? value : undefined));

/** Spec 000 §3 "Signup student", plus the account's password and the e-mail code. */
export const CreateStudentBodySchema = z.object({
  Name: z.string(msg('nameRequired')).trim().min(1, msg('nameRequired')).max(200, msg('nameRequired')),
  Email: emailField,
  DOB: dobField,
  Mobile: phoneField,
  CampusName: z.string(msg('campusRequired')).trim().min(1, msg('campusRequired')).max(200, msg('campusRequired')),
  DepartmentName: z.string(msg('departmentRequired')).trim().min(1, msg('departmentRequired')).max(200, msg('departmentRequired')),
  DegreeName: z.string(msg('degreeRequired')).trim().min(1, msg('degreeRequired')).max(200, msg('degreeRequired')),
  YearOfPassing: z.coerce
    .number(msg('yearOfPassingInvalid'))
    .int(msg('yearOfPassingInvalid'))
    .min(1950, msg('yearOfPassingInvalid'))
    .max(2100, msg('yearOfPassingInvalid')),
  Section: z.string().trim().max(50).optional(),
  RollNo: z.string().trim().max(50).optional(),
  parent1Email: optionalEmailField,
  parent2Email: optionalEmailField,
  password: passwordField.max(200),
  otp: otpField,
  sessionId: challengeIdField,
});
export type CreateStudentBody = z.input<typeof CreateStudentBodySchema>;
export type CreateStudentInput = z.output<typeof CreateStudentBodySchema>;

export const CreateStudentResultSchema = z.object({ id: z.number().int(), userName: z.string() });
export type CreateStudentResult = z.infer<typeof CreateStudentResultSchema>;

/** Spec 000 §5: the forgot-password form takes an e-mail, sent as username. */
export const ForgotPasswordBodySchema = z.object({ username: emailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ForgotPasswordResultSchema = z.object({
  /** Opaque; names the reset request. It is not the code. */
  otpSecret: z.string(),
});
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResultSchema>;

const secretField = z.string(msg('secretRequired')).trim().min(1, msg('secretRequired')).max(500, msg('resetSecretInvalid'));

export const ValidateEmailOtpBodySchema = z.object({ passcode: otpField, secret: secretField });
export type ValidateEmailOtpBody = z.infer<typeof ValidateEmailOtpBodySchema>;

export const ValidateEmailOtpResultSchema = z.object({
  /** Allows one password reset. */
  secret: z.string(),
});
export type ValidateEmailOtpResult = z.infer<typeof ValidateEmailOtpResultSchema>;

export const ResetPasswordBodySchema = z
  .object({
    password: passwordField.max(200),
    /** The form's confirmation; checked when sent. */
    confirmPassword: z.string().optional(),
    secret: secretField,
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    ...msg('passwordsMustMatch'),
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;
