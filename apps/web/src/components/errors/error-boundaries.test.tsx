import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { importOrReload } from '../../lib/stale-chunk';
import { AppErrorBoundary } from './app-error-boundary';
import { PanelErrorBoundary } from './panel-error-boundary';
import { RouteErrorBoundary } from './route-error-boundary';

const failure = { shouldThrow: true };
function Fragile({ label }: { label: string }) {
  if (failure.shouldThrow) throw new Error('render failed');
  return <p>{label}</p>;
}

// React reports every caught render error on the console; the tests expect them.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());
afterEach(async () => {
  failure.shouldThrow = true;
  await i18n.changeLanguage('en');
});

describe('RouteErrorBoundary', () => {
  it('shows a recoverable message whose "Try again" renders the page again', async () => {
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Fragile label="Page content" />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');

    failure.shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Tamil when Tamil is chosen', async () => {
    await i18n.changeLanguage('tn');
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Fragile label="Page content" />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('ஏதோ தவறு நடந்துவிட்டது');
    expect(screen.getByRole('button', { name: 'மீண்டும் முயல்க' })).toBeInTheDocument();
  });
});

describe('nested boundaries', () => {
  it('keeps the rest of the page when one panel fails', () => {
    render(
      <AppErrorBoundary>
        <h1>Report</h1>
        <PanelErrorBoundary>
          <Fragile label="Chart" />
        </PanelErrorBoundary>
        <p>Table of marks</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Report' })).toBeInTheDocument();
    expect(screen.getByText('Table of marks')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the page could not be shown.');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('catches at the app level what no inner boundary caught, with a full-load home link', () => {
    render(
      <AppErrorBoundary>
        <Fragile label="Anything" />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});

describe('a stale chunk after a deploy', () => {
  const loadMissingChunk = () =>
    Promise.reject<{ default: ComponentType }>(
      new TypeError('Failed to fetch dynamically imported module: /assets/notes-screen-1a2b.js'),
    );

  it('reloads the page once and keeps the loading state up meanwhile', async () => {
    const reload = vi.fn(() => true);
    const Page = lazy(() => importOrReload(loadMissingChunk, reload));
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<p>Loading page</p>}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the update message with a Reload button when the reload was already tried', async () => {
    const reload = vi.fn(() => false);
    const Page = lazy(() => importOrReload(loadMissingChunk, reload));
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Suspense fallback={<p>Loading page</p>}>
            <Page />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for other import errors', async () => {
    const reload = vi.fn(() => true);
    await expect(importOrReload(() => Promise.reject(new SyntaxError('Unexpected token')), reload)).rejects.toThrow(
      'Unexpected token',
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
