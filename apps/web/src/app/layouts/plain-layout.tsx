import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { LanguageSwitch } from '../../components/language-switch';
import { paths } from '../../config/paths';
import { useSessionUser } from '../../hooks/use-session-user';
import { PageLoader } from './page-loader';

/** Signed-in pages without the shell (registration). */
export function PlainLayout() {
  const user = useSessionUser();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1 }}>
        <LanguageSwitch color="primary" />
      </Box>
      <Box sx={{ maxWidth: 960, mx: 'auto', p: 2 }}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
    </Box>
  );
}
