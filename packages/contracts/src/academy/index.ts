export * from './academy.schemas.js';
export * from './academy.routes.js';
