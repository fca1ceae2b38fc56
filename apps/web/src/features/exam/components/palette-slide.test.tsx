import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaletteSlide } from './palette-slide';

describe('PaletteSlide', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  type Handlers = { onEnter: () => void; onExited: () => void; onFocus?: () => void };

  function slide(isIn: boolean, handlers: Handlers) {
    return (
      <PaletteSlide in={isIn} direction="left" timeout={{ enter: 225, exit: 0 }} appear {...handlers}>
        <div data-testid="panel" className="panel" />
      </PaletteSlide>
    );
  }

  /** Mounts the slide closed, then shows it with each of `states` in turn (same handlers). */
  function mountThrough(states: boolean[]) {
    const handlers = { onEnter: vi.fn(), onExited: vi.fn() };
    const { rerender } = render(slide(false, handlers));
    for (const isIn of states) rerender(slide(isIn, handlers));
    return { ...handlers, rerender, panel: () => screen.getByTestId('panel') };
  }

  it('tells the modal when it opens, at once, and slides the panel in', () => {
    const closed = mountThrough([]);
    expect(closed.onEnter).not.toHaveBeenCalled();
    expect(closed.panel().className).toBe('panel exam-palette-slide');

    closed.rerender(slide(true, { onEnter: closed.onEnter, onExited: closed.onExited }));
    expect(closed.onEnter).toHaveBeenCalledTimes(1);
    expect(closed.onEnter.mock.calls[0]![0]).toBe(closed.panel());
    expect(closed.panel().className).toBe('panel exam-palette-slide is-in');
    expect(closed.onExited).not.toHaveBeenCalled();
  });

  it('moves the panel off screen at once and tells the modal it closed after the next frame', () => {
    const { onExited, panel } = mountThrough([true, false]);
    expect(panel().className).toBe('panel exam-palette-slide');
    expect(onExited).not.toHaveBeenCalled();

    act(() => void vi.advanceTimersToNextFrame());
    expect(onExited).not.toHaveBeenCalled();
    act(() => void vi.runOnlyPendingTimers());
    expect(onExited).toHaveBeenCalledTimes(1);
    expect(onExited.mock.calls[0]![0]).toBe(panel());
  });

  it('reports the close even when the modal re-renders with new callbacks before the frame', () => {
    const { onExited, rerender } = mountThrough([true, false]);
    const laterExited = vi.fn();
    rerender(slide(false, { onEnter: vi.fn(), onExited: laterExited }));
    act(() => void vi.runAllTimers());
    expect(onExited).not.toHaveBeenCalled();
    expect(laterExited).toHaveBeenCalledTimes(1);
  });

  it('does not report a close that a reopening overtook', () => {
    const { onEnter, onExited } = mountThrough([true, false, true]);
    act(() => void vi.runAllTimers());
    expect(onExited).not.toHaveBeenCalled();
    expect(onEnter).toHaveBeenCalledTimes(2);
  });

  it('passes the focus trap’s handler on to the panel and not the Slide-only props', () => {
    const onFocus = vi.fn();
    render(slide(true, { onEnter: vi.fn(), onExited: vi.fn(), onFocus }));
    const panel = screen.getByTestId('panel');
    act(() => panel.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(onFocus).toHaveBeenCalled();
    expect(panel.getAttribute('direction')).toBeNull();
    expect(panel.getAttribute('timeout')).toBeNull();
  });
});
