import CssBaseline from '@mui/material/CssBaseline';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { createBrowserRouter, RouterProvider, useRouteError } from 'react-router';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { SessionGate } from '../features/auth/components/session-gate';
import { PageLoader } from './layouts/page-loader';
import { lazyNamed } from '../lib/lazy-named';
import { RouteA11y } from './route-a11y';
import { AppRoutes } from './router';
import { LocalisedThemeProvider } from './localised-theme';

// The toaster loads in its own chunk next to the first page, not before it (lib/toast.ts).
const Toaster = lazyNamed(() => import('../components/toaster'), 'Toaster');

/** A render error goes on to AppErrorBoundary, not to the data router's own bare error page. */
function RethrowRouteError(): never {
  throw useRouteError();
}

// A data router, for the leave guard's useBlocker; its one splat route renders the app's route
// tree (descendant <Routes>) as it is. Created once, with the module.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <>
        <RouteA11y />
        <SessionGate>
          <Suspense fallback={<PageLoader />}>
            <AppRoutes />
          </Suspense>
        </SessionGate>
      </>
    ),
    errorElement: <RethrowRouteError />,
  },
]);

export function App() {
  return (
    <LocalisedThemeProvider>
      <CssBaseline />
      {/* Toasts are an extra: if their chunk fails, the app goes on without them. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ErrorBoundary>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </LocalisedThemeProvider>
  );
}
