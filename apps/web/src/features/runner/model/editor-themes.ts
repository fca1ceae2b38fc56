import type { Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { amy, ayuLight, clouds, cobalt, coolGlow, dracula, solarizedLight, tomorrow } from 'thememirror';
import type { EditorVariant } from './editor-variant';

export type { EditorVariant } from './editor-variant';

export interface EditorTheme {
  id: string;
  label: string;
  isDark: boolean;
  extension: Extension;
}

/** The code themes (spec 001 §9: ten in one variant, nine in the other), light ones first; 'light' is CodeMirror's own. */
const ALL_THEMES: readonly EditorTheme[] = [
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

const THEMES_BY_VARIANT: Record<EditorVariant, readonly EditorTheme[]> = {
  enhanced: ALL_THEMES,
  standard: ALL_THEMES.filter((theme) => theme.id !== 'cool-glow'),
};

export const DEFAULT_THEME_ID = 'light';

export function themesFor(variant: EditorVariant): readonly EditorTheme[] {
  return THEMES_BY_VARIANT[variant];
}

/** The theme with this id in the variant's list, else the variant's first (light) theme. */
export function themeById(id: string | null | undefined, variant: EditorVariant = 'enhanced'): EditorTheme {
  const themes = themesFor(variant);
  return themes.find((theme) => theme.id === id) ?? themes[0]!;
}
