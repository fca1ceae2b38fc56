export * from './workspace.schemas.js';
export * from './workspace.errors.js';
