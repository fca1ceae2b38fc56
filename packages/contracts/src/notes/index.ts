export * from './notes.schemas.js';
export * from './notes.routes.js';
