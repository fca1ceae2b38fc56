export * from './search.schemas.js';
export * from './search.routes.js';
