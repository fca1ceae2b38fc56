export * from './schedules.errors.js';
export * from './schedules.schemas.js';
export * from './schedules.routes.js';
