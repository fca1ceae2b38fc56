import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { flushVisits, readVisits, VISITED_URLS_KEY } from './use-visited-urls';

describe('flushVisits', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the recorded visits with the session id and clears what was sent', async () => {
    const visits = [
      { url: 'http://localhost/academy/courses', time: 1_700_000_000 },
      { url: 'http://localhost/notes', time: 1_700_000_030 },
    ];
    storage.setJson(VISITED_URLS_KEY, visits);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'ok', body: { saved: 2 } })));
    vi.stubGlobal('fetch', fetchMock);

    expect(await flushVisits('sid-9')).toBe(2);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/task/v1/saveURL');
    expect(JSON.parse(init.body as string)).toEqual({ data: visits, UserSessionID: 'sid-9' });
    expect(readVisits()).toEqual([]);
  });

  it('keeps the list when the server does not take it', async () => {
    storage.setJson(VISITED_URLS_KEY, [{ url: 'http://localhost/report', time: 1 }]);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: false, message: 'no', body: null }), { status: 500 })));
    await expect(flushVisits('sid-9')).rejects.toThrow();
    expect(readVisits()).toHaveLength(1);
  });

  it('sends nothing when nothing was visited', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await flushVisits('sid-9')).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
