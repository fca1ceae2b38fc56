import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionUser } from '../lib/session-store';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
