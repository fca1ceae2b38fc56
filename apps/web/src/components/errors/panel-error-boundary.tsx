import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from '../../lib/translation';
import { isChunkLoadError } from '../../lib/stale-chunk';

function PanelFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const isStale = isChunkLoadError(error);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={isStale ? () => window.location.reload() : onRetry}>
          {t(isStale ? 'reload' : 'tryAgain')}
        </Button>
      }
    >
      {t(isStale ? 'updateText' : 'errorPanelText')}
    </Alert>
  );
}

/** Keeps one failed panel (a chart, a side list) inside its own box: the rest of the page stays. */
export function PanelErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: unknown[] }) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      fallbackRender={({ error, resetErrorBoundary }) => <PanelFallback error={error} onRetry={resetErrorBoundary} />}
    >
      {children}
    </ErrorBoundary>
  );
}
