import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookmarkLabels, bookmarks } from '../../db/schema/index.js';
import { createLabelledItemRepository } from '../workspace/labelled-items.repository.js';
import { containsPattern } from '../workspace/workspace.repository.js';

export type BookmarkRow = typeof bookmarks.$inferSelect;
export type BookmarkRecord = BookmarkRow & { labels: number[] };
export interface BookmarkValues {
  title: string;
  description: string;
  link: string;
  archive: boolean;
  image: string | null;
}

export function createBookmarksRepository(db: Db) {
  const { withLabels, ...shared } = createLabelledItemRepository<typeof bookmarks, BookmarkValues>(db, {
    kind: 'bookmark',
    items: bookmarks,
    links: bookmarkLabels,
    linkItemId: bookmarkLabels.bookmarkId,
    linkLabelId: bookmarkLabels.labelId,
  });

  return {
    ...shared,

    async list(ownerId: number): Promise<BookmarkRecord[]> {
      const rows = await db.select().from(bookmarks).where(eq(bookmarks.ownerId, ownerId)).orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
      return withLabels(rows);
    },

    /** Title, description or link contains `text`, case-insensitively. */
    async search(ownerId: number, text: string, limit: number): Promise<BookmarkRow[]> {
      const pattern = containsPattern(text);
      return db
        .select()
        .from(bookmarks)
        .where(and(eq(bookmarks.ownerId, ownerId), or(ilike(bookmarks.title, pattern), ilike(bookmarks.description, pattern), ilike(bookmarks.link, pattern))))
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id))
        .limit(limit);
    },
  };
}

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
