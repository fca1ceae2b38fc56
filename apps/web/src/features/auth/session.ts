import type { LoginResult } from '@app/contracts';
import { sessionStore, type SessionUser } from '../../lib/session-store';
import { storage } from '../../lib/storage';
import { checkToken } from './token';
import { paths } from '../../config/paths';

/** Why the last session ended, shown once after the reload that follows logout. */
const LOGOUT_REASON_KEY = 'logoutReason';

export function toSessionUser(result: LoginResult): SessionUser {
  return {
    displayName: result.displayName,
    role: result.userTypeName,
    userName: result.userName,
    UserSessionID: result.UserSessionID,
    email: result.email,
    photoURL: result.photoURL,
    CourseID: result.CourseID,
    TaskID: result.TaskID,
    activeTestDetails: result.activeTestDetails,
  };
}

/** Keeps the token (under both spec keys), the ClientID and the user. */
export function startSession(result: LoginResult): SessionUser {
  const user = toSessionUser(result);
  storage.setToken(result.token);
  storage.setClientId(result.ClientID);
  sessionStore.set(user);
  return user;
}

/** The logout call; the auth API (and its route schemas) loads with it, not with the app entry. */
async function postLogout(UserSessionID: string) {
  const { logout } = await import('./api/auth-api');
  return logout(UserSessionID);
}

let isLoggingOut = false;

/**
 * Logout (spec 000 §4): posts the UserSessionID (so the token stops working), clears browser
 * storage and reloads at the root. A failed post still signs the browser out.
 */
export async function endSession(
  reason?: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  // Once per page: the reload that follows ends the page, and late 401s of calls still in
  // flight must not clear storage again (they would wipe the reason shown after the reload).
  if (isLoggingOut) return;
  isLoggingOut = true;
  const user = sessionStore.get();
  if (user && storage.getToken()) await postLogout(user.UserSessionID).catch(() => undefined);
  storage.clearSession();
  sessionStore.set(null);
  if (reason) sessionStorage.setItem(LOGOUT_REASON_KEY, reason);
  navigate(paths.root.getHref());
}

/** The reason stored by the last logout, read once. */
export function takeLogoutReason(): string | null {
  const reason = sessionStorage.getItem(LOGOUT_REASON_KEY);
  sessionStorage.removeItem(LOGOUT_REASON_KEY);
  return reason;
}

export type RestoreResult = 'none' | 'restored' | 'expired' | 'failed';

/**
 * Auto-login from storage (spec 000 §4): no token → none; an expired token clears the session
 * (the caller warns "access token expired"); a valid token with its user restores the session;
 * a token without a readable user cannot sign in ("Failed to login with token.").
 */
export function restoreSession(nowMs = Date.now()): RestoreResult {
  const token = storage.getToken();
  const state = checkToken(token, nowMs);
  if (state === 'none') {
    if (sessionStore.get()) sessionStore.set(null);
    return 'none';
  }
  if (state === 'expired') {
    storage.clearSession();
    sessionStore.set(null);
    return 'expired';
  }
  sessionStore.reload();
  if (!sessionStore.get()) {
    storage.clearSession();
    return 'failed';
  }
  return 'restored';
}
