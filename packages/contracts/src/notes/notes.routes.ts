import { z } from 'zod';
import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { CreateLabelBodySchema, DeletedSchema, EditLabelBodySchema, IdQuerySchema, LabelSchema } from '../workspace/workspace.schemas.js';
import { CreateNoteBodySchema, EditNoteBodySchema, NoteSchema } from './notes.schemas.js';

/** Spec 000 §7 "Notes". Every call sees and changes only the caller's own records. */
export const notesRoutes = {
  listLabels: defineRoute({
    method: 'GET',
    path: '/notes/v1/listLabels',
    access: STUDENT_ROLES,
    summary: "The student's note labels",
    response: z.array(LabelSchema),
  }),
  createLabel: defineRoute({
    method: 'POST',
    path: '/notes/v1/createLabel',
    access: STUDENT_ROLES,
    summary: 'Create a note label (name unique per student)',
    body: CreateLabelBodySchema,
    response: LabelSchema,
  }),
  editLabel: defineRoute({
    method: 'PUT',
    path: '/notes/v1/editLabel',
    access: STUDENT_ROLES,
    summary: 'Rename a note label',
    body: EditLabelBodySchema,
    response: LabelSchema,
  }),
  deleteLabel: defineRoute({
    method: 'DELETE',
    path: '/notes/v1/deleteLabel',
    access: STUDENT_ROLES,
    summary: 'Delete a note label; it is removed from notes, the notes stay',
    query: IdQuerySchema,
    response: DeletedSchema,
  }),
  listNotes: defineRoute({
    method: 'GET',
    path: '/notes/v1/listNotes',
    access: STUDENT_ROLES,
    summary: "The student's notes: pinned first, then newest first (archived ones included, flagged)",
    response: z.array(NoteSchema),
  }),
  createNotes: defineRoute({
    method: 'POST',
    path: '/notes/v1/createNotes',
    access: STUDENT_ROLES,
    summary: 'Create a note (optional checklist, labels, reminder, JPEG/PNG data-URL image)',
    body: CreateNoteBodySchema,
    response: NoteSchema,
  }),
  editNotes: defineRoute({
    method: 'PUT',
    path: '/notes/v1/editNotes',
    access: STUDENT_ROLES,
    summary: 'Change a note: the id and the fields that change',
    body: EditNoteBodySchema,
    response: NoteSchema,
  }),
  deleteNotes: defineRoute({
    method: 'DELETE',
    path: '/notes/v1/deleteNotes',
    access: STUDENT_ROLES,
    summary: 'Delete a note',
    query: IdQuerySchema,
    response: DeletedSchema,
  }),
};
