import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionGate } from '../features/auth/components/session-gate';
import { PageLoader } from './layouts/page-loader';
import { lazyNamed } from './lazy';
import { RouteA11y } from './route-a11y';
import { AppRoutes } from './router';
import { theme } from './theme';

// The toaster loads in its own chunk next to the first page, not before it (lib/toast.ts).
const Toaster = lazyNamed(() => import('../components/toaster'), 'Toaster');

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <BrowserRouter>
        <RouteA11y />
        <SessionGate>
          <Suspense fallback={<PageLoader />}>
            <AppRoutes />
          </Suspense>
        </SessionGate>
      </BrowserRouter>
    </ThemeProvider>
  );
}
