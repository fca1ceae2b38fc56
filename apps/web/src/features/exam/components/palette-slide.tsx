import GlobalStyles from '@mui/material/GlobalStyles';
import { cloneElement, useLayoutEffect, useRef, type ReactElement, type Ref } from 'react';

/**
 * The palette drawer's transition (the Drawer's `transition` slot, in place of MUI's Slide).
 *
 * Opening slides the panel in with a CSS animation; choosing a question closes it at once. MUI's
 * Slide measures the panel (getBoundingClientRect) when it starts to leave, which forces a layout
 * in the middle of the click that moves to the chosen question, and then paints the panel's exit
 * frames while the new question is drawn. The modal still hears of each change through the
 * transition callbacks it relies on (`onEnter` when opening, `onExited` once closed).
 */
export function PaletteSlide({
  in: isIn = false,
  children,
  onEnter,
  onExited,
  ref,
  // What the Drawer passes for MUI's Slide is not used here.
  appear: _appear,
  direction: _direction,
  timeout: _timeout,
  container: _container,
  easing: _easing,
  ...forwarded
}: {
  in?: boolean;
  children: ReactElement<{ className?: string; ref?: Ref<HTMLElement> }>;
  onEnter?: (node: HTMLElement, isAppearing: boolean) => void;
  onExited?: (node: HTMLElement) => void;
  ref?: Ref<HTMLElement>;
  /** The rest goes to the panel: the modal's focus trap listens there (onFocus). */
  [other: string]: unknown;
}) {
  const nodeRef = useRef<HTMLElement | null>(null);
  const wasIn = useRef(false);
  // The modal passes new callbacks on every render; only a change of `in` may start or cancel the
  // pending close.
  const callbacks = useRef({ onEnter, onExited });
  useLayoutEffect(() => {
    callbacks.current = { onEnter, onExited };
  });
  useLayoutEffect(() => {
    const node = nodeRef.current;
    if (!node || isIn === wasIn.current) return;
    wasIn.current = isIn;
    if (isIn) {
      callbacks.current.onEnter?.(node, false);
      return;
    }
    // The panel is off screen in this very frame (its class); the modal's own closing (hiding its
    // root, giving the page back its scrolling) follows once that frame is painted.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => callbacks.current.onExited?.(node));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [isIn]);

  const setRef = (node: HTMLElement | null) => {
    nodeRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) (ref as { current: HTMLElement | null }).current = node;
  };
  const className = [children.props.className, isIn ? 'exam-palette-slide is-in' : 'exam-palette-slide'].filter(Boolean).join(' ');
  return (
    <>
      {SLIDE_STYLES}
      {cloneElement(children, { ...forwarded, className, ref: setRef })}
    </>
  );
}

const SLIDE_STYLES = (
  <GlobalStyles
    styles={(theme) => ({
      '@keyframes exam-palette-slide-in': { from: { transform: 'translateX(100%)' }, to: { transform: 'none' } },
      '.exam-palette-slide': { transform: 'translateX(100%)' },
      '.exam-palette-slide.is-in': {
        transform: 'none',
        animation: `exam-palette-slide-in ${theme.transitions.duration.enteringScreen}ms ${theme.transitions.easing.easeOut}`,
      },
      '@media (prefers-reduced-motion: reduce)': { '.exam-palette-slide.is-in': { animation: 'none' } },
    })}
  />
);
