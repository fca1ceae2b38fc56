import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const NEXT: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A toolbar as one Tab stop (WAI-ARIA's toolbar pattern): Tab reaches the last used button, arrow
 * keys move between the buttons (wrapping), Home and End go to the first and the last. Put `ref`,
 * `onKeyDown` and `onFocus` on the element with `role="toolbar"`.
 */
export function useRovingToolbar<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const current = useRef(0);

  const buttons = useCallback(() => [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter((button) => !button.disabled), []);
  const sync = useCallback(() => {
    const list = buttons();
    current.current = Math.max(0, Math.min(current.current, list.length - 1));
    list.forEach((button, index) => (button.tabIndex = index === current.current ? 0 : -1));
  }, [buttons]);

  // After every render: a button enabled or disabled since keeps one stop in the toolbar.
  useLayoutEffect(sync);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const list = buttons();
    const at = list.findIndex((button) => button === event.target);
    if (at < 0 || list.length === 0) return;
    let to: number;
    if (event.key in NEXT) to = (at + NEXT[event.key]! + list.length) % list.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = list.length - 1;
    else return;
    event.preventDefault();
    current.current = to;
    sync();
    list[to]!.focus();
  };

  const onFocus = (event: FocusEvent<T>) => {
    const at = buttons().findIndex((button) => button === (event.target as EventTarget));
    if (at < 0 || at === current.current) return;
    current.current = at;
    sync();
  };

  return { ref, onKeyDown, onFocus };
}
