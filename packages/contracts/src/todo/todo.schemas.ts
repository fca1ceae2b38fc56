import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { WORKSPACE_LIMITS, labelIdsField } from '../workspace/workspace.schemas.js';

export const TODO_FOLDERS = ['all', 'starred', 'important', 'today', 'completed', 'deleted'] as const;
export type TodoFolder = (typeof TODO_FOLDERS)[number];

export const TODO_DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type TodoDueFilter = (typeof TODO_DUE_FILTERS)[number];

/**
 * The day boundary for "today" and the due filters, when the client does not name its own
 * time zone. The product's students are in India.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A calendar date, YYYY-MM-DD, that exists. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const timeZoneField = z.string().max(64).refine(isTimeZone, msg('timeZoneInvalid'));

/** A to-do item. dueDate is a calendar date (YYYY-MM-DD) or null. */
export const TodoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  notes: z.string(),
  dueDate: z.string().nullable(),
  starred: z.boolean(),
  important: z.boolean(),
  completed: z.boolean(),
  /** In the trash. */
  deleted: z.boolean(),
  labels: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Todo = z.infer<typeof TodoSchema>;

/** GET /todo/v1/list: one folder, optionally narrowed by a label and a due-date filter. */
export const TodoListQuerySchema = z.object({
  folder: z.enum(TODO_FOLDERS, msg('todoFolderInvalid')).optional().default('all'),
  labelId: idField.optional(),
  due: z.enum(TODO_DUE_FILTERS, msg('todoDueFilterInvalid')).optional(),
  /** IANA time zone of the student, for "today"; DEFAULT_TIME_ZONE when absent. */
  tz: timeZoneField.optional(),
});
export type TodoListQuery = z.input<typeof TodoListQuerySchema>;

const todoTitleField = z
  .string(msg('todoTitleRequired'))
  .trim()
  .min(1, msg('todoTitleRequired'))
  .max(WORKSPACE_LIMITS.titleMax, msg('titleTooLong'));
const todoNotesField = z.string().trim().max(WORKSPACE_LIMITS.todoNotesMax, msg('descriptionTooLong'));
const dueDateField = z.string(msg('dueDateInvalid')).refine(isIsoDate, msg('dueDateInvalid')).nullable();

/** POST /todo/v1/create */
export const CreateTodoBodySchema = z.object({
  title: todoTitleField,
  notes: todoNotesField.optional().default(''),
  dueDate: dueDateField.optional().default(null),
  starred: z.boolean().optional().default(false),
  important: z.boolean().optional().default(false),
  completed: z.boolean().optional().default(false),
  labels: labelIdsField.optional().default([]),
});
export type CreateTodoBody = z.input<typeof CreateTodoBodySchema>;
export type CreateTodoInput = z.output<typeof CreateTodoBodySchema>;

/** PUT /todo/v1/update: the id and whichever fields change (dueDate null clears it). */
export const UpdateTodoBodySchema = z.object({
  id: idField,
  title: todoTitleField.optional(),
  notes: todoNotesField.optional(),
  dueDate: dueDateField.optional(),
  starred: z.boolean().optional(),
  important: z.boolean().optional(),
  completed: z.boolean().optional(),
  labels: labelIdsField.optional(),
});
export type UpdateTodoBody = z.input<typeof UpdateTodoBodySchema>;
export type UpdateTodoInput = z.output<typeof UpdateTodoBodySchema>;

/** POST /todo/v1/restore: bring an item back from the trash. */
export const RestoreTodoBodySchema = z.object({ id: idField });
export type RestoreTodoBody = z.infer<typeof RestoreTodoBodySchema>;

/** DELETE /todo/v1/delete: `permanent` is true when the item was already in the trash and is gone. */
export const TodoDeletedSchema = z.object({ id: z.number().int(), permanent: z.boolean() });
export type TodoDeleted = z.infer<typeof TodoDeletedSchema>;
