import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForStaleChunk, STALE_CHUNK_GUARD_MS } from './stale-chunk';

function fakeWindow(pathname: string, { isStorageBroken = false } = {}) {
  const store = new Map<string, string>();
  const refuse = () => {
    throw new Error('SecurityError');
  };
  return {
    location: { pathname, reload: vi.fn() },
    sessionStorage: {
      getItem: isStorageBroken ? refuse : (key: string) => store.get(key) ?? null,
      setItem: isStorageBroken ? refuse : (key: string, value: string) => void store.set(key, value),
    },
  } as unknown as Window & { location: { reload: ReturnType<typeof vi.fn> } };
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/notes-screen-abc.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/x.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadForStaleChunk', () => {
  it('reloads once, and not again within the guard time', () => {
    const win = fakeWindow('/notes');
    expect(reloadForStaleChunk(1_000, win)).toBe(true);
    expect(reloadForStaleChunk(1_000 + STALE_CHUNK_GUARD_MS - 1, win)).toBe(false);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(reloadForStaleChunk(1_000 + STALE_CHUNK_GUARD_MS, win)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads a running test', () => {
    const win = fakeWindow('/test/test/3/7');
    expect(reloadForStaleChunk(1_000, win)).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('does not reload without a working guard', () => {
    const win = fakeWindow('/notes', { isStorageBroken: true });
    expect(reloadForStaleChunk(1_000, win)).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
