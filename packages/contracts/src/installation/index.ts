export * from './installation.schemas.js';
export * from './installation.routes.js';
