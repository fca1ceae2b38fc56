import { ChecklistItemInputSchema, msg, WORKSPACE_LIMITS, type CreateNoteBody, type Note } from '@app/contracts';
import { z } from 'zod';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '../../../lib/date-time';

/** The checklist's "new item" field: required, checked on every change (spec 000 §5). */
export const checklistItemFormSchema = z.object({ text: ChecklistItemInputSchema.shape.text });
export type ChecklistItemFormValues = z.infer<typeof checklistItemFormSchema>;

/** The note form (spec 000 §5 "Note": every field optional); the reminder is a datetime-local value. */
export const noteFormSchema = z.object({
  title: z.string().max(WORKSPACE_LIMITS.titleMax, msg('titleTooLong')),
  description: z.string().max(WORKSPACE_LIMITS.descriptionMax, msg('descriptionTooLong')),
  image: z.string().nullable(),
  hasChecklist: z.boolean(),
  checklist: z
    .array(z.object({ id: z.string().optional(), text: z.string(), checked: z.boolean() }))
    .max(WORKSPACE_LIMITS.checklistItems, msg('checklistTooLong')),
  labels: z.array(z.number()),
  reminder: z
    .string()
    .refine((value) => value === '' || fromDateTimeLocalValue(value) !== null, msg('reminderInvalid')),
  color: z.string().nullable(),
});
export type NoteFormValues = z.infer<typeof noteFormSchema>;

export function emptyNoteForm(labels: number[] = []): NoteFormValues {
  return {
    title: '',
    description: '',
    image: null,
    hasChecklist: false,
    checklist: [],
    labels,
    reminder: '',
    color: null,
  };
}

export function noteToForm(note: Note): NoteFormValues {
  return {
    title: note.title,
    description: note.description,
    image: note.image,
    hasChecklist: note.checklist.length > 0,
    checklist: note.checklist.map((item) => ({ ...item })),
    labels: [...note.labels],
    reminder: toDateTimeLocalValue(note.reminder),
    color: note.color,
  };
}

/** The body of createNotes / editNotes from the form. */
export function formToNoteBody(values: NoteFormValues): Omit<CreateNoteBody, 'archive'> {
  return {
    title: values.title.trim(),
    description: values.description,
    image: values.image,
    checklist: values.hasChecklist
      ? values.checklist.map(({ id, text, checked }) => ({ ...(id && { id }), text, checked }))
      : [],
    labels: values.labels,
    reminder: fromDateTimeLocalValue(values.reminder),
    color: values.color,
  };
}
