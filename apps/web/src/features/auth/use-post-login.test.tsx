import type { LoginResult, Role } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sessionStore } from '../../lib/session-store';
import { storage } from '../../lib/storage';
import { usePostLogin } from './use-post-login';

function loginAs(role: Role): LoginResult {
  return {
    token: 'token-1',
    ClientID: 'neetprep',
    userName: role.toLowerCase(),
    userTypeName: role,
    UserSessionID: 'session-1',
    email: null,
    displayName: role,
    photoURL: null,
    activeTestDetails: null,
    CourseID: null,
    TaskID: null,
    mustChangePassword: false,
  } as LoginResult;
}

function SignIn({ result }: { result: LoginResult }) {
  const postLogin = usePostLogin();
  return (
    <button type="button" onClick={() => void postLogin(result)}>
      sign in
    </button>
  );
}

function Where() {
  const { pathname } = useLocation();
  return <p>at {pathname}</p>;
}

/** The sign-in page opened by the signed-out redirect, carrying the deep link the visitor asked for. */
async function signInFrom(from: string, role: Role): Promise<string> {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SignIn result={loginAs(role)} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/login', state: { from } }] },
  );
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'sign in' }));
  await screen.findByText(/^at /);
  const landed = router.state.location.pathname;
  view.unmount();
  return landed;
}

afterEach(() => {
  storage.clearSession();
  sessionStore.set(null);
  vi.unstubAllGlobals();
});

describe('where a sign-in lands after a deep link (spec 000 §4)', () => {
  it('sends an Institution that opened a student page to /reports, not to /error', async () => {
    expect(await signInFrom('/academy/courses', 'Institution')).toBe('/reports');
  });

  it('honours a deep link the role may open', async () => {
    expect(await signInFrom('/reports/subject-dashboard/3/7', 'Institution')).toBe('/reports/subject-dashboard/3/7');
    expect(await signInFrom('/academy/courses/topic/4', 'Student')).toBe('/academy/courses/topic/4');
  });

  it('sends a Parent that opened a staff page to its own home', async () => {
    expect(await signInFrom('/roleconfig', 'Parent')).toBe('/parent/home');
  });
});
