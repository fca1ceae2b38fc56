export * from './question-bank.constants.js';
export * from './question-bank.errors.js';
export * from './question-bank.rules.js';
export * from './question-bank.schemas.js';
export * from './question-bank.routes.js';
export * from './question-bank.import-messages.js';
