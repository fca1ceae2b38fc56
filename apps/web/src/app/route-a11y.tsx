import { useEffect } from 'react';
import { useTranslation } from '../lib/translation';
import { useLocation } from 'react-router';
import { pageTitleKey } from './page-titles';
import { focusArrivedPage } from './route-focus';

/**
 * Each screen's document title in the interface language, and, after every navigation, focus on
 * the new page's main heading (WCAG 2.4.2 and 2.4.3): a screen reader announces where
 * the student now is, and the next Tab starts from the top of the new content. While a modal
 * dialog is open (the player's first dialog) the heading waits for it to close.
 */
export function RouteA11y() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    const key = pageTitleKey(pathname);
    document.title = key ? `${t(`pageTitles.${key}`)} · ${t('appName')}` : t('appName');
  }, [pathname, t, i18n.language]);

  useEffect(focusArrivedPage, [pathname]);

  return null;
}
