// One schema for the whole database; each domain keeps its tables in its own file.
export * from './accounts.js';
export * from './academy-core.js';
export * from './lookups.js';
export * from './workspace.js';
export * from './academy.js';
export * from './question-bank.js';
export * from './exam.js';
export * from './proctoring.js';
export * from './runner.js';
export * from './roles.js';
export * from './jobs.js';
