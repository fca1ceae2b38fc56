import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from '../../lib/translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ErrorFallback } from './error-fallback';

function HomeButton() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Button variant="outlined" component={RouterLink} to={paths.root.getHref()}>
      {t('goHome')}
    </Button>
  );
}

/**
 * One page's boundary (the router's error element): a page that fails to render shows the error
 * inside the layout, which keeps its menus; moving to another address clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ErrorFallback error={error} onRetry={resetErrorBoundary} homeButton={<HomeButton />} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
