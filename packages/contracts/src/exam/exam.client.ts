import { clientRoutes } from '../common/route.js';
import { examEndpoints, examSupervisionEndpoints } from './exam.endpoints.js';
import type { examRoutes, examSupervisionRoutes } from './exam.routes.js';

// The web client's tables: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

/** The exam calls for the web client: typed as `examRoutes`, holding only method and path. */
export const examClientRoutes = clientRoutes<typeof examRoutes>(examEndpoints);

export const examSupervisionClientRoutes = clientRoutes<typeof examSupervisionRoutes>(examSupervisionEndpoints);
