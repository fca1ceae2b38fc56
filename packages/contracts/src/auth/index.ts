export * from './auth.schemas.js';
export * from './auth.routes.js';
