export * from './proctoring.schemas.js';
export * from './proctoring.routes.js';
export * from './proctoring.endpoints.js';
export * from './proctoring.client.js';
