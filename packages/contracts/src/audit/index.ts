export * from './audit.schemas.js';
export * from './audit.routes.js';
export * from './audit.endpoints.js';
export * from './audit.client.js';
