import TableContainer from '@mui/material/TableContainer';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table's box that scrolls sideways when the table is wider than the screen (a phone, 400 %
 * zoom). While it does, it is one Tab stop, named, so the keyboard can scroll it too (WCAG 2.1.1,
 * axe `scrollable-region-focusable`); while everything fits it is no stop at all.
 */
export function ScrollContainer({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [isScrollable, setIsScrollable] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setIsScrollable(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <TableContainer
      ref={box}
      {...(isScrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' } }}
    >
      {children}
    </TableContainer>
  );
}
