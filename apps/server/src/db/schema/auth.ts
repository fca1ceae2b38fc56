import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Accounts and their credentials: auth writes them; other modules read `userDirectory` (decision 093). */

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull().default(''),
    dob: date('dob'),
    address: text('address'),
    city: text('city'),
    stateId: integer('state_id'),
    languageId: integer('language_id'),
    instituteId: integer('institute_id'),
    classId: integer('class_id'),
    sectionId: integer('section_id'),
    /** A student's roll number in the institute (digits, 1–10): what answer sheets print and bubble. Unique per institute. */
    rollNumber: text('roll_number'),
    interestedCourseIds: integer('interested_course_ids').array().notNull().default(sql`'{}'::integer[]`),
    photoUrl: text('photo_url'),
    /** Client (tenant) the account belongs to; handed to the browser as ClientID. */
    clientId: text('client_id').notNull().default('neetprep'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Set when the student completed registration (Students Info). */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Set with a temporary password: every call but changePassword is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_idx').on(t.phone),
    uniqueIndex('users_institute_roll_number_idx').on(t.instituteId, t.rollNumber),
    // Student Configuration pages through an institute's students by class, sorted by name.
    index('users_institute_role_class_idx').on(t.instituteId, t.role, t.classId, t.sectionId),
    index('users_institute_name_idx').on(t.instituteId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
  ],
);

/** A sign-in. Its id is the UserSessionID; revoking it makes its token stop working. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceInfo: jsonb('device_info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time codes (e-mail or phone) and the opaque secrets of the password reset. Only hashes
 * are stored; a row is used once (consumedAt), expires, and counts wrong tries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    /** Handed to the client as sessionId / otpSecret; names the code, is not the code. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** signup_or_parent_email | password_reset | password_reset_grant | parent_phone */
    purpose: text('purpose').notNull(),
    /** Lower-case e-mail or phone the code went to. */
    target: text('target').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_target_idx').on(t.purpose, t.target, t.createdAt)],
);

/** One-time, expiring sign-in links (loginwithsessionid); the SessionID is stored hashed. */
export const loginLinks = pgTable(
  'login_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('login_links_token_hash_idx').on(t.tokenHash)],
);

/** Counters for per-account and per-address limits (fixed windows). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

/** A Parent account linked to a student it may follow. */
export const parentLinks = pgTable(
  'parent_links',
  {
    parentUserId: integer('parent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentUserId: integer('student_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentUserId, t.studentUserId] }), index('parent_links_student_idx').on(t.studentUserId)],
);

/** What a student gave at signup beyond the profile (spec 000 §3 Signup student). */
export const studentSignupDetails = pgTable('student_signup_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  campusName: text('campus_name').notNull(),
  departmentName: text('department_name').notNull(),
  degreeName: text('degree_name').notNull(),
  yearOfPassing: integer('year_of_passing').notNull(),
  section: text('section'),
  rollNo: text('roll_no'),
  parent1Email: text('parent1_email'),
  parent2Email: text('parent2_email'),
});

/**
 * The accounts other modules read (decision 093): every column of `users` but the password hash,
 * of which only whether one is set. A plain view, so the planner reads `users` and its indexes.
 */
export const userDirectory = pgView('user_directory').as((qb) =>
  qb
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      role: users.role,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      dob: users.dob,
      address: users.address,
      city: users.city,
      stateId: users.stateId,
      languageId: users.languageId,
      instituteId: users.instituteId,
      classId: users.classId,
      sectionId: users.sectionId,
      rollNumber: users.rollNumber,
      interestedCourseIds: users.interestedCourseIds,
      photoUrl: users.photoUrl,
      clientId: users.clientId,
      emailVerified: users.emailVerified,
      registeredAt: users.registeredAt,
      isActive: users.isActive,
      hasPassword: sql<boolean>`(${users.passwordHash} <> '')`.as('has_password'),
      mustChangePassword: users.mustChangePassword,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users),
);

/** Which parent follows which student, for the modules that show a parent's children or a student's parents. */
export const familyLinks = pgView('family_links').as((qb) =>
  qb.select({ parentUserId: parentLinks.parentUserId, studentUserId: parentLinks.studentUserId }).from(parentLinks),
);

/** The roll number a student gave at signup (OMR sheets fall back to it). */
export const signupRollNumbers = pgView('signup_roll_numbers').as((qb) =>
  qb.select({ userId: studentSignupDetails.userId, rollNo: studentSignupDetails.rollNo }).from(studentSignupDetails),
);
