import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/auth.routes.js';
import { lookupsModule } from './lookups/lookups.routes.js';
import { navigationModule } from './navigation/navigation.routes.js';
import { profileModule } from './profile/profile.routes.js';

/** Every API module, registered in this order under /api. Add a module here once. */
export const apiModules: FastifyPluginAsync[] = [authModule, lookupsModule, profileModule, navigationModule];
