import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPanel } from './search-panel';

const results = [
  { type: 'note', id: 3, title: 'Optics formulas', snippet: 'lens maker', archived: false, route: '/notes/3' },
];

/** The real client against a stubbed fetch: the server answers in its envelope. */
function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
    const body = q.toLowerCase().includes('optics') ? results : [];
    return new Response(JSON.stringify({ status: true, message: 'Success', body }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(onOpen = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SearchPanel onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { onOpen, user: userEvent.setup(), input: () => screen.getByRole('textbox') };
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchPanel', { timeout: 30_000 }, () => {
  it('asks the server and lists matches; choosing one opens it', async () => {
    const fetchMock = stubServer();
    const { user, input, onOpen } = renderPanel();
    await user.type(input(), 'OPTICS');
    const item = await screen.findByText('Optics formulas');
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('/search/v1/query?q=OPTICS');
    await user.click(item);
    expect(onOpen).toHaveBeenCalledWith(results[0]);
  });

  it('shows "No results.." when nothing matches, and nothing before typing', async () => {
    stubServer();
    const { user, input } = renderPanel();
    expect(screen.queryByText('No results..')).not.toBeInTheDocument();
    await user.type(input(), 'zoology');
    expect(await screen.findByText('No results..')).toBeInTheDocument();
  });
});
