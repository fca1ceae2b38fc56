export * from './files.errors.js';
export * from './files.schemas.js';
export * from './files.routes.js';
export * from './files.upload-messages.js';
