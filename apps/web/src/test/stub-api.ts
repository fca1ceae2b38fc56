import { vi } from 'vitest';

/** One call the screen made: method, path under /api (as the contract spells it), query and JSON body. */
export interface StubbedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** What the stub answers: a status (200 by default), the envelope's message and body. */
export interface StubbedAnswer {
  status?: number;
  message?: string;
  body?: unknown;
}

/**
 * The real API client against a stubbed fetch: `answer` gets each call and returns the server's
 * reply, wrapped in the spec's envelope (status false from 400 up). Calls nobody answers get 404.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(answer: (call: StubbedCall) => StubbedAnswer | undefined) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: StubbedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^.*?\/api(?=\/)/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const reply = answer(call) ?? { status: 404, message: 'Not found', body: { code: 'NOT_FOUND' } };
    const status = reply.status ?? 200;
    const ok = status < 400;
    return new Response(JSON.stringify({ status: ok, message: reply.message ?? (ok ? 'Success' : 'Error'), body: reply.body ?? null }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one path (case as the contract spells it). */
    to: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
