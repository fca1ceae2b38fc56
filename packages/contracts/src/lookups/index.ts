export * from './lookups.schemas.js';
export * from './lookups.routes.js';
