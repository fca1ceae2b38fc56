export * from './todo.schemas.js';
export * from './todo.routes.js';
