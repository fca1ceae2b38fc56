import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { BookmarkCreateDialog } from './bookmark-create-dialog';

type Reply = { status: number; status_: boolean; message: string; body: unknown };

/** The real client against a stubbed fetch answering in the server's envelope. */
function stubServer(createReply: Reply) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = url.includes('createBookmark')
        ? createReply
        : { status: 200, status_: true, message: 'Success', body: [] };
      return new Response(JSON.stringify({ status: reply.status_, message: reply.message, body: reply.body }), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

function renderDialog(props: { archive?: boolean; labelId?: number } = {}) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <BookmarkCreateDialog isOpen onClose={onClose} {...props} />
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

async function fillAndCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('textbox', { name: /Link/ }));
  await user.paste('https://ncert.nic.in');
  const create = screen.getByRole('button', { name: 'Create' });
  await waitFor(() => expect(create).toBeEnabled());
  await user.click(create);
}

afterEach(() => vi.unstubAllGlobals());

describe('BookmarkCreateDialog', { timeout: 30_000 }, () => {
  it('on success closes and shows the returned message; sends archive and the description as the link', async () => {
    const bookmark = {
      id: 5,
      title: '',
      description: 'https://ncert.nic.in',
      archive: true,
      image: null,
      link: 'https://ncert.nic.in',
      time: '2026-11-22T04:00:00.000Z',
      labels: [],
    };
    const requests = stubServer({ status: 200, status_: true, message: 'Bookmark created', body: bookmark });
    const { user, onClose } = renderDialog({ archive: true });
    await fillAndCreate(user);
    expect(await screen.findByText('Bookmark created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(requests.find((request) => request.url.includes('createBookmark'))?.body).toMatchObject({
      link: 'https://ncert.nic.in',
      description: 'https://ncert.nic.in',
      archive: true,
    });
  });

  it('on failure stays open and shows the returned message as an error toast', async () => {
    stubServer({
      status: 413,
      status_: false,
      message: 'The image is too large (at most 5 MB).',
      body: { code: 'WORKSPACE_IMAGE_TOO_LARGE' },
    });
    const { user, onClose } = renderDialog();
    await fillAndCreate(user);
    expect(await screen.findByText('The image is too large (at most 5 MB).')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
