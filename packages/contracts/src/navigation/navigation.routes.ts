import { STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { NotificationSchema, SaveUrlBodySchema, SaveUrlResultSchema, TeacherUserInfoSchema } from './navigation.schemas.js';

export const navigationRoutes = {
  teacherUserInfo: defineRoute({
    method: 'GET',
    path: '/teacher/v1/getUserInfo',
    access: STAFF_ROLES,
    summary: "The staff user's permission tabs (TabName, url)",
    response: TeacherUserInfoSchema,
  }),
  notification: defineRoute({
    method: 'GET',
    path: '/common/v1/notification',
    access: 'user',
    summary: "The user's active test, if one is running",
    response: NotificationSchema,
  }),
  saveUrl: defineRoute({
    method: 'POST',
    path: '/task/v1/saveURL',
    access: ['Student'],
    summary: 'Report visited pages (Students only)',
    body: SaveUrlBodySchema,
    response: SaveUrlResultSchema,
  }),
};
