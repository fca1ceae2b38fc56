import { STAFF_ROLES } from '../../common/roles.js';
import { defineRoute } from '../../common/route.js';
import { CoursePackagePreviewSchema, CourseUploadStartedSchema } from './academy.package.schemas.js';

/** Course Upload; `academyManageRoutes` (the academy's index) serves them beside Content Management's. */
export const coursePackageRoutes = {
  previewCoursePackage: defineRoute({
    method: 'POST',
    path: '/academy/v1/courseupload/preview',
    access: STAFF_ROLES,
    permission: 'academy.uploadCourses',
    summary:
      'Staff: read a course package (zip with manifest.json) and list what it would create and every error, writing nothing',
    multipart: true,
    response: CoursePackagePreviewSchema,
  }),
  uploadCoursePackage: defineRoute({
    method: 'POST',
    path: '/teacher/v1/contentFileUpload',
    access: STAFF_ROLES,
    permission: 'academy.uploadCourses',
    summary:
      'Staff: check a course package, then create its course, topics and lessons with their files as one tracked job, all or nothing',
    multipart: true,
    response: CourseUploadStartedSchema,
  }),
};
