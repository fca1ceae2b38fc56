export * from './reports.schemas.js';
export * from './reports.routes.js';
export * from './reports.endpoints.js';
