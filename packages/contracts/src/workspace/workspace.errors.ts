import { defineErrors } from '../common/errors.js';

/** Errors shared by notes, bookmarks and to-do; the client shows their messages as toasts. */
export const WORKSPACE_ERRORS = defineErrors({
  WORKSPACE_ITEM_NOT_FOUND: { http: 404, message: 'itemNotFound' },
  WORKSPACE_LABEL_NOT_FOUND: { http: 404, message: 'labelNotFound' },
  WORKSPACE_LABEL_INVALID: { http: 400, message: 'labelInvalid' },
  WORKSPACE_LABEL_TAKEN: { http: 409, message: 'labelTitleTaken' },
  WORKSPACE_IMAGE_TOO_LARGE: { http: 413, message: 'imageTooLarge' },
  WORKSPACE_IMAGE_TYPE: { http: 422, message: 'imageTypeInvalid' },
  WORKSPACE_IMAGE_INVALID: { http: 422, message: 'imageInvalid' },
});
