import { z } from 'zod';
import { idField, msg } from '../common/validation.js';
import { WORKSPACE_LIMITS, imageField, labelIdsField, titleField } from '../workspace/workspace.schemas.js';

/** One line of a note's checklist. The client may name its own ids; the server fills missing ones. */
export const ChecklistItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  checked: z.boolean(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const ChecklistItemInputSchema = z.object({
  id: z.string().trim().max(64).optional(),
  text: z
    .string(msg('checklistItemRequired'))
    .trim()
    .min(1, msg('checklistItemRequired'))
    .max(WORKSPACE_LIMITS.checklistTextMax, msg('checklistItemTooLong')),
  checked: z.boolean().optional().default(false),
});
export type ChecklistItemInput = z.input<typeof ChecklistItemInputSchema>;

/** Keep's note colours: a #rrggbb value, or null for the default. */
export const NOTE_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const NOTE_COLORS = ['#f28b82', '#fbbc04', '#fff475', '#ccff90', '#a7ffeb', '#cbf0f8', '#aecbfa', '#d7aefb', '#fdcfe8', '#e6c9a8', '#e8eaed'] as const;

/** Spec 000 §3 "Note", plus pinned and colour. `time` is when the server last saved it. */
export const NoteSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  archive: z.boolean(),
  image: z.string().nullable(),
  time: z.string(),
  checklist: z.array(ChecklistItemSchema),
  labels: z.array(z.number().int()),
  /** ISO 8601 date-time, or null. */
  reminder: z.string().nullable(),
  pinned: z.boolean(),
  color: z.string().nullable(),
});
export type Note = z.infer<typeof NoteSchema>;

const descriptionField = z.string().trim().max(WORKSPACE_LIMITS.descriptionMax, msg('descriptionTooLong'));
const checklistField = z.array(ChecklistItemInputSchema).max(WORKSPACE_LIMITS.checklistItems, msg('checklistTooLong'));
const reminderField = z.iso.datetime({ offset: true, ...msg('reminderInvalid') }).nullable();
const colorField = z
  .string(msg('colorInvalid'))
  .regex(NOTE_COLOR_PATTERN, msg('colorInvalid'))
  .nullable();

/**
 * POST /notes/v1/createNotes. `time` is accepted for the spec's sake and ignored: the server
 * stamps its own time.
 */
export const CreateNoteBodySchema = z.object({
  title: titleField.optional().default(''),
  description: descriptionField.optional().default(''),
  labels: labelIdsField.optional().default([]),
  checklist: checklistField.optional().default([]),
  image: imageField.optional().default(null),
  archive: z.boolean().optional().default(false),
  time: z.unknown().optional(),
  reminder: reminderField.optional().default(null),
  pinned: z.boolean().optional().default(false),
  color: colorField.optional().default(null),
});
export type CreateNoteBody = z.input<typeof CreateNoteBodySchema>;
export type CreateNoteInput = z.output<typeof CreateNoteBodySchema>;

/** PUT /notes/v1/editNotes: the id and whichever fields change (null clears image, reminder, colour). */
export const EditNoteBodySchema = z.object({
  id: idField,
  title: titleField.optional(),
  description: descriptionField.optional(),
  labels: labelIdsField.optional(),
  checklist: checklistField.optional(),
  image: imageField.optional(),
  archive: z.boolean().optional(),
  time: z.unknown().optional(),
  reminder: reminderField.optional(),
  pinned: z.boolean().optional(),
  color: colorField.optional(),
});
export type EditNoteBody = z.input<typeof EditNoteBodySchema>;
export type EditNoteInput = z.output<typeof EditNoteBodySchema>;
