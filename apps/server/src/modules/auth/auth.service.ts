import { createAccountReads } from './auth.account-reads.js';
import { createAccounts } from './auth.accounts.js';
import { createAuthContext, type AuthServiceDeps } from './auth.context.js';
import { createCredentials } from './auth.credentials.js';
import { createParentPhoneCodes } from './auth.parent-phone.js';
import { createPasswordReset } from './auth.password-reset.js';
import { createSessions } from './auth.sessions.js';
import { createSignIns } from './auth.sign-in.js';
import { createSignup } from './auth.signup.js';

export { displayNameOf, effectivePermissions, type AuthServiceDeps } from './auth.context.js';
export { EXPIRED_AUTH_RECORDS_KEPT_MS } from './auth.sessions.js';
export { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_LINK_TTL_MS } from './auth.sign-in.js';

/**
 * Accounts, sessions and credentials, one operation file per job (decision 090): signing in
 * (auth.sign-in.ts), sign-up (auth.signup.ts), the password reset (auth.password-reset.ts), a
 * parent's phone code (auth.parent-phone.ts), sessions (auth.sessions.ts), what other modules read
 * of accounts (auth.account-reads.ts), the account writes they ask for (auth.accounts.ts, decision
 * 093) and the credential writes (auth.credentials.ts).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const context = createAuthContext(deps);
  const { repo, clock, passwords } = deps;
  return {
    startSession: context.startSession,
    ensureParentLink: context.ensureParentLink,
    /** Password and session writes other modules ask for (students' links, resets and changes). */
    credentials: createCredentials({ repo, clock, passwords, sessionCache: context.sessionCache }),
    /** Account writes other modules ask for (roster, profile, first set-up, parent links; decision 093). */
    accounts: createAccounts({ repo, passwords }),
    ...createSignIns(context),
    ...createSignup(context),
    ...createPasswordReset(context),
    ...createParentPhoneCodes(context),
    ...createSessions(context),
    ...createAccountReads(context),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
