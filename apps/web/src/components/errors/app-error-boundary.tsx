import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from '../../lib/translation';
import { paths } from '../../config/paths';
import { ErrorFallback } from './error-fallback';

function HomeButton() {
  const { t } = useTranslation('common', { useSuspense: false });
  // A full load: whatever broke the app (the router included) starts afresh.
  return (
    <Button variant="outlined" href={paths.root.getHref()}>
      {t('goHome')}
    </Button>
  );
}

/** The last line: an error no inner boundary caught shows a recoverable page, never a blank one. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ErrorFallback error={error} onRetry={resetErrorBoundary} homeButton={<HomeButton />} isFullPage />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
