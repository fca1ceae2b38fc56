export * from './students.schemas.js';
export * from './students.errors.js';
export * from './students.routes.js';
export * from './students.endpoints.js';
export * from './students.client.js';
export * from './students.mail-texts.js';
