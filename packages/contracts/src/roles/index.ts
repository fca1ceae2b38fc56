export * from './permissions.js';
export * from './roles.schemas.js';
export * from './roles.errors.js';
export * from './roles.routes.js';
export * from './roles.endpoints.js';
export * from './roles.client.js';
