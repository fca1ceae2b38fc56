export * from './bookmarks.schemas.js';
export * from './bookmarks.routes.js';
