import type { FastifyPluginAsync } from 'fastify';
import { authModule } from './auth/auth.routes.js';

/** Every API module, registered in this order under /api. Add a module here once. */
export const apiModules: FastifyPluginAsync[] = [authModule];
