import { describe, expect, it, vi } from 'vitest';
import { isReloadExempt, reloadOnce } from './reload-guard';

function fakeWindow(pathname: string) {
  const store = new Map<string, string>();
  return {
    location: { pathname, reload: vi.fn() },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
  } as unknown as Window & { location: { reload: ReturnType<typeof vi.fn> } };
}

describe('reloadOnce', () => {
  it('reloads once, then not again until the 5 s guard has passed', () => {
    const win = fakeWindow('/academy/courses');
    expect(reloadOnce(10_000, win)).toBe(true);
    expect(reloadOnce(14_999, win)).toBe(false);
    expect(reloadOnce(15_000, win)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });
  it('never reloads test pages', () => {
    expect(isReloadExempt('/test/test/3/7')).toBe(true);
    expect(isReloadExempt('/academy/courses/task/3/7')).toBe(true);
    const win = fakeWindow('/test/test/3/7');
    expect(reloadOnce(10_000, win)).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
