import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    interestedCourseIds: integer('interested_course_ids').array().notNull().default(sql`'{}'::integer[]`),
    photoUrl: text('photo_url'),
    /** Client (tenant) the account belongs to; handed to the browser as ClientID. */
    clientId: text('client_id').notNull().default('neetprep'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_idx').on(t.phone),
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
