import { clientRoutes } from '../common/route.js';
import { supportEndpoints } from './support.endpoints.js';
import type { supportRoutes } from './support.routes.js';

// The web client's tables: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

export const supportClientRoutes = clientRoutes<typeof supportRoutes>(supportEndpoints);
