import { z } from 'zod';
import { msg } from '../common/validation.js';
import { WORKSPACE_LIMITS } from '../workspace/workspace.schemas.js';

export const SEARCH_RESULT_TYPES = ['note', 'bookmark', 'todo'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** How many results of each type one query returns at most. */
export const SEARCH_LIMIT_PER_TYPE = 20;

/** GET /search/v1/query?q= */
export const SearchQuerySchema = z.object({
  q: z
    .string(msg('searchQueryRequired'))
    .trim()
    .min(1, msg('searchQueryRequired'))
    .max(WORKSPACE_LIMITS.searchQueryMax, msg('searchQueryTooLong')),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.number().int(),
  title: z.string(),
  /** A short piece of the text (description, link or to-do notes). */
  snippet: z.string(),
  archived: z.boolean(),
  /** The client route that opens the item. */
  route: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
