import { STORAGE_KEYS } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store';
import { restoreSession } from './session';
import { checkToken } from './token';

const NOW_MS = Date.UTC(2026, 0, 10, 12, 0, 0);
const nowS = NOW_MS / 1000;

function tokenWith(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

const user = { displayName: 'Priya Raman', role: 'Student', userName: 'student', UserSessionID: 'sid-1', email: null, photoURL: null, CourseID: null, TaskID: null, activeTestDetails: null };

describe('checkToken (expiry compared in seconds)', () => {
  it('reports no token when none is stored', () => {
    expect(checkToken(null, NOW_MS)).toBe('none');
  });
  it('treats an empty or unreadable token as invalid', () => {
    expect(checkToken('', NOW_MS)).toBe('expired');
    expect(checkToken('not-a-jwt', NOW_MS)).toBe('expired');
    expect(checkToken(tokenWith({ sub: '1' }), NOW_MS)).toBe('expired');
  });
  it('accepts a token until its exp second and rejects it after', () => {
    expect(checkToken(tokenWith({ exp: nowS + 60 }), NOW_MS)).toBe('valid');
    expect(checkToken(tokenWith({ exp: nowS }), NOW_MS)).toBe('valid');
    expect(checkToken(tokenWith({ exp: nowS - 1 }), NOW_MS)).toBe('expired');
  });
});

describe('restoreSession', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => sessionStore.set(null));

  it('signs in automatically with a valid stored token and its user', () => {
    localStorage.setItem(STORAGE_KEYS.token, tokenWith({ exp: nowS + 3600 }));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(restoreSession(NOW_MS)).toBe('restored');
    expect(sessionStore.get()?.displayName).toBe('Priya Raman');
  });

  it('clears everything but the language when the token has expired', () => {
    localStorage.setItem(STORAGE_KEYS.token, tokenWith({ exp: nowS - 10 }));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.language, 'tn');
    expect(restoreSession(NOW_MS)).toBe('expired');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.jwtToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('tn');
    expect(sessionStore.get()).toBeNull();
  });

  it('fails a token sign-in when no user was kept with it', () => {
    localStorage.setItem(STORAGE_KEYS.token, tokenWith({ exp: nowS + 3600 }));
    expect(restoreSession(NOW_MS)).toBe('failed');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reports no token when nothing is stored', () => {
    expect(restoreSession(NOW_MS)).toBe('none');
  });
});

describe('endSession', () => {
  afterEach(() => vi.unstubAllGlobals());
  // endSession runs once per page; each test gets a fresh module, as a reloaded page would.
  const loadEndSession = async () => {
    vi.resetModules();
    const sessionModule = await import('./session');
    const storeModule = await import('../../lib/session-store');
    return { endSession: sessionModule.endSession, takeReason: sessionModule.takeLogoutReason, store: storeModule.sessionStore };
  };

  it('posts the UserSessionID, clears storage, keeps the reason and goes to the root', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'ok', body: null }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { endSession, takeReason, store } = await loadEndSession();
    localStorage.setItem(STORAGE_KEYS.token, tokenWith({ exp: nowS + 3600 }));
    store.set({ ...user, role: 'Student' });
    const navigate = vi.fn();

    await endSession('expired', navigate);
    await endSession('again', navigate);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/v1/logout');
    expect(JSON.parse(init.body as string)).toEqual({ UserSessionID: 'sid-1' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(store.get()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeReason()).toBe('expired');
    expect(takeReason()).toBeNull();
  });

  it('still signs the browser out when the logout call fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { endSession, store } = await loadEndSession();
    localStorage.setItem(STORAGE_KEYS.token, tokenWith({ exp: nowS + 3600 }));
    store.set({ ...user, role: 'Student' });
    const navigate = vi.fn();
    await endSession(undefined, navigate);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
