import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation';
import { theme, themeWithTexts } from './theme';

/** The app's theme, with MUI's own button names (Open, Clear, …) in the interface language. */
export function LocalisedThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // `t` changes with the language, so the texts do too.
  const localTheme = useMemo(
    () => themeWithTexts(theme, { open: t('pickerOpen'), close: t('pickerClose'), clear: t('pickerClear'), noOptions: t('pickerNoOptions'), loading: t('loading') }),
    [t],
  );
  return <ThemeProvider theme={localTheme}>{children}</ThemeProvider>;
}
