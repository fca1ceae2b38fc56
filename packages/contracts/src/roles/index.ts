export * from './permissions.js';
