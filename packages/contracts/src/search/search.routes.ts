import { z } from 'zod';
import { STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { SearchQuerySchema, SearchResultSchema } from './search.schemas.js';

export const searchRoutes = {
  query: defineRoute({
    method: 'GET',
    path: '/search/v1/query',
    access: STUDENT_ROLES,
    summary: "Search the student's notes, bookmarks and to-dos by title and text, case-insensitively",
    query: SearchQuerySchema,
    response: z.array(SearchResultSchema),
  }),
};
