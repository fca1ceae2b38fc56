import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitleKey } from './page-titles';

/** How long after a navigation the new page's heading is waited for (lazy code, data, an opening dialog). */
const FOCUS_WAIT_MS = 10_000;
const FOCUS_POLL_MS = 100;

/** Where focus goes on a new page: a page's own choice (the player's question), else its main heading. */
function focusTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-route-focus]') ?? document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

function isModalOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;
}

/** Focus the page put somewhere on purpose (an autofocused field), which navigation leaves alone. */
function isFocusPlacedByPage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]');
}

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

  useEffect(() => {
    const activeAtStart = document.activeElement;
    let waitedMs = 0;
    const timer = window.setInterval(() => {
      // Time spent behind a modal dialog does not count: the heading gets focus once it closes.
      if (isModalOpen()) return;
      waitedMs += FOCUS_POLL_MS;
      if (waitedMs > FOCUS_WAIT_MS) return window.clearInterval(timer);
      const target = focusTarget();
      if (!target) return;
      window.clearInterval(timer);
      const active = document.activeElement;
      // Focus the student has moved meanwhile, or an autofocused field, stays where it is.
      const hasFocusMoved = Boolean(active) && active !== document.body && active !== activeAtStart && active?.isConnected;
      if (hasFocusMoved || isFocusPlacedByPage() || target.contains(active)) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    }, FOCUS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pathname]);

  return null;
}
