export * from './jobs.errors.js';
export * from './jobs.schemas.js';
export * from './jobs.routes.js';
