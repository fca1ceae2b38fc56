import { defineRoute } from '../common/route.js';
import { SignInNoticeSchema } from './installation.schemas.js';

/** The installation's own state; public because the sign-in page shows it. */
export const installationRoutes = {
  signInNotice: defineRoute({
    method: 'GET',
    path: '/common/v1/signInNotice',
    access: 'public',
    summary: 'Whether demo accounts with the published password are active (the sign-in page warns)',
    response: SignInNoticeSchema,
  }),
};
