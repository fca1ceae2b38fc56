import { SEARCH_LIMIT_PER_TYPE, type SearchResult } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';

/** One domain's part of the search: the actor's own items matching `text`, case-insensitively. */
export type SearchSource = (actor: Actor, text: string, limit: number) => Promise<SearchResult[]>;

export function createSearchService(deps: { sources: SearchSource[] }) {
  return {
    /** Results of every source, grouped by type in the sources' order, each group at most SEARCH_LIMIT_PER_TYPE. */
    async query(actor: Actor, text: string): Promise<SearchResult[]> {
      const groups = await Promise.all(deps.sources.map((source) => source(actor, text, SEARCH_LIMIT_PER_TYPE)));
      return groups.flat();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
