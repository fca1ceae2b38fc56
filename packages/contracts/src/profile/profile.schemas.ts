import { z } from 'zod';
import { dobField } from '../auth/auth.schemas.js';
import { RoleSchema } from '../common/roles.schema.js';
import { emailField, idField, msg, otpField, phoneField } from '../common/validation.js';

/** A tab the server permits a staff user (teacher/v1/getUserInfo, profile permissions). */
export const PermissionTabSchema = z.object({ TabName: z.string(), url: z.string() });
export type PermissionTab = z.infer<typeof PermissionTabSchema>;

/** GET profile/v1/getInfo */
export const ProfileInfoSchema = z.object({
  Details: z.object({
    ProfilePicture: z.string().nullable(),
    InstitutionLogo: z.string().nullable(),
    /** HTML, sanitised by the server (allow-listed tags, no scripts or event handlers). */
    InstitutionWelComeMsg: z.string().nullable(),
    permissions: z.array(PermissionTabSchema),
  }),
});
export type ProfileInfo = z.infer<typeof ProfileInfoSchema>;

/** GET /user/v1/getUserInfo: the profile form's values, with the same names as the update. */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  userTypeName: RoleSchema,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  /** DD-MM-YYYY */
  DOB: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  state: z.number().int().nullable(),
  languageId: z.number().int().nullable(),
  interestedCourse: z.array(z.number().int()),
  classID: z.number().int().nullable(),
  instituteID: z.number().int().nullable(),
  sectionID: z.number().int().nullable(),
  photoURL: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

const nameField = z.string(msg('nameRequired')).trim().min(1, msg('nameRequired')).max(100, msg('nameRequired'));
const optionalId = (key: 'classInvalid' | 'sectionInvalid' | 'instituteInvalid') =>
  z
    .union([z.coerce.number(msg(key)).int(msg(key)).positive(msg(key)), z.literal(''), z.null()])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null));

/**
 * Spec 000 §3 "Student profile" with §5's rules; the names of PUT /user/v1/updateUserInfo.
 * POST user/v1/register (Students Info) sends the same form.
 */
export const StudentProfileBodySchema = z.object({
  firstName: nameField,
  middleName: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((value) => value || null),
  lastName: nameField,
  DOB: dobField,
  email: emailField,
  mobile: phoneField,
  city: z.string(msg('cityRequired')).trim().min(1, msg('cityRequired')).max(100, msg('cityInvalid')),
  address: z.string(msg('addressRequired')).trim().min(1, msg('addressRequired')).max(500, msg('addressRequired')),
  state: z.coerce.number(msg('stateRequired')).int(msg('stateRequired')).positive(msg('stateRequired')),
  languageId: z.coerce.number(msg('languageRequired')).int(msg('languageRequired')).positive(msg('languageRequired')),
  interestedCourse: z.array(idField, msg('courseInvalid')).max(50, msg('courseInvalid')).optional().default([]),
  classID: optionalId('classInvalid'),
  instituteID: optionalId('instituteInvalid'),
  sectionID: optionalId('sectionInvalid'),
});
export type StudentProfileBody = z.input<typeof StudentProfileBodySchema>;
export type StudentProfileInput = z.output<typeof StudentProfileBodySchema>;

/** POST user/v1/register: the spec reads body.body.id and stores it (studentId). */
export const RegisterResultSchema = z.object({ body: z.object({ id: z.number().int() }) });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** GET /user/v1/getParentInfo */
export const ParentInfoSchema = z.object({
  parentName: z.string().nullable(),
  guardian1: z.string().nullable(),
  guardian2: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The phone was confirmed with a code (generateOtp2). */
  phoneVerified: z.boolean(),
});
export type ParentInfo = z.infer<typeof ParentInfoSchema>;

/** POST /user/v1/updateParentInfo; otp is the code sent by generateOtp2 to `phone`. */
export const UpdateParentInfoBodySchema = z.object({
  parentName: z.string(msg('parentNameRequired')).trim().min(1, msg('parentNameRequired')).max(100, msg('parentNameRequired')),
  guardian1: z.string(msg('guardianRequired')).trim().min(1, msg('guardianRequired')).max(100, msg('guardianRequired')),
  guardian2: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((value) => value || null),
  email: emailField,
  phone: phoneField,
  otp: otpField,
});
export type UpdateParentInfoBody = z.infer<typeof UpdateParentInfoBodySchema>;

/** POST /user/v1/generateOtp2: a six-digit code to the parent's phone. */
export const GenerateOtp2BodySchema = z.object({ mobile: phoneField });
export type GenerateOtp2Body = z.infer<typeof GenerateOtp2BodySchema>;

export const GenerateOtp2ResultSchema = z.object({
  /** When the code stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type GenerateOtp2Result = z.infer<typeof GenerateOtp2ResultSchema>;
