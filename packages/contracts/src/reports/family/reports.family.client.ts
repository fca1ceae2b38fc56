import { clientRoutes } from '../../common/route.js';
import { familyReportsEndpoints } from './reports.family.endpoints.js';
import type { familyReportsRoutes } from './reports.family.routes.js';

// The web client's tables: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

export const familyReportsClientRoutes = clientRoutes<typeof familyReportsRoutes>(familyReportsEndpoints);
