import { z } from 'zod';
import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { CreateLabelBodySchema, DeletedSchema, EditLabelBodySchema, IdQuerySchema, LabelSchema } from '../workspace/workspace.schemas.js';
import { BookmarkSchema, CreateBookmarkBodySchema, DeleteBookmarkLabelQuerySchema, EditBookmarkBodySchema } from './bookmarks.schemas.js';

/** Spec 000 §7 "Bookmarks". Every call sees and changes only the caller's own records. */
export const bookmarksRoutes = {
  getLabelList: defineRoute({
    method: 'GET',
    path: '/bookmark/v1/getLabelList',
    access: STUDENT_ROLES,
    summary: "The student's bookmark labels",
    response: z.array(LabelSchema),
  }),
  createLabel: defineRoute({
    method: 'POST',
    path: '/bookmark/v1/createLabel',
    access: STUDENT_ROLES,
    summary: 'Create a bookmark label (name unique per student)',
    body: CreateLabelBodySchema,
    response: LabelSchema,
  }),
  editLabel: defineRoute({
    method: 'POST',
    path: '/bookmark/v1/editLabel',
    access: STUDENT_ROLES,
    summary: 'Rename a bookmark label',
    body: EditLabelBodySchema,
    response: LabelSchema,
  }),
  deleteLabel: defineRoute({
    method: 'DELETE',
    path: '/bookmark/v1/deleteLabel',
    access: STUDENT_ROLES,
    summary: 'Delete a bookmark label; it is removed from bookmarks, the bookmarks stay',
    query: DeleteBookmarkLabelQuerySchema,
    response: DeletedSchema,
  }),
  bookmarkList: defineRoute({
    method: 'GET',
    path: '/bookmark/v1/bookmarkList',
    access: STUDENT_ROLES,
    summary: "The student's bookmarks, newest first (archived ones included, flagged)",
    response: z.array(BookmarkSchema),
  }),
  createBookmark: defineRoute({
    method: 'POST',
    path: '/bookmark/v1/createBookmark',
    access: STUDENT_ROLES,
    summary: 'Create a bookmark (http, https or ftp link; optional JPEG/PNG data-URL image)',
    body: CreateBookmarkBodySchema,
    response: BookmarkSchema,
  }),
  editBookmark: defineRoute({
    method: 'POST',
    path: '/bookmark/v1/editBookmark',
    access: STUDENT_ROLES,
    summary: 'Change a bookmark: the id and the fields that change',
    body: EditBookmarkBodySchema,
    response: BookmarkSchema,
  }),
  deleteBookmark: defineRoute({
    method: 'DELETE',
    path: '/bookmark/v1/deleteBookmark',
    access: STUDENT_ROLES,
    summary: 'Delete a bookmark',
    query: IdQuerySchema,
    response: DeletedSchema,
  }),
};
