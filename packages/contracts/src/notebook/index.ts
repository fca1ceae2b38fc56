export * from './notebook.schemas.js';
export * from './notebook.routes.js';
