import { BUTTON_RADIUS } from '@app/contracts';
import { createTheme, type Theme } from '@mui/material/styles';

/**
 * One font stack for every theme: Inter for Latin, the self-hosted Noto Sans Tamil
 * (`config/tamil-font.css`) for Tamil, so that Tamil never falls back to a system font that may
 * lack it. A theme or component that sets a font of its own must use this stack.
 */
export const FONT_FAMILY = '"Inter", "Noto Sans Tamil", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Light main theme, dark navbar and footer (spec 000 §9). */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1e3a8a' },
    secondary: { main: '#0f766e' },
    // Darker than MUI's defaults so that text on white and white on the colour both reach 4.5:1
    // (WCAG 1.4.3): outlined Mark and Hint buttons, warning and info chips.
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    success: { main: '#2e7d32' },
    background: { default: '#f1f5f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: FONT_FAMILY },
  components: {
    // A disabled field's help still informs (the question editor of a used question): readable, 4.5:1.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: BUTTON_RADIUS.medium, textTransform: 'none' },
        sizeSmall: { borderRadius: BUTTON_RADIUS.small },
        sizeLarge: { borderRadius: BUTTON_RADIUS.large },
      },
    },
  },
});

export const navbarTheme = createTheme({
  palette: { mode: 'dark', primary: { main: '#93c5fd' }, background: { default: '#0f172a', paper: '#111827' } },
  typography: { fontFamily: FONT_FAMILY },
});

/** What MUI's own components say (an Autocomplete's Open, Close and Clear buttons), in the interface language. */
export interface ComponentTexts {
  open: string;
  close: string;
  clear: string;
  noOptions: string;
  loading: string;
}

/**
 * The main theme with MUI's built-in texts in the interface language: MUI ships no Tamil locale,
 * and without this every search field's buttons are named "Open" and "Clear" in Tamil too.
 */
export function themeWithTexts(base: Theme, texts: ComponentTexts): Theme {
  return createTheme(base, {
    components: {
      MuiAutocomplete: {
        defaultProps: { openText: texts.open, closeText: texts.close, clearText: texts.clear, noOptionsText: texts.noOptions, loadingText: texts.loading },
      },
    },
  });
}
