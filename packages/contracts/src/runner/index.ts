export * from './runner.schemas.js';
export * from './runner.routes.js';
export * from './runner.errors.js';
export * from './runner.constants.js';
