import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookmarkLabels, bookmarks } from '../../db/schema/index.js';
import { LabelGoneError } from '../workspace/workspace.errors.js';
import { containsPattern, createLabelRepository, pgErrorCode } from '../workspace/workspace.repository.js';

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
  async function withLabels(tx: Db, rows: BookmarkRow[]): Promise<BookmarkRecord[]> {
    const map = new Map<number, number[]>();
    if (rows.length) {
      const links = await tx
        .select()
        .from(bookmarkLabels)
        .where(
          inArray(
            bookmarkLabels.bookmarkId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(bookmarkLabels.labelId));
      for (const link of links) map.set(link.bookmarkId, [...(map.get(link.bookmarkId) ?? []), link.labelId]);
    }
    return rows.map((row) => ({ ...row, labels: map.get(row.id) ?? [] }));
  }

  async function setLabels(tx: Db, bookmarkId: number, labelIds: number[]): Promise<void> {
    await tx.delete(bookmarkLabels).where(eq(bookmarkLabels.bookmarkId, bookmarkId));
    if (labelIds.length) await tx.insert(bookmarkLabels).values(labelIds.map((labelId) => ({ bookmarkId, labelId })));
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new LabelGoneError();
      throw error;
    }
  }

  const mine = (ownerId: number, id: number) => and(eq(bookmarks.ownerId, ownerId), eq(bookmarks.id, id));

  return {
    labels: createLabelRepository(db, 'bookmark'),

    async list(ownerId: number): Promise<BookmarkRecord[]> {
      const rows = await db.select().from(bookmarks).where(eq(bookmarks.ownerId, ownerId)).orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
      return withLabels(db, rows);
    },

    async findOwned(ownerId: number, id: number): Promise<BookmarkRecord | undefined> {
      const rows = await db.select().from(bookmarks).where(mine(ownerId, id)).limit(1);
      return (await withLabels(db, rows))[0];
    },

    async create(ownerId: number, values: BookmarkValues, labelIds: number[], now: Date): Promise<BookmarkRecord> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(bookmarks)
            .values({ ...values, ownerId, createdAt: now, updatedAt: now })
            .returning();
          await setLabels(tx as unknown as Db, row!.id, labelIds);
          return { ...row!, labels: [...labelIds].sort((a, b) => a - b) };
        }),
      );
    },

    async update(
      ownerId: number,
      id: number,
      patch: Partial<BookmarkValues>,
      labelIds: number[] | undefined,
      now: Date,
    ): Promise<BookmarkRecord | undefined> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(bookmarks)
            .set({ ...patch, updatedAt: now })
            .where(mine(ownerId, id))
            .returning();
          if (!row) return undefined;
          if (labelIds) await setLabels(tx as unknown as Db, id, labelIds);
          return (await withLabels(tx as unknown as Db, [row]))[0];
        }),
      );
    },

    async delete(ownerId: number, id: number): Promise<boolean> {
      const rows = await db.delete(bookmarks).where(mine(ownerId, id)).returning({ id: bookmarks.id });
      return rows.length > 0;
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
