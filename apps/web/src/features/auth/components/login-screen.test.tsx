import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { LoginScreen } from './login-screen';

afterEach(() => vi.unstubAllGlobals());

const BANNER = /demo accounts with the published password Demo@1234 are active/;

describe('the sign-in page’s demo banner', () => {
  it('warns when demo accounts with the published password can sign in', async () => {
    const api = stubApi((call) => (call.path === '/common/v1/signInNotice' ? { body: { demoAccounts: true } } : undefined));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent(BANNER);
    expect(api.to('GET', '/common/v1/signInNotice')).toHaveLength(1);
  });

  it('says nothing on an installation without them', async () => {
    const api = stubApi((call) => (call.path === '/common/v1/signInNotice' ? { body: { demoAccounts: false } } : undefined));
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.to('GET', '/common/v1/signInNotice')).toHaveLength(1));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});
