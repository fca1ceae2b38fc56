export * from './navigation.js';
export * from './navigation.schemas.js';
export * from './navigation.routes.js';
