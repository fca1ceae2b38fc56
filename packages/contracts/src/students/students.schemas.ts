import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '../common/constants.js';
import { DOB_PATTERN } from '../auth/auth.schemas.js';
import { idField, msg, passwordField, PHONE_PATTERN } from '../common/validation.js';

/** Students: the staff roster (Student Configuration), CSV rosters, password resets and set-password links. */

export const STUDENT_LIST_MAX_PAGE_SIZE = 100;
export const STUDENT_STATUSES = ['active', 'deactivated', 'all'] as const;
export const STUDENT_SORT_FIELDS = ['name', 'username', 'email', 'phone', 'className', 'createdAt'] as const;
/** A roster file may hold at most this many rows and bytes. */
export const STUDENT_CSV_MAX_ROWS = 10_000;
export const STUDENT_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** How long a set-password link (new student or reset) stays usable. */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

const text = (max: number) => z.string().trim().max(max, msg('studentFieldTooLong'));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msg('studentFieldTooLong'))
    .nullish()
    .transform((value) => (value ? value : null));

export const studentUsernameField = z
  .string(msg('usernameRequired'))
  .trim()
  .min(USERNAME_MIN_LENGTH, msg('usernameRequired'))
  .max(60, msg('studentFieldTooLong'))
  .regex(/^[A-Za-z0-9._@+-]+$/, msg('studentUsernameInvalid'));
const optionalEmail = z
  .string()
  .trim()
  .max(200, msg('studentFieldTooLong'))
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null))
  .refine((value) => value === null || z.email().safeParse(value).success, msg('emailInvalid'));
const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || PHONE_PATTERN.test(value), msg('phoneInvalid'));
const optionalDob = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || DOB_PATTERN.test(value), msg('dobInvalid'));

/** A roll number: 1–10 digits (what an answer sheet bubbles), unique in the institute; empty clears it. */
export const ROLL_NUMBER_PATTERN = /^\d{1,10}$/;
const optionalRollNumber = z
  .string(msg('studentRollNumberInvalid'))
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || ROLL_NUMBER_PATTERN.test(value), msg('studentRollNumberInvalid'));

export const StudentStatusSchema = z.enum(STUDENT_STATUSES, msg('studentStatusInvalid'));

export const ListStudentsQuerySchema = z.object({
  search: z.string().trim().max(100, msg('searchQueryTooLong')).optional(),
  instituteId: idField.optional(),
  classId: idField.optional(),
  sectionId: idField.optional(),
  status: StudentStatusSchema.default('active'),
  page: z.coerce.number(msg('valueOutOfRange')).int(msg('valueOutOfRange')).min(1, msg('valueOutOfRange')).max(100_000, msg('valueOutOfRange')).default(1),
  pageSize: z.coerce
    .number(msg('valueOutOfRange'))
    .int(msg('valueOutOfRange'))
    .min(1, msg('valueOutOfRange'))
    .max(STUDENT_LIST_MAX_PAGE_SIZE, msg('valueOutOfRange'))
    .default(25),
  sortBy: z.enum(STUDENT_SORT_FIELDS, msg('valueOutOfRange')).default('name'),
  sortDir: z.enum(['asc', 'desc'], msg('valueOutOfRange')).default('asc'),
});
export type ListStudentsQuery = z.input<typeof ListStudentsQuerySchema>;

export const StudentParentSchema = z.object({ userId: z.number().int(), email: z.string().nullable(), name: z.string() });
export type StudentParent = z.infer<typeof StudentParentSchema>;

export const StudentRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  instituteId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  sectionName: z.string().nullable(),
  /** The roll number answer sheets print and bubble (1–10 digits); null when none was given. */
  rollNumber: z.string().nullable(),
  isActive: z.boolean(),
  /** False until the student has set a password (CSV and staff-created accounts). */
  hasPassword: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type StudentRow = z.infer<typeof StudentRowSchema>;

export const StudentListSchema = z.object({ items: z.array(StudentRowSchema), total: z.number().int() });
export type StudentList = z.infer<typeof StudentListSchema>;

export const StudentDetailSchema = StudentRowSchema.extend({ parents: z.array(StudentParentSchema) });
export type StudentDetail = z.infer<typeof StudentDetailSchema>;

export const StudentIdQuerySchema = z.object({ id: idField });

const studentFields = {
  firstName: text(100).min(1, msg('nameRequired')),
  lastName: text(100).default(''),
  email: optionalEmail,
  phone: optionalPhone,
  dob: optionalDob,
  classId: idField,
  sectionId: idField.nullish().transform((value) => value ?? null),
  rollNumber: optionalRollNumber,
  language: z.enum(['en', 'tn'], msg('languageRequired')).default('en'),
};

export const CreateRosterStudentBodySchema = z
  .object({ username: studentUsernameField, instituteId: idField.optional(), ...studentFields })
  .refine((value) => value.email !== null || value.phone !== null, { message: 'studentContactRequired', path: ['email'] });
export type CreateRosterStudentBody = z.input<typeof CreateRosterStudentBodySchema>;

export const UpdateStudentBodySchema = z.object({
  id: idField,
  firstName: studentFields.firstName.optional(),
  lastName: text(100).optional(),
  email: optionalEmail.optional(),
  phone: optionalPhone.optional(),
  dob: optionalDob.optional(),
  /** Moving a student: a class of the student's institute and, optionally, one of its sections. */
  classId: idField.optional(),
  sectionId: idField.nullish(),
  rollNumber: optionalRollNumber.optional(),
});
export type UpdateStudentBody = z.input<typeof UpdateStudentBodySchema>;

export const SetStudentActiveBodySchema = z.object({ id: idField, isActive: z.boolean(msg('valueOutOfRange')) });
export type SetStudentActiveBody = z.input<typeof SetStudentActiveBodySchema>;

export const LinkParentBodySchema = z.object({
  id: idField,
  email: z.string(msg('emailRequired')).trim().min(1, msg('emailRequired')).max(200, msg('studentFieldTooLong')).email(msg('emailInvalid')),
  parentName: optionalText(100),
});
export type LinkParentBody = z.input<typeof LinkParentBodySchema>;

export const UnlinkParentBodySchema = z.object({ id: idField, parentUserId: idField });
export type UnlinkParentBody = z.input<typeof UnlinkParentBodySchema>;

export const RESET_PASSWORD_MODES = ['link', 'temporary'] as const;
export const ResetStudentPasswordBodySchema = z
  .object({
    id: idField,
    mode: z.enum(RESET_PASSWORD_MODES, msg('resetModeInvalid')),
    temporaryPassword: z.string().min(PASSWORD_MIN_LENGTH, msg('passwordTooShort')).max(200, msg('studentFieldTooLong')).optional(),
  })
  .refine((value) => value.mode !== 'temporary' || value.temporaryPassword !== undefined, { message: 'passwordRequired', path: ['temporaryPassword'] });
export type ResetStudentPasswordBody = z.input<typeof ResetStudentPasswordBodySchema>;
/** Where the reset went: a link by e-mail or SMS, or the temporary password is now set. */
export const ResetStudentPasswordResultSchema = z.object({ mode: z.enum(RESET_PASSWORD_MODES), sentTo: z.enum(['email', 'sms']).nullable() });
export type ResetStudentPasswordResult = z.infer<typeof ResetStudentPasswordResultSchema>;

/** Staff: send new set-password links to imported students whose first message did not go out. */
export const SendWelcomeLinksBodySchema = z.object({
  usernames: z
    .array(z.string(msg('studentUsernameInvalid')).trim().min(1, msg('studentUsernameInvalid')).max(100, msg('studentUsernameInvalid')), msg('welcomeLinksUsernamesRequired'))
    .min(1, msg('welcomeLinksUsernamesRequired'))
    .max(5000, msg('welcomeLinksTooMany')),
});
export type SendWelcomeLinksBody = z.input<typeof SendWelcomeLinksBodySchema>;
export const SendWelcomeLinksResultSchema = z.object({
  mailed: z.number().int(),
  texted: z.number().int(),
  /** Usernames whose message failed again (or who have neither e-mail nor phone). */
  unsent: z.array(z.string()),
});
export type SendWelcomeLinksResult = z.infer<typeof SendWelcomeLinksResultSchema>;

/** Public: a set-password link's token and the new password. */
export const SetPasswordBodySchema = z.object({
  token: z.string(msg('setPasswordLinkInvalid')).trim().min(10, msg('setPasswordLinkInvalid')).max(300, msg('setPasswordLinkInvalid')),
  password: passwordField,
});
export type SetPasswordBody = z.input<typeof SetPasswordBodySchema>;

/** A signed-in user changes their own password (required after a temporary one). */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string(msg('passwordRequired')).min(1, msg('passwordRequired')).max(200, msg('studentFieldTooLong')),
  password: passwordField,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

/** The only calls a session with a temporary password may make. */
export const PASSWORD_CHANGE_PATHS = ['/user/v1/changePassword', '/user/v1/logout'] as const;

// ---------- CSV roster ----------

/**
 * The roster file's columns, in the template's order. `class` and `section` are names of the
 * institute's classes and sections; `instituteId` chooses among the institutes of the upload's
 * InstitutionId list (or the uploader's reach) when there is more than one.
 */
export const STUDENT_CSV_COLUMNS = [
  { name: 'username', required: true, format: 'letters, digits and . _ @ + -; at least 3 characters; unique' },
  { name: 'firstName', required: true, format: 'text' },
  { name: 'lastName', required: false, format: 'text' },
  { name: 'email', required: false, format: 'e-mail address; unique (email or phone is required)' },
  { name: 'phone', required: false, format: '10 digits, optionally with a country code such as +91; unique' },
  { name: 'dob', required: false, format: 'DD-MM-YYYY, in the past' },
  { name: 'class', required: true, format: "name of a class of the student's institute" },
  { name: 'section', required: false, format: 'name of a section of that class' },
  { name: 'language', required: false, format: 'en or tn (language of the set-password message); en by default' },
  { name: 'instituteId', required: false, format: 'institute id, when the upload covers several institutes' },
  { name: 'rollNumber', required: false, format: 'roll number printed on answer sheets: 1–10 digits; unique in the institute' },
] as const;
export type StudentCsvColumn = (typeof STUDENT_CSV_COLUMNS)[number]['name'];

export const STUDENT_CSV_EXAMPLE = [
  STUDENT_CSV_COLUMNS.map((column) => column.name).join(','),
  'priya.r,Priya,Raman,priya.r@example.com,9876543210,14-03-2008,12,A,en,,2026000101',
  'arun.k,Arun,Kumar,,+91 9123456780,02-11-2008,12,B,tn,,2026000102',
].join('\n');

export const CsvRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type CsvRowError = z.infer<typeof CsvRowErrorSchema>;

export const CsvPreviewSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(CsvRowErrorSchema),
  /** The first rows as they will be imported. */
  sample: z.array(
    z.object({ row: z.number().int(), username: z.string(), name: z.string(), className: z.string(), sectionName: z.string().nullable(), instituteId: z.number().int() }),
  ),
});
export type CsvPreview = z.infer<typeof CsvPreviewSchema>;

export const CsvImportStartedSchema = z.object({ jobId: z.string(), total: z.number().int() });
export type CsvImportStarted = z.infer<typeof CsvImportStartedSchema>;
export const CsvImportResultSchema = z.object({
  imported: z.number().int(),
  mailed: z.number().int(),
  texted: z.number().int(),
  /** Usernames whose set-password message was not sent (failed, or the server stopped first): send them a link again. */
  unsent: z.array(z.string()),
});
export type CsvImportResult = z.infer<typeof CsvImportResultSchema>;
