import { ADMIN_ROLES, STAFF_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import { supportEndpoints } from './support.endpoints.js';
import { CreateSupportMessageBodySchema, ListInboxQuerySchema, SupportListSchema, SupportMessageSchema, UpdateSupportMessageBodySchema } from './support.schemas.js';

/**
 * Contact Us (spec 000 §2 /contactus): staff and the Institution account write to their
 * institute's administrators, who answer from an inbox scoped to their institute or client.
 */
export const supportRoutes = {
  create: defineRoute({
    ...supportEndpoints.create,
    access: [...STAFF_ROLES, 'Institution'],
    permission: 'support.contact',
    summary: 'Send a message to the institute’s administrators (mailed to each in their language)',
    body: CreateSupportMessageBodySchema,
    response: SupportMessageSchema,
  }),
  listMine: defineRoute({
    ...supportEndpoints.listMine,
    access: [...STAFF_ROLES, 'Institution'],
    permission: 'support.contact',
    summary: 'The caller’s own messages with their status and reply, newest first',
    response: SupportListSchema,
  }),
  listInbox: defineRoute({
    ...supportEndpoints.listInbox,
    access: ADMIN_ROLES,
    permission: 'support.inbox',
    summary: 'Admins: messages from their institute (client admins: their client), newest first',
    query: ListInboxQuerySchema,
    response: SupportListSchema,
  }),
  update: defineRoute({
    ...supportEndpoints.update,
    access: ADMIN_ROLES,
    permission: 'support.inbox',
    summary: 'Admins: set a message’s status and reply note (audited)',
    body: UpdateSupportMessageBodySchema,
    response: SupportMessageSchema,
  }),
};
