export * from './office.constants.js';
export * from './office.errors.js';
export * from './office.schemas.js';
export * from './office.routes.js';
export * from './office.endpoints.js';
export * from './office.client.js';
export * from './office.texts.js';
