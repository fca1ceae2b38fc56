import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tasks } from './academy.js';

/** Per question of a read sheet: the option (0-based), null for none, 'invalid' for several marks. */
export type OmrAnswer = number | null | 'invalid';

/** PNG crops (base64) a person looks at: flagged questions by 0-based index, and the roll number grid. */
export interface OmrCrops {
  roll?: string;
  questions: Record<string, string>;
}

/**
 * One answer sheet as it was read: from a staff member's scanned batch (source staff) or a
 * student's own photo (source student). The read answers are kept as read; a person's decisions
 * on flagged questions are kept beside them (corrections), and publishing turns the sheet into a
 * paper attempt in the exam module (attemptId).
 */
export const omrSheets = pgTable(
  'omr_sheets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Where the sheet belongs while no student is assigned: the uploader's client and institute. */
    clientId: text('client_id').notNull(),
    instituteId: integer('institute_id'),
    /** staff | student */
    source: text('source').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recognition job that read it (staff batches). */
    jobId: text('job_id'),
    page: integer('page').notNull().default(1),
    rollNumber: text('roll_number'),
    rollFlagged: boolean('roll_flagged').notNull().default(false),
    bookletCode: integer('booklet_code'),
    /** The student it is for: matched by roll number, assigned by a teacher, or the uploading student. Null = held. */
    studentId: integer('student_id').references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<OmrAnswer[]>().notNull(),
    flagged: jsonb('flagged').$type<number[]>().notNull().default([]),
    /** A person's decision per 0-based question (confirmed or corrected); wins over the read answer. */
    corrections: jsonb('corrections').$type<Record<string, OmrAnswer>>().notNull().default({}),
    crops: jsonb('crops').$type<OmrCrops>().notNull().default({ questions: {} }),
    /** Student sheets: set when the student submits what was read (drafts are theirs alone). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Goes up with every correction or assignment; publishing records the revision it scored. */
    revision: integer('revision').notNull().default(0),
    publishedRevision: integer('published_revision'),
    attemptId: text('attempt_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('omr_sheets_task_idx').on(t.taskId, t.studentId), index('omr_sheets_student_idx').on(t.studentId)],
);
