import type { Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { amy, ayuLight, clouds, cobalt, coolGlow, dracula, solarizedLight, tomorrow } from 'thememirror';

export interface EditorTheme {
  id: string;
  label: string;
  isDark: boolean;
  extension: Extension;
}

/** The code themes (spec 001 §9: ten in this editor), light ones first; 'light' is CodeMirror's own. */
export const EDITOR_THEMES: readonly EditorTheme[] = [
  { id: 'light', label: 'Light', isDark: false, extension: [] },
  { id: 'ayu-light', label: 'Ayu Light', isDark: false, extension: ayuLight },
  { id: 'clouds', label: 'Clouds', isDark: false, extension: clouds },
  { id: 'tomorrow', label: 'Tomorrow', isDark: false, extension: tomorrow },
  { id: 'solarized-light', label: 'Solarized Light', isDark: false, extension: solarizedLight },
  { id: 'one-dark', label: 'One Dark', isDark: true, extension: oneDark },
  { id: 'dracula', label: 'Dracula', isDark: true, extension: dracula },
  { id: 'cobalt', label: 'Cobalt', isDark: true, extension: cobalt },
  { id: 'amy', label: 'Amy', isDark: true, extension: amy },
  { id: 'cool-glow', label: 'Cool Glow', isDark: true, extension: coolGlow },
];

export const DEFAULT_THEME_ID = 'light';

export function themeById(id: string | null | undefined): EditorTheme {
  return EDITOR_THEMES.find((theme) => theme.id === id) ?? EDITOR_THEMES[0]!;
}
