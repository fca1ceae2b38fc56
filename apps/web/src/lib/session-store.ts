import { STORAGE_KEYS, type ActiveTestDetails, type Role } from '@app/contracts';
import { storage } from './storage';

/** The signed-in user (spec 000 §3 "Session user"); the token and ClientID are kept beside it. */
export interface SessionUser {
  displayName: string;
  role: Role;
  userName: string;
  UserSessionID: string;
  email: string | null;
  photoURL: string | null;
  CourseID: number | null;
  TaskID: number | null;
  activeTestDetails: ActiveTestDetails | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: SessionUser | null = storage.getJson<SessionUser>(STORAGE_KEYS.user);

function emit() {
  listeners.forEach((listener) => listener());
}

/**
 * One store of the session user shared by every feature (features never import each other, so
 * the auth feature writes here and the shell, profile and others read through `useSessionUser`).
 */
export const sessionStore = {
  get: (): SessionUser | null => current,
  set(user: SessionUser | null) {
    current = user;
    if (user) storage.setJson(STORAGE_KEYS.user, user);
    else localStorage.removeItem(STORAGE_KEYS.user);
    emit();
  },
  update(patch: Partial<SessionUser>) {
    if (!current) return;
    sessionStore.set({ ...current, ...patch });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads storage (tests and a second tab signing out). */
  reload() {
    current = storage.getJson<SessionUser>(STORAGE_KEYS.user);
    emit();
  },
};

type LogoutHandler = (reason?: string) => Promise<void> | void;
let logoutHandler: LogoutHandler = () => undefined;
/** The auth feature registers the real logout here so that any screen can sign out. */
export function setLogoutHandler(handler: LogoutHandler) {
  logoutHandler = handler;
}
export function requestLogout(reason?: string) {
  return logoutHandler(reason);
}
