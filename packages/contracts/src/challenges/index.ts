export * from './challenges.schemas.js';
export * from './challenges.routes.js';
export * from './challenges.mail-texts.js';
