import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveWarning } from './use-leave-warning';

/** Fires a cancelable beforeunload as the browser does and tells whether the page asked to stay. */
function isLeaveHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveWarning', () => {
  it('asks before the page unloads only while there is unsaved work, and stops after a save or unmount', () => {
    const { rerender, unmount } = renderHook(({ isDirty }) => useLeaveWarning(isDirty), { initialProps: { isDirty: false } });
    expect(isLeaveHeld()).toBe(false);

    rerender({ isDirty: true });
    expect(isLeaveHeld()).toBe(true);

    rerender({ isDirty: false });
    expect(isLeaveHeld()).toBe(false);

    rerender({ isDirty: true });
    unmount();
    expect(isLeaveHeld()).toBe(false);
  });
});
