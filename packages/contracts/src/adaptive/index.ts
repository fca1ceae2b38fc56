export * from './adaptive.schemas.js';
export * from './adaptive.errors.js';
export * from './adaptive.routes.js';
