import { z } from 'zod';
import { idField, msg, urlField } from '../common/validation.js';
import { WORKSPACE_LIMITS, imageField, labelIdsField, titleField } from '../workspace/workspace.schemas.js';

/** Spec 000 §3 "Bookmark". `time` is when the server last saved it (ISO 8601). */
export const BookmarkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  archive: z.boolean(),
  image: z.string().nullable(),
  link: z.string(),
  time: z.string(),
  labels: z.array(z.number().int()),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

const linkField = urlField.pipe(z.string().max(WORKSPACE_LIMITS.linkMax, msg('invalidUrl')));
const descriptionField = z.string().trim().max(WORKSPACE_LIMITS.descriptionMax, msg('descriptionTooLong'));

/** POST /bookmark/v1/createBookmark. The description defaults to the link (spec §3). */
export const CreateBookmarkBodySchema = z.object({
  title: titleField.optional().default(''),
  description: descriptionField.optional(),
  labels: labelIdsField.optional().default([]),
  archive: z.boolean().optional().default(false),
  link: linkField,
  image: imageField.optional().default(null),
});
export type CreateBookmarkBody = z.input<typeof CreateBookmarkBodySchema>;
export type CreateBookmarkInput = z.output<typeof CreateBookmarkBodySchema>;

/** POST /bookmark/v1/editBookmark: the id and whichever fields change. */
export const EditBookmarkBodySchema = z.object({
  id: idField,
  title: titleField.optional(),
  description: descriptionField.optional(),
  labels: labelIdsField.optional(),
  archive: z.boolean().optional(),
  link: linkField.optional(),
  image: imageField.optional(),
});
export type EditBookmarkBody = z.input<typeof EditBookmarkBodySchema>;
export type EditBookmarkInput = z.output<typeof EditBookmarkBodySchema>;

/** DELETE /bookmark/v1/deleteLabel?labelId= */
export const DeleteBookmarkLabelQuerySchema = z.object({ labelId: idField });
