import { clientRoutes } from '../common/route.js';
import { omrEndpoints } from './omr.endpoints.js';
import type { omrRoutes } from './omr.routes.js';

// The web client's tables: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

export const omrClientRoutes = clientRoutes<typeof omrRoutes>(omrEndpoints);
