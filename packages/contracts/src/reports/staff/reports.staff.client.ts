import { clientRoutes } from '../../common/route.js';
import { staffReportsEndpoints } from './reports.staff.endpoints.js';
import type { staffReportsRoutes } from './reports.staff.routes.js';

// The web client's table: typed as the routes (schemas and access), holding only method and
// path, so the validation library stays out of the pages that call them. Here, not beside the
// endpoints, so that endpoints never import routes and routes never import back.

export const staffReportsClientRoutes = clientRoutes<typeof staffReportsRoutes>(staffReportsEndpoints);
