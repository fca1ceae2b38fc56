export * from './exam.schemas.js';
export * from './exam.routes.js';
export * from './exam.errors.js';
export * from './exam.constants.js';
export * from './exam.endpoints.js';
export * from './exam.client.js';
export * from './exam.content.js';
