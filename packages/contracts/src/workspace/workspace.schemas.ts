import { z } from 'zod';
import { idField, msg } from '../common/validation.js';

/**
 * Pieces shared by the student's workspace domains (notes, bookmarks, to-do): labels, label-id
 * lists, inline images and the limits that keep one item from growing without bound.
 */
export const WORKSPACE_LIMITS = {
  titleMax: 200,
  descriptionMax: 20_000,
  linkMax: 2_000,
  labelTitleMax: 60,
  labelsPerItem: 20,
  checklistItems: 100,
  checklistTextMax: 500,
  todoNotesMax: 5_000,
  searchQueryMax: 100,
} as const;

/** A label of bookmarks, notes or to-dos. The client sends its name as `title`. */
export const LabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A slug of the name, unique per owner; the label views' routes use it. */
  handle: z.string(),
});
export type Label = z.infer<typeof LabelSchema>;

export const labelTitleField = z
  .string(msg('labelTitleRequired'))
  .trim()
  .min(1, msg('labelTitleRequired'))
  .max(WORKSPACE_LIMITS.labelTitleMax, msg('labelTitleTooLong'));

export const CreateLabelBodySchema = z.object({ title: labelTitleField });
export type CreateLabelBody = z.infer<typeof CreateLabelBodySchema>;

export const EditLabelBodySchema = z.object({ labelId: idField, title: labelTitleField });
export type EditLabelBody = z.infer<typeof EditLabelBodySchema>;

/** Label ids on an item; duplicates collapse. Every id must be one of the owner's labels. */
export const labelIdsField = z
  .array(idField, msg('labelInvalid'))
  .max(WORKSPACE_LIMITS.labelsPerItem, msg('tooManyLabels'))
  .transform((ids) => [...new Set(ids)]);

/**
 * An inline image (data URL). Empty or null means none. The server decodes it and checks the
 * bytes themselves (JPEG or PNG only, at most IMAGE_UPLOAD_MAX_BYTES): 413 when too large,
 * 422 when the content is not a JPEG or PNG, whatever the declared type says.
 */
export const imageField = z
  .string(msg('imageInvalid'))
  .trim()
  .nullable()
  .transform((value) => (value ? value : null));

export const titleField = z.string().trim().max(WORKSPACE_LIMITS.titleMax, msg('titleTooLong'));

export const DeletedSchema = z.object({ id: z.number().int() });
export type Deleted = z.infer<typeof DeletedSchema>;

/** `?id=` of a delete call. */
export const IdQuerySchema = z.object({ id: idField });
