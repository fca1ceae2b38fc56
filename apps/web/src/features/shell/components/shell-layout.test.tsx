import { createTheme } from '@mui/material/styles';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { sessionStore } from '../../../lib/session-store';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubApi } from '../../../test/stub-api';
import { ShellLayout } from './shell-layout';

const PHONE_WIDTH = 390;

/** A window as wide as a phone: min-width and max-width queries are answered against it. */
function stubPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || PHONE_WIDTH >= Number(min[1])) && (!max || PHONE_WIDTH <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() };
  });
}

describe('ShellLayout on a phone', () => {
  beforeEach(() => {
    stubPhoneWidth();
    stubApi(() => undefined);
    sessionStore.set({ displayName: 'Meena', role: 'Teacher', userName: 'meena', UserSessionID: 's-1', email: null, photoURL: null, CourseID: null, TaskID: null, activeTestDetails: null });
  });
  afterEach(async () => {
    sessionStore.set(null);
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Open navigation', 'Navigation menu'],
    ['tn', 'வழிசெலுத்தலைத் திற', 'வழிசெலுத்தல் மெனு'],
  ])('the sliding menu (%s) is a named dialog holding the main navigation', { timeout: 20_000 }, async (language, openLabel, menuName) => {
    await i18n.changeLanguage(language);
    renderWithProviders(
      <ShellLayout darkTheme={createTheme({ palette: { mode: 'dark' } })}>
        <p>page</p>
      </ShellLayout>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: openLabel }));
    const menu = await screen.findByRole('dialog', { name: menuName });
    expect(within(menu).getByRole('navigation')).toBeInTheDocument();
  });
});
