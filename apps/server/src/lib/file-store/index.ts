export * from './file-store.js';
export * from './file-store.factory.js';
export * from './file-store.signing.js';
export * from './file-store.sniffing.js';
export * from './file-store.uploads.js';
export * from './file-store.local.js';
export * from './file-store.s3.js';
