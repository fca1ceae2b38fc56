import { STAFF_ROLES, STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { proctoringEndpoints } from './proctoring.endpoints.js';
import {
  CapturedPhotoSchema,
  CapturePhotoBodySchema,
  GetPhotoQuerySchema,
  ListPhotosQuerySchema,
  ListPhotosResultSchema,
  PhotoSchema,
} from './proctoring.schemas.js';

/** Camera frames: the player stores them, staff review them. */
export const proctoringRoutes = {
  capturePhoto: defineRoute({
    ...proctoringEndpoints.capturePhoto,
    access: STUDENT_ROLES,
    summary: 'Store a camera frame (JPEG) of an open attempt',
    body: CapturePhotoBodySchema,
    response: CapturedPhotoSchema,
  }),
  listPhotos: defineRoute({
    ...proctoringEndpoints.listPhotos,
    access: STAFF_ROLES,
    permission: 'proctoring.viewFrames',
    summary: 'Staff: camera frames of an attempt',
    query: ListPhotosQuerySchema,
    response: ListPhotosResultSchema,
  }),
  getPhoto: defineRoute({
    ...proctoringEndpoints.getPhoto,
    access: STAFF_ROLES,
    permission: 'proctoring.viewFrames',
    summary: 'Staff: one camera frame as a data URL',
    query: GetPhotoQuerySchema,
    response: PhotoSchema,
  }),
};
