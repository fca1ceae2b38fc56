/** Query keys of the bookmarks domain; every bookmarks call invalidates under `bookmarksKeys.all`. */
export const bookmarksKeys = {
  all: ['bookmarks'] as const,
  list: () => [...bookmarksKeys.all, 'list'] as const,
  labels: () => [...bookmarksKeys.all, 'labels'] as const,
};
