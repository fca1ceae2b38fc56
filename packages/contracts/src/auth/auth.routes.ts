import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { LoginBodySchema, LoginResultSchema, LoginWithSessionIdBodySchema, LogoutBodySchema } from './auth.schemas.js';

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/user/v1/login',
    access: 'public',
    summary: 'Sign in with username, e-mail or phone and a password',
    body: LoginBodySchema,
    response: LoginResultSchema,
  }),
  loginWithSessionId: defineRoute({
    method: 'POST',
    path: '/user/v1/loginwithsessionid',
    access: 'public',
    summary: 'Sign in with a session id handed over in a login URL',
    body: LoginWithSessionIdBodySchema,
    response: LoginResultSchema,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/user/v1/logout',
    access: 'user',
    summary: 'Revoke the session: its token stops working',
    body: LogoutBodySchema,
    response: z.null(),
  }),
};
