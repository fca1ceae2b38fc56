export * from './support.schemas.js';
export * from './support.errors.js';
export * from './support.routes.js';
export * from './support.endpoints.js';
export * from './support.client.js';
export * from './support.mail-texts.js';
