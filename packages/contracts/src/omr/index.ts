export * from './omr.errors.js';
export * from './omr.schemas.js';
export * from './omr.routes.js';
export * from './omr.endpoints.js';
export * from './omr.client.js';
export * from './omr.page-messages.js';
