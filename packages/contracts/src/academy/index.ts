import { contentManagementRoutes } from './manage/academy.manage.routes.js';
import { coursePackageRoutes } from './package/academy.package.routes.js';

// The academy's rooms (decision 084): each folder is one room; what two rooms use is in shared/.
export * from './shared/academy.schemas.js';
export * from './shared/academy.errors.js';
export * from './shared/academy.messages.js';
export * from './student/academy.student.schemas.js';
export * from './student/academy.student.routes.js';
export * from './manage/academy.manage.schemas.js';
export * from './package/academy.package.schemas.js';
export * from './package/academy.package.example.js';
export * from './test-config/academy.test-config.schemas.js';
export * from './test-config/academy.test-config.rules.js';
export * from './test-config/academy.test-config.errors.js';
export * from './test-config/academy.test-config.routes.js';

/** Staff routes of Content Management, Resource Upload and Course Upload, one table (the rooms' tables are not exported apart). */
export const academyManageRoutes = { ...contentManagementRoutes, ...coursePackageRoutes };
