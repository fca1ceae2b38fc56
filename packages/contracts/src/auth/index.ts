export * from './auth.schemas.js';
export * from './auth.routes.js';
export * from './auth.errors.js';
export * from './auth.mail-texts.js';
