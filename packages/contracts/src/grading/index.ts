export * from './grading.schemas.js';
export * from './grading.routes.js';
export * from './grading.endpoints.js';
export * from './grading.client.js';
