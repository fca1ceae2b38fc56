import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyBookmarkForm, formToBookmarkBody } from '../model/bookmark-form';
import { BookmarkForm } from './bookmark-form';

const labels = [
  { id: 1, name: 'Physics', handle: 'physics' },
  { id: 2, name: 'Chemistry', handle: 'chemistry' },
];

function setup(onSubmit = vi.fn()) {
  render(
    <BookmarkForm
      defaultValues={emptyBookmarkForm()}
      labels={labels}
      submitText="Create"
      isSubmitting={false}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return {
    user: userEvent.setup(),
    onSubmit,
    create: () => screen.getByRole('button', { name: 'Create' }),
    link: () => screen.getByRole('textbox', { name: /Link/ }),
  };
}

// MUI in jsdom is slow on a shared machine; the default 5 s is too tight for typing tests.
describe('BookmarkForm', { timeout: 30_000 }, () => {
  it('keeps Create disabled while the form is unchanged', () => {
    const { create } = setup();
    expect(create()).toBeDisabled();
  });

  it('shows "Enter a valid url" for an invalid link and keeps Create disabled', async () => {
    const { user, create, link } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'NCERT');
    await user.type(link(), 'not a link');
    expect(await screen.findByText('Enter a valid url')).toBeInTheDocument();
    expect(create()).toBeDisabled();
  });

  it.each(['mailto:someone@example.com', 'javascript:alert(1)', 'https://'])('refuses %s', async (value) => {
    const { user, create, link } = setup();
    await user.type(link(), value);
    expect(await screen.findByText('Enter a valid url')).toBeInTheDocument();
    expect(create()).toBeDisabled();
  });

  it.each(['https://ncert.nic.in/textbook.php', 'http://example.com', 'ftp://files.example.org/pyq.pdf'])(
    'accepts %s and enables Create',
    async (value) => {
      const { user, create, link } = setup();
      await user.type(link(), value);
      await waitFor(() => expect(create()).toBeEnabled());
      expect(screen.queryByText('Enter a valid url')).not.toBeInTheDocument();
    },
  );

  it('fixes an invalid link into a valid one and submits it', async () => {
    const { user, create, link, onSubmit } = setup();
    await user.type(link(), 'ncert');
    expect(await screen.findByText('Enter a valid url')).toBeInTheDocument();
    await user.clear(link());
    await user.type(link(), 'https://ncert.nic.in');
    await waitFor(() => expect(create()).toBeEnabled());
    await user.click(create());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      link: 'https://ncert.nic.in',
      title: '',
      image: null,
      labels: [],
    });
  });
});

describe('BookmarkForm after a single change', { timeout: 30_000 }, () => {
  it('enables Create after one paste of a valid link', async () => {
    const { user, create, link } = setup();
    await user.click(link());
    await user.paste('https://ncert.nic.in');
    await waitFor(() => expect(create()).toBeEnabled());
  });
});

describe('formToBookmarkBody', () => {
  it('sets the description to the link and carries archive and labels', () => {
    expect(
      formToBookmarkBody({ title: ' NCERT ', link: ' https://ncert.nic.in ', image: null, labels: [2] }, true),
    ).toEqual({
      title: 'NCERT',
      description: 'https://ncert.nic.in',
      link: 'https://ncert.nic.in',
      image: null,
      labels: [2],
      archive: true,
    });
  });
});
