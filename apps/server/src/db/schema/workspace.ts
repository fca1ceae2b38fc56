import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * The student's own workspace: notes, bookmarks, to-dos, their labels, and calendar events.
 * Every row has an owner; item–label links cascade on both sides, so deleting a label removes
 * it from items and never the items.
 */

export type ChecklistItemJson = { id: string; text: string; checked: boolean };

/** Labels of one kind of item ('note', 'bookmark', 'todo'); name and handle unique per owner and kind. */
export const workspaceLabels = pgTable(
  'workspace_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('workspace_labels_owner_kind_name_idx').on(t.ownerId, t.kind, sql`lower(${t.name})`),
    uniqueIndex('workspace_labels_owner_kind_handle_idx').on(t.ownerId, t.kind, t.handle),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    archive: boolean('archive').notNull().default(false),
    /** A data URL whose bytes were checked to be JPEG or PNG. */
    image: text('image'),
    checklist: jsonb('checklist').$type<ChecklistItemJson[]>().notNull().default(sql`'[]'::jsonb`),
    reminder: timestamp('reminder', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notes_owner_idx').on(t.ownerId), index('notes_owner_reminder_idx').on(t.ownerId, t.reminder)],
);

export const noteLabels = pgTable(
  'note_labels',
  {
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => workspaceLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.labelId] }), index('note_labels_label_idx').on(t.labelId)],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    link: text('link').notNull(),
    archive: boolean('archive').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bookmarks_owner_idx').on(t.ownerId)],
);

export const bookmarkLabels = pgTable(
  'bookmark_labels',
  {
    bookmarkId: integer('bookmark_id')
      .notNull()
      .references(() => bookmarks.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => workspaceLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookmarkId, t.labelId] }), index('bookmark_labels_label_idx').on(t.labelId)],
);

export const todos = pgTable(
  'todos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    completed: boolean('completed').notNull().default(false),
    /** In the trash; a second delete removes the row. */
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('todos_owner_idx').on(t.ownerId), index('todos_owner_due_idx').on(t.ownerId, t.dueDate)],
);

export const todoLabels = pgTable(
  'todo_labels',
  {
    todoId: integer('todo_id')
      .notNull()
      .references(() => todos.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => workspaceLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.todoId, t.labelId] }), index('todo_labels_label_idx').on(t.labelId)],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_events_owner_start_idx').on(t.ownerId, t.startsAt)],
);
