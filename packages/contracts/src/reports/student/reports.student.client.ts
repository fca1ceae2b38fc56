import { clientRoutes } from '../../common/route.js';
import { reportsEndpoints } from './reports.student.endpoints.js';
import type { reportsRoutes } from './reports.student.routes.js';

// The web client's tables: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

export const reportsClientRoutes = clientRoutes<typeof reportsRoutes>(reportsEndpoints);
