import { urlField, WORKSPACE_LIMITS, msg, type Bookmark, type CreateBookmarkBody } from '@app/contracts';
import { z } from 'zod';

/** Spec 000 §5 "Bookmark": the link is a required http, https or ftp URL; title and image are optional. */
export const bookmarkFormSchema = z.object({
  title: z.string().max(WORKSPACE_LIMITS.titleMax, msg('titleTooLong')),
  link: urlField,
  image: z.string().nullable(),
  labels: z.array(z.number()),
});
export type BookmarkFormValues = z.infer<typeof bookmarkFormSchema>;

export const emptyBookmarkForm = (labels: number[] = []): BookmarkFormValues => ({
  title: '',
  link: '',
  image: null,
  labels,
});

export const bookmarkToForm = (bookmark: Bookmark): BookmarkFormValues => ({
  title: bookmark.title,
  link: bookmark.link,
  image: bookmark.image,
  labels: [...bookmark.labels],
});

/** createBookmark's body: the description is set to the link (spec 000 §3). */
export function formToBookmarkBody(values: BookmarkFormValues, archive: boolean): CreateBookmarkBody {
  const link = values.link.trim();
  return { title: values.title.trim(), description: link, link, image: values.image, labels: values.labels, archive };
}
