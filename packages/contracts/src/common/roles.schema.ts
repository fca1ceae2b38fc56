import { z } from 'zod';
import { ROLES } from './roles.js';

/** A role as the API sends it (kept apart from roles.ts, which the web's first bundle imports). */
export const RoleSchema = z.enum(ROLES);
