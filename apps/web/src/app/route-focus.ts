import { useEffect, useRef } from 'react';

/*
 * Focus after a navigation (WCAG 2.4.3): RouteA11y (route-a11y.tsx) calls focusArrivedPage on each
 * new path; a page with several views on one path calls useViewFocus. Kept apart from the titles so
 * that the pages that use it do not import the table of page titles, which lists the pages.
 */

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
 * Puts focus on the page that has just arrived (its `[data-route-focus]` element or its main
 * heading) once it is there, unless the user or the page has put focus somewhere meanwhile.
 * Answers the effect's clean-up.
 */
export function focusArrivedPage(): () => void {
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
    // Focus the user has moved meanwhile, or an autofocused field, stays where it is.
    const hasFocusMoved = Boolean(active) && active !== document.body && active !== activeAtStart && active?.isConnected;
    if (hasFocusMoved || isFocusPlacedByPage() || target.contains(active)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, FOCUS_POLL_MS);
  return () => window.clearInterval(timer);
}

/**
 * For a page that shows one of several views on one path (`?question=new`, `?test=12`): when the
 * view changes (a new question opened, a question created, a test created), focus goes to the new
 * view's heading as it does after a navigation, instead of falling to the page's body.
 */
export function useViewFocus(view: string): void {
  const isFirst = useRef(true);
  useEffect(() => {
    // The path's arrival is RouteA11y's.
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    return focusArrivedPage();
  }, [view]);
}
