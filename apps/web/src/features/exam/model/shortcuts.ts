/** The player's shortcut keys: Alt+Shift and a letter, by key position, so a keyboard layout or Option's special characters do not change them. */
export type PlayerShortcut = 'next' | 'previous' | 'mark' | 'clear' | 'palette';

export const SHORTCUT_CODES: Record<PlayerShortcut, string> = {
  next: 'KeyN',
  previous: 'KeyP',
  mark: 'KeyM',
  clear: 'KeyC',
  palette: 'KeyQ',
};

/** The aria-keyshortcuts value of a shortcut ("Alt+Shift+N"). */
export function shortcutLabel(shortcut: PlayerShortcut): string {
  return `Alt+Shift+${SHORTCUT_CODES[shortcut].slice(3)}`;
}

/** Which shortcut a key press is, if any. */
export function shortcutOf(event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code' | 'repeat'>): PlayerShortcut | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.repeat) return null;
  const found = (Object.entries(SHORTCUT_CODES) as Array<[PlayerShortcut, string]>).find(([, code]) => code === event.code);
  return found ? found[0] : null;
}
