import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onUnauthorized } from '../../../lib/api-client';
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
  const { t } = useTranslation('auth');
  const notify = useNotify();
  const queryClient = useQueryClient();
  startupOnce();

  useEffect(() => {
    setLogoutHandler((reason) => {
      queryClient.clear();
      return endSession(reason);
    });
    return onUnauthorized((error) => {
      queryClient.clear();
      void endSession(error.code === 'AUTH_TOKEN_EXPIRED' ? 'expired' : error.message);
    });
  }, [queryClient]);

  useEffect(() => {
    const { restore, logoutReason } = startupOnce();
    if (restore === 'expired' || logoutReason === 'expired') notify.warning(t('tokenExpiredWarning'));
    else if (restore === 'failed') notify.error(t('messages:tokenLoginFailed'));
    else if (logoutReason) notify.warning(logoutReason);
    // Shown once: later renders must not repeat it.
    startup = { restore: 'none', logoutReason: null };
  }, [notify, t]);

  return children;
}
