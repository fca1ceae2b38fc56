import { STORAGE_KEYS } from '@app/contracts';

/** Browser storage, under the spec's keys (spec 000 §9). */
export const storage = {
  getToken: () => localStorage.getItem(STORAGE_KEYS.token),
  setToken(token: string) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.jwtToken, token);
  },
  getClientId: () => localStorage.getItem(STORAGE_KEYS.clientId),
  setClientId: (id: string) => localStorage.setItem(STORAGE_KEYS.clientId, id),
  getLanguage: () => localStorage.getItem(STORAGE_KEYS.language),
  setLanguage: (language: string) => localStorage.setItem(STORAGE_KEYS.language, language),
  getJson<T>(key: string): T | null {
    try {
      const text = localStorage.getItem(key);
      return text ? (JSON.parse(text) as T) : null;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown) {
    localStorage.setItem(key, JSON.stringify(value));
  },
  /** Logout clears browser storage but keeps the chosen language. */
  clearSession() {
    const language = localStorage.getItem(STORAGE_KEYS.language);
    localStorage.clear();
    sessionStorage.clear();
    if (language) localStorage.setItem(STORAGE_KEYS.language, language);
  },
};
