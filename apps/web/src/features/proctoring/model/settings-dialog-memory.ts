/**
 * The Change System Settings dialog opens once per attempt: remembered in localStorage
 * by attempt id, so a reload, a new tab or a new sign-in on this device does not bring it back.
 * Only the latest attempts are kept, so the list cannot grow without bound.
 */
const KEY = 'systemSettingsShownAttempts';
const MAX_REMEMBERED = 20;

function read(store: Storage): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function wasSettingsDialogShown(attemptId: string, store: Storage = localStorage): boolean {
  return read(store).includes(attemptId);
}

export function rememberSettingsDialogShown(attemptId: string, store: Storage = localStorage): void {
  const ids = read(store).filter((id) => id !== attemptId);
  ids.push(attemptId);
  try {
    store.setItem(KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the dialog may show again, nothing else depends on it.
  }
}
