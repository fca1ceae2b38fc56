export * from './profile.schemas.js';
export * from './profile.routes.js';
