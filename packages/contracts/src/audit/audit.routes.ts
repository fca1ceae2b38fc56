import { ADMIN_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { auditEndpoints } from './audit.endpoints.js';
import { AuditListSchema, ListAuditQuerySchema } from './audit.schemas.js';

/** The audit log, read by admins within their client (institute admins: their institute). */
export const auditRoutes = {
  list: defineRoute({
    ...auditEndpoints.list,
    access: ADMIN_ROLES,
    permission: 'audit.view',
    summary: 'Admins: staff changes in scope — who, when, what, before and after, why — filtered and paged',
    query: ListAuditQuerySchema,
    response: AuditListSchema,
  }),
};
