export * from './centre.schemas.js';
export * from './centre.errors.js';
export * from './centre.routes.js';
export * from './centre.endpoints.js';
export * from './centre.client.js';
