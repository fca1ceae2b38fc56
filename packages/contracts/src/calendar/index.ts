export * from './calendar.schemas.js';
export * from './calendar.routes.js';
