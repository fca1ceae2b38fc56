export * from './psychometrics.schemas.js';
export * from './psychometrics.errors.js';
export * from './psychometrics.routes.js';
