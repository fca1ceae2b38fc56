import { type Bookmark, type CreateBookmarkInput, type EditBookmarkInput, type SearchResult } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { checkImage } from '../workspace/images.js';
import { createLabelledItemService } from '../workspace/labelled-items.service.js';
import type { BookmarkRecord, BookmarksRepository, BookmarkValues } from './bookmarks.repository.js';

export interface BookmarksServiceDeps {
  repo: BookmarksRepository;
  clock: Clock;
}

const toBookmark = (row: BookmarkRecord): Bookmark => ({
  id: row.id,
  title: row.title,
  description: row.description,
  archive: row.archive,
  image: row.image,
  link: row.link,
  time: row.updatedAt.toISOString(),
  labels: row.labels,
});

export function createBookmarksService(deps: BookmarksServiceDeps) {
  const { repo, clock } = deps;
  const shared = createLabelledItemService<BookmarkRecord>({ repo, clock });
  const { labels, write } = shared;

  return {
    ...shared.labelHandlers,

    async list(actor: Actor): Promise<Bookmark[]> {
      return (await repo.list(actor.userId)).map(toBookmark);
    },

    async create(actor: Actor, input: CreateBookmarkInput): Promise<Bookmark> {
      await labels.assertOwned(actor, input.labels);
      const values: BookmarkValues = {
        title: input.title,
        // Spec 000 §3: the description is set to the link on create.
        description: input.description || input.link,
        link: input.link,
        archive: input.archive,
        image: await checkImage(input.image),
      };
      return toBookmark(await write(() => repo.create(actor.userId, values, input.labels, clock.now())));
    },

    async edit(actor: Actor, input: EditBookmarkInput): Promise<Bookmark> {
      await shared.owned(actor, input.id);
      if (input.labels) await labels.assertOwned(actor, input.labels);
      const patch: Partial<BookmarkValues> = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.link !== undefined) patch.link = input.link;
      if (input.archive !== undefined) patch.archive = input.archive;
      if (input.image !== undefined) patch.image = await checkImage(input.image);
      const row = shared.found(await write(() => repo.update(actor.userId, input.id, patch, input.labels, clock.now())));
      return toBookmark(row);
    },

    remove: shared.removeOwned,

    async search(actor: Actor, text: string, limit: number): Promise<SearchResult[]> {
      const rows = await repo.search(actor.userId, text, limit);
      return rows.map((row) => ({
        type: 'bookmark' as const,
        id: row.id,
        title: row.title || row.link,
        snippet: row.description === row.link ? row.link : `${row.description.slice(0, 157)}${row.description.length > 157 ? '...' : ''}`,
        archived: row.archive,
        route: `/bookmark/${row.id}`,
      }));
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
