import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { onUnauthorized } from '../../../lib/api-client';
import { clearQueryCache } from '../../../lib/query-cache';
import { setLogoutHandler } from '../../../lib/session-store';
import { useNotify } from '../../../hooks/use-notify';
import { endSession, restoreSession, takeLogoutReason, type RestoreResult } from '../session';

// Decided once per page load: StrictMode runs effects twice and the second run must not see a
// session the first one already cleared.
let startup: { restore: RestoreResult; logoutReason: string | null } | null = null;
function startupOnce() {
  startup ??= { restore: restoreSession(), logoutReason: takeLogoutReason() };
  return startup;
}

/**
 * The session layer: auto-login from storage, the expiry warning, logout on any 401, and the
 * message of a logout that happened before the reload.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  // Not suspending: the whole app renders inside this gate.
  const { t, i18n } = useTranslation('auth', { useSuspense: false });
  const notify = useNotify();
  startupOnce();

  useEffect(() => {
    setLogoutHandler((reason) => {
      clearQueryCache();
      return endSession(reason);
    });
    return onUnauthorized((error) => {
      clearQueryCache();
      void endSession(error.code === 'AUTH_TOKEN_EXPIRED' ? 'expired' : error.message);
    });
  }, []);

  useEffect(() => {
    const { restore, logoutReason } = startupOnce();
    // The `auth` texts load with the login pages, not with the app: wait for them here.
    if (restore === 'expired' || logoutReason === 'expired') void i18n.loadNamespaces('auth').then(() => notify.warning(t('tokenExpiredWarning')));
    else if (restore === 'failed') notify.error(t('messages:tokenLoginFailed'));
    else if (logoutReason) notify.warning(logoutReason);
    // Shown once: later renders must not repeat it.
    startup = { restore: 'none', logoutReason: null };
  }, [notify, t, i18n]);

  return children;
}
