import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { tags } from '@lezer/highlight';
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

/**
 * The light theme's code colours: CodeMirror's default highlight style with the three colours
 * that fell under 4.5:1 on the editor's (active line) background made darker (WCAG 1.4.3).
 */
const accessibleLightHighlight = HighlightStyle.define([
  { tag: tags.meta, color: '#404740' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: '#708' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#219' },
  { tag: [tags.literal, tags.inserted], color: '#164' },
  { tag: [tags.string, tags.deleted], color: '#a11' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#a52a00' },
  { tag: tags.definition(tags.variableName), color: '#00f' },
  { tag: tags.local(tags.variableName), color: '#30a' },
  { tag: [tags.typeName, tags.namespace], color: '#00663f' },
  { tag: tags.className, color: '#167' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#256' },
  { tag: tags.definition(tags.propertyName), color: '#00c' },
  { tag: tags.comment, color: '#940' },
  { tag: tags.invalid, color: '#c00' },
]);

/** The code themes (spec 001 §9: ten in one variant, nine in the other), light ones first; 'light' is CodeMirror's own. */
const ALL_THEMES: readonly EditorTheme[] = [
  { id: 'light', label: 'Light', isDark: false, extension: syntaxHighlighting(accessibleLightHighlight) },
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
